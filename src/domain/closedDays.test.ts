import { closedDaysTable, closedThrough, closes, lessonClosedOn, weeklyDates, type CalendarClosedDay } from '@family-portal/contract';
import { describe, expect, it } from 'vitest';
import { closedDay as schoolClosed } from '../../tests/support/closedDays';

/** Named as the office would, so that the tests read the names. */
const closedDay = (firstDay: string, lastDay: string, scope: Partial<CalendarClosedDay> = {}) =>
  schoolClosed(`${firstDay}-${lastDay}`, firstDay, lastDay, { name: 'Weihnachtsferien', ...scope });
const THURSDAY = 3;
const musicOnThursdays = { lessonId: 'L1', roomHourId: 'RH1', weekday: THURSDAY, firstDay: '2026-10-01', lastDay: '2026-12-31' };

describe('weeklyDates', () => {
  it("lists every Thursday of the quarter, each with the closed day that takes it", () => {
    const christmas = closedDay('2026-12-21', '2027-01-03');
    const dates = weeklyDates(musicOnThursdays, [christmas, closedDay('2026-11-12', '2026-11-12', { name: 'Pädagogischer Tag' })]);
    expect(dates).toHaveLength(14);
    expect(dates[0]).toEqual({ date: '2026-10-01', closedBy: null });
    expect(dates.filter((date) => date.closedBy !== null).map(({ date, closedBy }) => [date, closedBy?.name])).toEqual([
      ['2026-11-12', 'Pädagogischer Tag'],
      ['2026-12-24', 'Weihnachtsferien'],
      ['2026-12-31', 'Weihnachtsferien'],
    ]);
    expect(dates.filter((date) => date.closedBy === null)).toHaveLength(11);
  });

  it('starts on the first such weekday on or after the first day, and has none outside the days given', () => {
    expect(weeklyDates({ ...musicOnThursdays, firstDay: '2026-10-02' }, [])[0]?.date).toBe('2026-10-08');
    expect(weeklyDates({ ...musicOnThursdays, firstDay: '2026-10-02', lastDay: '2026-10-07' }, [])).toEqual([]);
    expect(weeklyDates({ ...musicOnThursdays, weekday: 7 }, [])).toEqual([]);
  });
});

describe('closes', () => {
  const thursday = '2026-11-12';
  it('closes every lesson, or only the lesson, or only the room hour the row names', () => {
    expect(closes(closedDay(thursday, thursday), thursday, { lessonId: 'L1', roomHourId: 'RH1' })).toBe(true);
    expect(closes(closedDay(thursday, thursday, { lessonId: 'L1' }), thursday, { lessonId: 'L1', roomHourId: 'RH1' })).toBe(true);
    expect(closes(closedDay(thursday, thursday, { lessonId: 'L2' }), thursday, { lessonId: 'L1', roomHourId: 'RH1' })).toBe(false);
    expect(closes(closedDay(thursday, thursday, { lessonId: 'L1', roomHourId: 'RH2' }), thursday, { lessonId: 'L1', roomHourId: 'RH1' })).toBe(false);
    expect(closes(closedDay(thursday, thursday, { roomHourId: 'RH1' }), thursday, { lessonId: 'L1', roomHourId: 'RH1' })).toBe(true);
  });

  it('takes its first and its last day, and no day around them', () => {
    const autumn = closedDay('2026-10-12', '2026-10-23');
    for (const [day, closed] of [['2026-10-11', false], ['2026-10-12', true], ['2026-10-23', true], ['2026-10-24', false]] as const) {
      expect(closes(autumn, day, { lessonId: 'L1', roomHourId: 'RH1' }), day).toBe(closed);
    }
  });
});

describe('closedThrough', () => {
  const christmas = closedDay('2026-12-21', '2027-01-03');
  const music = closedDay('2026-12-18', '2026-12-20', { lessonId: 'L1', name: 'Konzertreise' });
  it('gives the closed days when every day of the range is closed for every lesson, else null', () => {
    expect(closedThrough([christmas], '2026-12-24', '2026-12-24', ['L1'])).toEqual([christmas]);
    expect(closedThrough([christmas, music], '2026-12-18', '2026-12-22', ['L1'])).toEqual([music, christmas]);
    expect(closedThrough([christmas, music], '2026-12-18', '2026-12-22', ['L1', 'L2'])).toBeNull();
    expect(closedThrough([christmas], '2026-12-20', '2026-12-22', ['L1'])).toBeNull();
    expect(closedThrough([], '2026-12-24', '2026-12-24', ['L1'])).toBeNull();
  });

  it('leaves a lesson open when only one of its room hours is closed', () => {
    expect(lessonClosedOn([closedDay('2026-12-18', '2026-12-18', { lessonId: 'L1', roomHourId: 'RH1' })], '2026-12-18', 'L1')).toBeNull();
  });
});

describe('the Closed Days table', () => {
  const row = { firstDay: '2026-12-21', lastDay: '2027-01-03', name: 'Weihnachtsferien', lessonId: null, roomHourId: null };
  it('refuses a row that ends before it starts, or lasts longer than a school closes', () => {
    expect(closedDaysTable.check?.(row)).toBeNull();
    expect(closedDaysTable.check?.({ ...row, lastDay: null })).toBeNull();
    expect(closedDaysTable.check?.({ ...row, lastDay: '2026-12-20' })).toBe('the closed days end before they start');
    expect(closedDaysTable.check?.({ ...row, lastDay: '2027-12-20' })).toMatch(/last more than 120 days/);
  });
});
