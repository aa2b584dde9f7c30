import { describe, expect, it } from 'vitest';
import * as dates from '../domain/dates';
import { formatAdminDateTime as formatAdminDateTimeIn } from '../domain/syncDuration';
import { appConfig } from './config';
import { formatAdminDateTime, formatDay, todayIso } from './schoolClock';

describe("the school's clock", () => {
  const zone = appConfig.schoolTimeZone;
  const instant = '2026-02-28T23:30:00.000Z';

  it('is the configured zone (Europe/Berlin unless VITE_SCHOOL_TIME_ZONE says otherwise)', () => {
    expect(zone).toBe(import.meta.env.VITE_SCHOOL_TIME_ZONE || 'Europe/Berlin');
  });

  it("applies the domain's date rules on that zone", () => {
    expect(formatDay(instant, 'de-DE')).toBe(dates.formatDay(instant, 'de-DE', 'short', zone));
    expect(formatDay(instant, 'en-GB', 'long')).toBe(dates.formatDay(instant, 'en-GB', 'long', zone));
    expect(todayIso(new Date(instant))).toBe(dates.todayIso(new Date(instant), zone));
    expect(formatAdminDateTime(instant, 'en-GB')).toBe(formatAdminDateTimeIn(instant, 'en-GB', zone));
  });
});
