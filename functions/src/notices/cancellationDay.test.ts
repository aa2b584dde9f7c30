import { describe, expect, it } from 'vitest';
import { cancellationDay, isCalendarDay, weekdayWord } from './cancellationDay';

const current = { id: 'Q4', name: '2026 Q4', status: 'active', firstDay: '2026-10-01', lastDay: '2026-12-31' };
const next = { id: 'Q1', name: '2027 Q1', status: 'planned', firstDay: '2027-01-01', lastDay: '2027-03-31' };
const roomHours = [
  { id: 'RH1', dayOfWeek: 'Mo.', hourRefLabel: '3 15:00-16:00' },
  { id: 'RH2', dayOfWeek: 'Mi.', hourRefLabel: '4 16:00-17:00' },
];
const check = (date: string, today = '2026-11-28', hours = roomHours) => cancellationDay({ date, today, quarters: [current, next], roomHours: hours });

describe('cancellationDay', () => {
  it('accepts a Monday of the current quarter and names the quarter and the room hour', () => {
    expect(check('2026-11-30')).toEqual({ quarter: current, roomHours: [roomHours[0]] });
  });

  it('accepts a Wednesday of the next quarter', () => {
    expect(check('2027-01-06')).toEqual({ quarter: next, roomHours: [roomHours[1]] });
  });

  it('refuses a weekday the lesson (or the room hour given) does not have', () => {
    expect(check('2026-12-01')).toEqual({ problem: 'not-a-lesson-day' });
    expect(check('2026-12-02', '2026-11-28', [roomHours[0]!])).toEqual({ problem: 'not-a-lesson-day' });
  });

  it('refuses a date outside both quarters', () => {
    expect(check('2026-09-28')).toEqual({ problem: 'outside-quarters' });
    expect(check('2027-04-05')).toEqual({ problem: 'outside-quarters' });
  });

  it('refuses a date more than the window away from today', () => {
    expect(check('2027-03-29', '2026-09-01')).toEqual({ problem: 'outside-window' });
    expect(check('2026-10-05', '2027-04-30')).toEqual({ problem: 'outside-window' });
  });

  it('refuses a day that does not exist', () => {
    expect(check('2026-02-30')).toEqual({ problem: 'not-a-day' });
  });
});

describe('calendar days', () => {
  it('knows real days and their weekday words', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2027-02-29')).toBe(false);
    expect(weekdayWord('2026-11-28')).toBe('Sa.');
    expect(weekdayWord('2026-11-30')).toBe('Mo.');
  });
});
