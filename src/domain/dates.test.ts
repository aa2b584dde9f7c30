import { describe, expect, it } from 'vitest';
import { calendarDay, formatDay, formatWeekday, todayIso } from './dates';
import { formatAdminDateTime } from './syncDuration';

const BERLIN = 'Europe/Berlin';

describe("instants shown on the school's clock", () => {
  it.each([
    ['00:30 on 1 March in Berlin', '2026-02-28T23:30:00.000Z', '2026-03-01'],
    ['00:30 on 1 June (summer time)', '2026-05-31T22:30:00.000Z', '2026-06-01'],
    ['23:59 on 28 February', '2026-02-28T22:59:00.000Z', '2026-02-28'],
    ['29 March, just after the clocks went forward', '2026-03-29T01:00:00.000Z', '2026-03-29'],
    ['25 October, in the repeated hour', '2026-10-25T01:30:00.000Z', '2026-10-25'],
    ['25 October, 00:30 Berlin (still the 24th in UTC)', '2026-10-24T22:30:00.000Z', '2026-10-25'],
  ])('%s: %s falls on %s', (_what, instant, day) => {
    expect(calendarDay(instant, BERLIN)).toBe(day);
  });

  it('shows a request made at 00:30 on 1 March in Berlin as 1 March, in every UI language', () => {
    expect(formatDay('2026-02-28T23:30:00.000Z', 'en-GB', 'long', BERLIN)).toBe('1 March 2026');
    expect(formatDay('2026-02-28T23:30:00.000Z', 'de-DE', 'short', BERLIN)).toBe('01.03.2026');
    expect(formatDay('2026-02-28T23:30:00.000Z', 'ru-RU', 'long', BERLIN)).toBe('1 марта 2026 г.');
  });

  it('never moves a plain calendar day, whatever the zone', () => {
    for (const zone of ['Europe/Berlin', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      expect(calendarDay('2026-03-01', zone)).toBe('2026-03-01');
      expect(formatDay('2026-03-01', 'de-DE', 'short', zone)).toBe('01.03.2026');
    }
  });

  it('takes the zone as a parameter', () => {
    expect(calendarDay('2026-02-28T23:30:00.000Z', 'Europe/London')).toBe('2026-02-28');
    expect(formatDay('2026-02-28T23:30:00.000Z', 'en-GB', 'long', 'Europe/London')).toBe('28 February 2026');
  });

  it("counts today on the school's clock", () => {
    expect(todayIso(new Date('2026-02-28T23:30:00Z'), BERLIN)).toBe('2026-03-01');
    expect(todayIso(new Date('2026-02-28T23:30:00Z'), 'UTC')).toBe('2026-02-28');
  });

  it("names a plain day with its weekday in the reader's language, never moved by a zone", () => {
    expect(formatWeekday('2026-12-07', 'en-GB')).toBe('Mon, 7 Dec 2026');
    expect(formatWeekday('2026-12-07', 'de-DE')).toBe('Mo., 7. Dez. 2026');
    expect(formatWeekday('2026-12-07', 'ru-RU')).toBe('пн, 7 дек. 2026 г.');
  });

  it('shows admin times on the school clock on both daylight saving days of 2026', () => {
    expect(formatAdminDateTime('2026-02-28T23:30:00.000Z', 'de-DE', BERLIN)).toBe('01.03.2026, 00:30:00');
    expect(formatAdminDateTime('2026-03-29T00:59:59.000Z', 'de-DE', BERLIN)).toBe('29.03.2026, 01:59:59');
    expect(formatAdminDateTime('2026-03-29T01:00:00.000Z', 'de-DE', BERLIN)).toBe('29.03.2026, 03:00:00');
    expect(formatAdminDateTime('2026-10-25T00:30:00.000Z', 'de-DE', BERLIN)).toBe('25.10.2026, 02:30:00');
    expect(formatAdminDateTime('2026-10-25T01:30:00.000Z', 'de-DE', BERLIN)).toBe('25.10.2026, 02:30:00');
    expect(formatAdminDateTime('2026-10-25T02:00:00.000Z', 'de-DE', BERLIN)).toBe('25.10.2026, 03:00:00');
    expect(formatAdminDateTime('2026-10-25T02:00:00.000Z', 'de-DE', 'UTC')).toBe('25.10.2026, 02:00:00');
  });
});
