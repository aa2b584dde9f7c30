import { describe, expect, it } from 'vitest';
import { formatAdminDateTime, syncDuration } from './syncDuration';

describe('sync duration', () => {
  it('is seconds under a minute, minutes and seconds above, and N/A when missing', () => {
    expect(syncDuration(3_449)).toEqual({ unit: 'seconds', seconds: 3.4 });
    expect(syncDuration(59_940)).toEqual({ unit: 'seconds', seconds: 59.9 });
    expect(syncDuration(59_960)).toEqual({ unit: 'minutes', minutes: 1, seconds: 0 });
    expect(syncDuration(125_400)).toEqual({ unit: 'minutes', minutes: 2, seconds: 5 });
    expect(syncDuration(null)).toBeNull();
    expect(syncDuration(undefined)).toBeNull();
    expect(syncDuration(-5)).toBeNull();
  });

  it("shows admin times in the UI language's locale, Berlin time", () => {
    expect(formatAdminDateTime('2026-11-21T15:05:09.000Z', 'de-DE', 'Europe/Berlin')).toBe('21.11.2026, 16:05:09');
    expect(formatAdminDateTime('2026-07-01T00:00:00.000Z', 'de-DE', 'Europe/Berlin')).toBe('01.07.2026, 02:00:00');
    expect(formatAdminDateTime('2026-11-16T06:36:00.000Z', 'en-GB', 'Europe/Berlin')).toBe('16 Nov 2026, 07:36:00');
    expect(formatAdminDateTime('2026-11-16T06:36:00.000Z', 'ru-RU', 'Europe/Berlin')).toBe('16 нояб. 2026 г., 07:36:00');
  });
});
