import { describe, expect, it } from 'vitest';
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
    expect(formatInstant(late, 'de', 'Europe/Berlin')).toBe('01.03.2026, 00:30');
    // (ICU versions differ in the space before AM and in Russian abbreviations.)
    expect(formatInstant(late, 'en', 'Europe/Berlin')).toMatch(/^Mar 1, 2026, 12:30\sAM$/);
    expect(formatInstant(late, 'ru', 'Europe/Berlin')).toMatch(/^1 мар\S* 2026 г\., 00:30$/);
    // Summer time: 29 March 2026, 03:00 CEST is 01:00 UTC.
    expect(formatInstant('2026-03-29T01:00:00.000Z', 'de', 'Europe/Berlin')).toBe('29.03.2026, 03:00');
  });
});
