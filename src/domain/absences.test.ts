import { describe, expect, it } from 'vitest';
import { absenceDatesProblem, absenceLessons, absenceWithdrawable, addDays, currentAbsences, daysBetween, withAbsence, withoutAbsence, type FamilyAbsence } from './absences';

const absence = (id: string, from: string, to = from): FamilyAbsence => ({
  id, memberId: 'M1', childId: 'C1', lessonIds: ['L1'], from, to, reason: '', reportedAt: '2026-11-28T08:00:00.000Z', reportedBy: 'anna@example.com',
});

describe('absence dates', () => {
  const today = '2026-11-28';

  it('takes one day, or a range from today on of at most 31 days, up to 180 days ahead', () => {
    expect(absenceDatesProblem('2026-11-28', '', today)).toBeNull();
    expect(absenceDatesProblem('2026-12-01', '2026-12-31', today)).toBeNull();
    expect(absenceDatesProblem('', '', today)).toBe('missing');
    expect(absenceDatesProblem('2026-11-27', '', today)).toBe('inThePast');
    expect(absenceDatesProblem('2026-12-02', '2026-12-01', today)).toBe('toBeforeFrom');
    expect(absenceDatesProblem('2026-12-01', '2027-01-01', today)).toBe('tooLong');
    expect(absenceDatesProblem('2027-05-28', '', today)).toBe('tooFarAhead');
    expect(absenceDatesProblem('2027-05-27', '', today)).toBeNull();
  });

  it('counts calendar days across a change of clocks', () => {
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2);
  });

  it('may be withdrawn until its first day begins', () => {
    expect(absenceWithdrawable(absence('A1', '2026-11-29'), today)).toBe(true);
    expect(absenceWithdrawable(absence('A1', '2026-11-28'), today)).toBe(false);
  });
});

describe('the family list', () => {
  it('keeps reports by first day, replaces one by id, drops a withdrawn one, and leaves out those that are over', () => {
    const list = withAbsence([absence('A1', '2026-12-01'), absence('A3', '2026-12-20')], absence('A2', '2026-12-10'));
    expect(list.map((a) => a.id)).toEqual(['A1', 'A2', 'A3']);
    expect(withAbsence(list, absence('A2', '2026-12-11')).map((a) => a.id)).toEqual(['A1', 'A2', 'A3']);
    expect(withoutAbsence(list, 'A2').map((a) => a.id)).toEqual(['A1', 'A3']);
    expect(currentAbsences([absence('old', '2026-11-01', '2026-11-27'), absence('now', '2026-11-27', '2026-11-28')], '2026-11-28').map((a) => a.id)).toEqual(['now']);
  });
});

describe('absenceLessons', () => {
  it("offers the child's lessons of quarters that have not ended, each once, by name", () => {
    const quarters = [{ id: 'Q3', lastDay: '2026-09-30' }, { id: 'Q4', lastDay: '2026-12-31' }, { id: 'Q1', lastDay: '2027-03-31' }];
    const lessons = [{ id: 'L1', name: 'Schach' }, { id: 'L2', name: 'Mathe' }, { id: 'L3', name: 'Kunst' }];
    const plans = [
      { childId: 'C1', lessonId: 'L1', quarterId: 'Q4' },
      { childId: 'C1', lessonId: 'L1', quarterId: 'Q1' },
      { childId: 'C1', lessonId: 'L2', quarterId: 'Q1' },
      { childId: 'C1', lessonId: 'L3', quarterId: 'Q3' },
      { childId: 'C2', lessonId: 'L3', quarterId: 'Q4' },
      { childId: 'C1', lessonId: 'gone', quarterId: 'Q4' },
    ];
    expect(absenceLessons('C1', plans, quarters, lessons, '2026-11-28')).toEqual([{ id: 'L2', name: 'Mathe' }, { id: 'L1', name: 'Schach' }]);
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
  });
});
