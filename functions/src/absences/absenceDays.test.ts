import { ABSENCE_REPORT_AHEAD_DAYS, MAX_ABSENCE_DAYS } from '@family-portal/contract';
import { describe, expect, it } from 'vitest';
import { absenceRangeProblem, absencesByDay, addDays, monthsBefore, type LessonSpan, type StoredAbsence } from './absenceDays';

const TODAY = '2026-11-28';

describe('absenceRangeProblem', () => {
  it('allows a day or a range from today on, within the days a parent may report ahead', () => {
    expect(absenceRangeProblem({ from: TODAY, to: TODAY }, TODAY)).toBeNull();
    expect(absenceRangeProblem({ from: '2026-11-30', to: addDays('2026-11-30', MAX_ABSENCE_DAYS - 1) }, TODAY)).toBeNull();
    expect(absenceRangeProblem({ from: addDays(TODAY, ABSENCE_REPORT_AHEAD_DAYS), to: addDays(TODAY, ABSENCE_REPORT_AHEAD_DAYS) }, TODAY)).toBeNull();
  });

  it('refuses a past start, a range that ends before it starts, one too long, one too far ahead, and days that do not exist', () => {
    expect(absenceRangeProblem({ from: '2026-11-27', to: TODAY }, TODAY)).toMatch(/from today on/);
    expect(absenceRangeProblem({ from: '2026-12-02', to: '2026-12-01' }, TODAY)).toMatch(/before the first day/);
    expect(absenceRangeProblem({ from: '2026-11-30', to: addDays('2026-11-30', MAX_ABSENCE_DAYS) }, TODAY)).toMatch(/at most 31 days/);
    expect(absenceRangeProblem({ from: addDays(TODAY, ABSENCE_REPORT_AHEAD_DAYS + 1), to: addDays(TODAY, ABSENCE_REPORT_AHEAD_DAYS + 1) }, TODAY)).toMatch(/180 days ahead/);
    expect(absenceRangeProblem({ from: '2026-02-30', to: '2026-13-01' }, TODAY)).toMatch(/real days/);
  });
});

describe('monthsBefore', () => {
  it('goes back calendar months, the 31st to a shorter month its last day', () => {
    expect(monthsBefore('2026-11-28', 12)).toBe('2025-11-28');
    expect(monthsBefore('2027-03-31', 1)).toBe('2027-02-28');
    expect(monthsBefore('2028-02-29', 12)).toBe('2027-02-28');
    expect(monthsBefore('2027-01-15', 12)).toBe('2026-01-15');
  });
});

describe('absencesByDay', () => {
  const names = {
    children: new Map([['C1', 'Mia'], ['C2', 'Anton'], ['C3', 'Zoe']]),
    families: new Map([['M1', 'Klein'], ['M2', 'Groß']]),
    lessons: new Map([['L1', 'Piano'], ['L2', 'Chess']]),
  };
  // Mia has Piano on Mondays and Thursdays this quarter; Anton Chess on Tuesdays; Zoe's plan is gone.
  const spans: LessonSpan[] = [
    { childId: 'C1', lessonId: 'L1', firstDay: '2026-10-01', lastDay: '2026-12-31', dayOfWeek: 'Mo.' },
    { childId: 'C1', lessonId: 'L1', firstDay: '2026-10-01', lastDay: '2026-12-31', dayOfWeek: 'Do.' },
    { childId: 'C2', lessonId: 'L2', firstDay: '2026-10-01', lastDay: '2026-12-31', dayOfWeek: 'Di.' },
  ];
  const absences: StoredAbsence[] = [
    { id: 'A1', memberId: 'M1', childId: 'C1', lessonIds: ['L1'], from: '2026-11-30', to: '2026-12-04', reason: 'Grippe' },
    { id: 'A2', memberId: 'M2', childId: 'C2', lessonIds: ['L2'], from: '2026-12-01', to: '2026-12-01', reason: '' },
    { id: 'A3', memberId: 'M2', childId: 'C3', lessonIds: ['L1'], from: '2026-12-03', to: '2026-12-03', reason: 'Arzt' },
  ];

  it("lists each lesson on the days the child's plans hold it, and a lesson without a known plan on every day of the report", () => {
    const list = absencesByDay(absences, spans, names, '2026-11-30', 5);
    expect(list.from).toBe('2026-11-30');
    const summary = list.days.map((day) => [day.date, day.lessons.map((lesson) => `${lesson.lessonName}: ${lesson.children.map((child) => child.childName).join(', ')}`)]);
    expect(summary).toEqual([
      ['2026-11-30', ['Piano: Mia']],
      ['2026-12-01', ['Chess: Anton']],
      ['2026-12-02', []],
      ['2026-12-03', ['Piano: Mia, Zoe']],
      ['2026-12-04', []],
    ]);
    expect(list.days[0]!.lessons[0]!.children[0]).toEqual({ absenceId: 'A1', childId: 'C1', childName: 'Mia', familyName: 'Klein', reason: 'Grippe' });
  });

  it('leaves out a lesson on a day the school is closed for it, and only that lesson', () => {
    const closed = [
      { firstDay: '2026-11-30', lastDay: '2026-11-30', lessonId: null, roomHourId: null },
      { firstDay: '2026-12-03', lastDay: '2026-12-03', lessonId: 'L1', roomHourId: null },
      // One room hour only: the lesson may still be held at another time that day.
      { firstDay: '2026-12-01', lastDay: '2026-12-01', lessonId: 'L2', roomHourId: 'RH9' },
    ];
    const summary = absencesByDay(absences, spans, names, '2026-11-30', 5, closed).days.map((day) => [day.date, day.lessons.map((lesson) => lesson.lessonName)]);
    expect(summary).toEqual([
      ['2026-11-30', []],
      ['2026-12-01', ['Chess']],
      ['2026-12-02', []],
      ['2026-12-03', []],
      ['2026-12-04', []],
    ]);
  });

  it('leaves out absences outside the window and orders lessons by name', () => {
    const list = absencesByDay(absences, [], names, '2026-12-01', 1);
    expect(list.days).toEqual([{ date: '2026-12-01', lessons: [expect.objectContaining({ lessonName: 'Chess' }), expect.objectContaining({ lessonName: 'Piano' })] }]);
    expect(absencesByDay(absences, spans, names, '2026-12-05', 3).days.every((day) => day.lessons.length === 0)).toBe(true);
  });
});
