import { describe, expect, it } from 'vitest';
import { addDays, cancellableRange, cancellationDateProblem, weekdayOf } from './lessonCancellation';

const quarters = [
  { name: '2026 Q3', status: 'closed', firstDay: '2026-07-01', lastDay: '2026-09-30' },
  { name: '2026 Q4', status: 'active', firstDay: '2026-10-01', lastDay: '2026-12-31' },
  { name: '2027 Q1', status: 'planned', firstDay: '2027-01-01', lastDay: '2027-03-31' },
  { name: '2027 Q2', status: 'planned', firstDay: '2027-04-01', lastDay: '2027-06-30' },
];
const today = '2026-11-28';
const options = { quarters, weekdays: ['Mo.', 'Mi.'], today, windowDays: 180 };

describe('the dates a lesson may be cancelled on', () => {
  it('names the weekday of a day as the office writes it', () => {
    expect(weekdayOf('2026-11-30')).toBe('Mo.');
    expect(weekdayOf('2026-11-29')).toBe('So.');
    expect(weekdayOf('2027-01-06')).toBe('Mi.');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('takes a weekday of the lesson in the current or the next quarter', () => {
    expect(cancellationDateProblem('2026-11-30', options)).toBeNull();
    expect(cancellationDateProblem('2027-03-31', options)).toBeNull();
    // Back, to correct a cancellation, within the current quarter.
    expect(cancellationDateProblem('2026-10-05', options)).toBeNull();
  });

  it('refuses another weekday, a day outside those quarters or the window, and a day that does not exist', () => {
    expect(cancellationDateProblem('2026-12-01', options)).toBe('weekday');
    expect(cancellationDateProblem('2026-09-28', options)).toBe('quarter');
    expect(cancellationDateProblem('2027-04-05', options)).toBe('quarter');
    expect(cancellationDateProblem('2027-05-31', { ...options, windowDays: 30 })).toBe('window');
    expect(cancellationDateProblem('2026-02-30', options)).toBe('format');
    expect(cancellationDateProblem('', options)).toBe('format');
  });

  it('offers the date input the days from the current quarter to the end of the next, within the window', () => {
    expect(cancellableRange(quarters, today, 180)).toEqual({ min: '2026-10-01', max: '2027-03-31' });
    expect(cancellableRange(quarters, today, 30)).toEqual({ min: '2026-10-29', max: '2026-12-28' });
    expect(cancellableRange([], today, 180)).toBeNull();
  });
});
