import { describe, expect, it } from 'vitest';
import { formatDay } from './dates';
import { formatInstant, isStale } from './freshness';

describe('freshness of the figures', () => {
  const sync = '2026-11-21T02:00:00.000Z';

  it('is stale only more than 26 hours after the last successful sync began', () => {
    expect(isStale(sync, new Date('2026-11-22T04:00:00.000Z'))).toBe(false);
    expect(isStale(sync, new Date('2026-11-22T04:00:01.000Z'))).toBe(true);
    expect(isStale(sync, new Date('2026-11-21T02:30:00.000Z'))).toBe(false);
  });

  it("shows the instant on the school's clock in the reader's language, whatever the device's zone", () => {
    // 00:30 on 1 March in Berlin is still 28 February in UTC.
    const late = '2026-02-28T23:30:00.000Z';
    expect(formatInstant(late, 'en-GB', 'Europe/Berlin')).toBe('01/03/2026, 00:30');
    expect(formatInstant(late, 'de-DE', 'Europe/Berlin')).toBe('01.03.2026, 00:30');
    expect(formatInstant(late, 'ru-RU', 'Europe/Berlin')).toBe('01.03.2026, 00:30');
    // Summer time: 29 March 2026, 03:00 CEST is 01:00 UTC.
    expect(formatInstant('2026-03-29T01:00:00.000Z', 'de-DE', 'Europe/Berlin')).toBe('29.03.2026, 03:00');
    // An afternoon on a 24-hour clock in English too, not "2:04 PM".
    expect(formatInstant('2026-11-24T13:04:00.000Z', 'en-GB', 'Europe/Berlin')).toBe('24/11/2026, 14:04');
  });

  it('writes the day as every other date of the language is written', () => {
    const instant = '2026-11-24T09:04:00.000Z';
    for (const locale of ['en-GB', 'de-DE', 'ru-RU']) {
      expect(formatInstant(instant, locale, 'Europe/Berlin')).toBe(`${formatDay(instant, locale, 'short', 'Europe/Berlin')}, 10:04`);
    }
  });
});
