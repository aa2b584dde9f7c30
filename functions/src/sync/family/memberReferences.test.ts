import { describe, expect, it } from 'vitest';
import { referencesByMember, type CopiedDocument, type Timetable } from './memberReferences';

const byId = (...documents: CopiedDocument[]) => new Map(documents.map((document) => [document.id, document]));
const L1 = { id: 'L1', name: 'Chess', teacherId: 'T2', pricePerHour: 12 };
const L2 = { id: 'L2', name: 'Piano', teacherId: 'T1', pricePerHour: 20 };
const L3 = { id: 'L3', name: 'Art', teacherId: 'T2', pricePerHour: 10 };
const R1 = { id: 'R1', lessonId: 'L1', dayOfWeek: 'Mo.', hourRefLabel: '1 15:00', roomName: 'A' };
const R2 = { id: 'R2', lessonId: 'L1', dayOfWeek: 'Di.', hourRefLabel: '2 16:00', roomName: 'B' };
const R5 = { id: 'R5', lessonId: 'L3', dayOfWeek: 'Fr.', hourRefLabel: '3 17:00', roomName: null };
const T1 = { id: 'T1', name: 'Ms Ivanova' };
const T2 = { id: 'T2', name: 'Mr Weber' };
const timetable: Timetable = { lessons: byId(L1, L2, L3), roomHours: byId(R1, R2, R5), teachers: byId(T1, T2) };

describe('referencesByMember', () => {
  it("gives each family its plans' ids and copies of their lessons, room hours and the lessons' teachers, sorted and once each", () => {
    const references = referencesByMember(
      [
        { id: 'P3', memberId: 'M1', lessonId: 'L3', roomHourIds: ['R5', 'R1'] },
        { id: 'P1', memberId: 'M1', lessonId: 'L1', roomHourIds: ['R1'] },
        { id: 'P2', memberId: 'M2', lessonId: 'L2', roomHourIds: [] },
        { id: 'P4', memberId: 'M1', lessonId: 'L1', roomHourIds: ['R2'] },
      ],
      timetable,
    );
    expect(Object.fromEntries(references)).toEqual({
      M1: {
        planIds: ['P1', 'P3', 'P4'],
        lessonIds: ['L1', 'L3'],
        roomHourIds: ['R1', 'R2', 'R5'],
        teacherIds: ['T2'],
        lessons: [L1, L3],
        roomHours: [R1, R2, R5],
        teachers: [T2],
      },
      M2: { planIds: ['P2'], lessonIds: ['L2'], roomHourIds: [], teacherIds: ['T1'], lessons: [L2], roomHours: [], teachers: [T1] },
    });
  });

  it('lists the id of a missing lesson or room hour (a later delta that writes it finds the family) but copies nothing for it', () => {
    const references = referencesByMember(
      [
        { id: 'P1', memberId: 'M1', lessonId: null, roomHourIds: ['R1', 'R9'] },
        { id: 'P2', memberId: 'M1', lessonId: 'L9', roomHourIds: [] },
      ],
      timetable,
    );
    expect(references.get('M1')).toEqual({
      planIds: ['P1', 'P2'],
      lessonIds: ['L9'],
      roomHourIds: ['R1', 'R9'],
      teacherIds: [],
      lessons: [],
      roomHours: [R1],
      teachers: [],
    });
  });

  it('leaves out a teacher that a lesson names but the teachers collection lacks, keeping its id', () => {
    const references = referencesByMember([{ id: 'P1', memberId: 'M1', lessonId: 'L1', roomHourIds: [] }], { ...timetable, teachers: new Map() });
    expect(references.get('M1')).toMatchObject({ teacherIds: ['T2'], teachers: [] });
  });
});
