import { describe, expect, it } from 'vitest';
import { assertTimeZone } from '../../lib/timeZone';
import { instantOfWallClock, instantsOfWallClock, offsetAt, wallClockOf, type WallClock } from './wallClock';
import { ianaTimeZone, windowsTimeZone } from './windowsZones';

const BERLIN = 'Europe/Berlin';
const wall = (text: string): WallClock => {
  const [year, month, day, hour, minute, second] = text.split(/[-T:]/).map(Number);
  return { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second! };
};
const iso = (instants: number[]) => instants.map((instant) => new Date(instant).toISOString());

describe('wall-clock time in a zone', () => {
  it.each([
    ['2026-02-28T23:30:00Z', wall('2026-03-01T00:30:00')],
    ['2026-03-29T00:59:59Z', wall('2026-03-29T01:59:59')],
    ['2026-03-29T01:00:00Z', wall('2026-03-29T03:00:00')],
    ['2026-10-25T00:30:00Z', wall('2026-10-25T02:30:00')],
    ['2026-10-25T01:30:00Z', wall('2026-10-25T02:30:00')],
    ['2026-10-25T02:00:00Z', wall('2026-10-25T03:00:00')],
  ])('%s shows %o in Berlin', (instant, expected) => {
    expect(wallClockOf(new Date(instant), BERLIN)).toEqual(expected);
  });

  it('knows the hour skipped on 29 March and the hour repeated on 25 October 2026', () => {
    expect(iso(instantsOfWallClock(wall('2026-03-29T02:30:00'), BERLIN))).toEqual([]);
    expect(iso(instantsOfWallClock(wall('2026-10-25T02:30:00'), BERLIN))).toEqual(['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z']);
    expect(iso(instantsOfWallClock(wall('2026-10-25T03:30:00'), BERLIN))).toEqual(['2026-10-25T02:30:00.000Z']);
  });

  it('turns every wall-clock time back into the instant it came from, except the repeated hour', () => {
    for (let instant = Date.parse('2026-03-28T00:00:00Z'); instant < Date.parse('2026-03-30T00:00:00Z'); instant += 15 * 60_000) {
      expect(instantOfWallClock(wallClockOf(new Date(instant), BERLIN), BERLIN).getTime()).toBe(instant);
    }
    // The second 02:30 on 25 October reads back as the first one.
    expect(instantOfWallClock(wallClockOf(new Date('2026-10-25T01:30:00Z'), BERLIN), BERLIN).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('measures offsets exactly inside an hour that changes them', () => {
    // Lord Howe Island moves its clock by 30 minutes at 02:00 local time.
    const zone = 'Australia/Lord_Howe';
    expect(offsetAt(Date.parse('2026-10-03T15:29:59Z'), zone)).toBe(10.5 * 3_600_000);
    expect(offsetAt(Date.parse('2026-10-03T15:30:00Z'), zone)).toBe(11 * 3_600_000);
  });
});

describe('time zone configuration', () => {
  it('accepts IANA zones and names an unknown one', () => {
    expect(assertTimeZone('Europe/Vienna')).toBe('Europe/Vienna');
    expect(() => assertTimeZone('Europe/Berlim')).toThrow('Unknown time zone "Europe/Berlim"');
  });

  it.each([
    ['Europe/Berlin', 'W. Europe Standard Time'],
    ['Europe/Vienna', 'W. Europe Standard Time'],
    ['Europe/Zurich', 'W. Europe Standard Time'],
    ['Europe/Amsterdam', 'W. Europe Standard Time'],
    ['Europe/Rome', 'W. Europe Standard Time'],
    ['Europe/Stockholm', 'W. Europe Standard Time'],
    ['Europe/Oslo', 'W. Europe Standard Time'],
    ['Europe/Paris', 'Romance Standard Time'],
    ['Europe/Brussels', 'Romance Standard Time'],
    ['Europe/Madrid', 'Romance Standard Time'],
    ['Europe/Copenhagen', 'Romance Standard Time'],
    ['Europe/Prague', 'Central Europe Standard Time'],
    ['Europe/Budapest', 'Central Europe Standard Time'],
    ['Europe/Warsaw', 'Central European Standard Time'],
    ['Europe/London', 'GMT Standard Time'],
    ['Europe/Helsinki', 'FLE Standard Time'],
    ['Europe/Kyiv', 'FLE Standard Time'],
    ['Europe/Riga', 'FLE Standard Time'],
    ['Europe/Moscow', 'Russian Standard Time'],
    ['UTC', 'UTC'],
  ])('sends %s to AppSheet as "%s"', (zone, windows) => {
    assertTimeZone(zone);
    expect(windowsTimeZone(zone)).toBe(windows);
  });

  it('refuses a zone without an AppSheet name, and maps Windows names back for the demo server', () => {
    expect(() => windowsTimeZone('America/New_York')).toThrow(/No AppSheet time zone name is known for SCHOOL_TIME_ZONE "America\/New_York"/);
    expect(ianaTimeZone('W. Europe Standard Time')).toBe('Europe/Berlin');
    expect(ianaTimeZone('GMT Standard Time')).toBe('Europe/London');
    expect(ianaTimeZone('Mars Standard Time')).toBeNull();
  });
});
