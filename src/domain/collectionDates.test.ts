import {
  addDays,
  collectionDateProblem,
  earliestCollectionDate,
  easterSunday,
  isTarget2BusinessDay,
  nextBusinessDay,
  previousBusinessDay,
  target2Holidays,
} from '@family-portal/contract/collectionDates';
import { describe, expect, it } from 'vitest';

describe('the TARGET2 calendar', () => {
  it('finds Easter Sunday, including the earliest and latest it can fall on', () => {
    const known = { 2019: '2019-04-21', 2024: '2024-03-31', 2025: '2025-04-20', 2026: '2026-04-05', 2027: '2027-03-28', 2038: '2038-04-25', 2285: '2285-03-22' };
    for (const [year, day] of Object.entries(known)) expect(easterSunday(Number(year)), year).toBe(day);
  });

  it("closes on TARGET2's six holidays and at weekends, and opens on other holidays of Germany", () => {
    expect(target2Holidays(2027)).toEqual(['2027-01-01', '2027-03-26', '2027-03-29', '2027-05-01', '2027-12-25', '2027-12-26']);
    for (const day of ['2027-01-01', '2027-03-26', '2027-03-29', '2026-12-25', '2027-01-02', '2027-01-03']) expect(isTarget2BusinessDay(day), day).toBe(false);
    // Ascension Day, German Unity Day, Christmas Eve and New Year's Eve: banks settle SEPA then.
    for (const day of ['2027-05-06', '2026-10-05', '2026-12-24', '2026-12-31', '2027-01-04']) expect(isTarget2BusinessDay(day), day).toBe(true);
  });

  it('steps over weekends and holidays both ways', () => {
    expect(nextBusinessDay('2026-12-25')).toBe('2026-12-28');
    expect(nextBusinessDay('2026-12-28')).toBe('2026-12-28');
    expect(previousBusinessDay('2026-12-28')).toBe('2026-12-24');
    expect(previousBusinessDay('2027-03-30')).toBe('2027-03-25');
  });

  it('counts calendar days across month, year and leap-day ends', () => {
    expect(addDays('2026-12-20', 14)).toBe('2027-01-03');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-03-28', 1)).toBe('2027-03-29');
  });
});

describe('the collection date', () => {
  it('is at least the pre-notification period after today, on the first business day from then', () => {
    // 6 December 2026 + 14 days is Sunday 20 December: the first possible date is Monday the 21st.
    expect(earliestCollectionDate('2026-12-06', 14)).toBe('2026-12-21');
    // 12 December + 14 is Saturday the 26th, a holiday; Monday the 28th follows.
    expect(earliestCollectionDate('2026-12-12', 14)).toBe('2026-12-28');
    expect(earliestCollectionDate('2026-12-06', 5)).toBe('2026-12-11');
  });

  it('refuses a date too soon, a closing day and a non-date, each with the first possible date', () => {
    expect(collectionDateProblem('2026-12-18', '2026-12-06', 14)).toEqual({ kind: 'too-soon', earliest: '2026-12-21' });
    expect(collectionDateProblem('2027-01-01', '2026-12-06', 14)).toEqual({ kind: 'not-a-business-day', earliest: '2027-01-04' });
    expect(collectionDateProblem('2027-01-09', '2026-12-06', 14)).toEqual({ kind: 'not-a-business-day', earliest: '2027-01-11' });
    for (const day of ['2027-02-30', '15.01.2027', '', '2027-1-5']) expect(collectionDateProblem(day, '2026-12-06', 14), day).toEqual({ kind: 'not-a-day' });
  });

  it('takes the first possible date and any business day after it', () => {
    expect(collectionDateProblem('2026-12-21', '2026-12-06', 14)).toBeNull();
    expect(collectionDateProblem('2027-01-15', '2026-12-06', 14)).toBeNull();
  });
});
