import { describe, expect, it } from 'vitest';
import { referencesByMember } from './memberReferences';

describe('referencesByMember', () => {
  const teachers = new Map([
    ['L1', 'T2'],
    ['L2', 'T1'],
    ['L3', 'T2'],
  ]);

  it("lists each family's plans, their lessons, room hours and the lessons' teachers, sorted and once each", () => {
    const references = referencesByMember(
      [
        { id: 'P3', memberId: 'M1', lessonId: 'L3', roomHourIds: ['R5', 'R1'] },
        { id: 'P1', memberId: 'M1', lessonId: 'L1', roomHourIds: ['R1'] },
        { id: 'P2', memberId: 'M2', lessonId: 'L2', roomHourIds: [] },
        { id: 'P4', memberId: 'M1', lessonId: 'L1', roomHourIds: ['R2'] },
      ],
      teachers,
    );
    expect(Object.fromEntries(references)).toEqual({
      M1: { planIds: ['P1', 'P3', 'P4'], lessonIds: ['L1', 'L3'], roomHourIds: ['R1', 'R2', 'R5'], teacherIds: ['T2'] },
      M2: { planIds: ['P2'], lessonIds: ['L2'], roomHourIds: [], teacherIds: ['T1'] },
    });
  });

  it('leaves out a lesson a plan does not name and a teacher a lesson does not have', () => {
    const references = referencesByMember(
      [
        { id: 'P1', memberId: 'M1', lessonId: null, roomHourIds: ['R1'] },
        { id: 'P2', memberId: 'M1', lessonId: 'L9', roomHourIds: [] },
      ],
      teachers,
    );
    expect(references.get('M1')).toEqual({ planIds: ['P1', 'P2'], lessonIds: ['L9'], roomHourIds: ['R1'], teacherIds: [] });
  });
});
