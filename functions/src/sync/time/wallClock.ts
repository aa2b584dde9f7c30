/**
 * Wall-clock time in an IANA time zone, computed with Intl alone (no date library): AppSheet
 * DateTimes carry no zone, so the sync reads and writes them as the school's clock shows them.
 */
import { assertTimeZone } from '../../lib/timeZone';

export interface WallClock {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    assertTimeZone(zone);
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, format);
  }
  return format;
}

function measuredOffset(instant: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(new Date(instant))) parts[part.type] = Number(part.value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0 } = parts;
  // Some ICU versions write midnight as 24 even with h23.
  const shown = Date.UTC(year, month - 1, day, hour % 24, minute, second);
  return shown - Math.floor(instant / 1000) * 1000;
}

// Intl takes some 20 µs per reading, too slow for a sync of 300,000 rows; offsets change at most
// a few times a year, so they are kept per UTC hour. An hour whose two ends differ holds a change
// of offset and is measured exactly every time.
const HOUR_MS = 3_600_000;
const MAX_CACHED_HOURS = 100_000;
const hourlyOffsets = new Map<string, Map<number, number>>();

/** The zone's offset from UTC at an instant, in milliseconds (east of Greenwich positive). */
export function offsetAt(instant: number, zone: string): number {
  let cache = hourlyOffsets.get(zone);
  if (!cache) hourlyOffsets.set(zone, (cache = new Map<number, number>()));
  const hour = Math.floor(instant / HOUR_MS);
  const cached = cache.get(hour);
  if (cached !== undefined) return cached;
  const start = measuredOffset(hour * HOUR_MS, zone);
  if (start !== measuredOffset((hour + 1) * HOUR_MS - 1000, zone)) return measuredOffset(instant, zone);
  if (cache.size >= MAX_CACHED_HOURS) cache.clear();
  cache.set(hour, start);
  return start;
}

export function wallClockOf(instant: Date, zone: string): WallClock {
  const shifted = new Date(instant.getTime() + offsetAt(instant.getTime(), zone));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

const asUtc = (wall: WallClock) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);

/**
 * Every instant at which the zone's clock shows this time, earliest first: one as a rule, two in
 * the hour repeated when the clocks go back, none in the hour skipped when they go forward.
 * Assumes at most one change of offset within a day either side, as in every real zone.
 */
export function instantsOfWallClock(wall: WallClock, zone: string): number[] {
  const shown = asUtc(wall);
  const offsets = new Set([offsetAt(shown - DAY_MS, zone), offsetAt(shown + DAY_MS, zone)]);
  return [...offsets]
    .map((offset) => shown - offset)
    .filter((instant) => offsetAt(instant, zone) === shown - instant)
    .sort((a, b) => a - b);
}

/**
 * The instant a wall-clock time stands for. Two readings need a rule (Berlin, 2026):
 * - 25 October, 02:00–02:59 happens twice: the first occurrence (summer time) is taken, so
 *   02:30 is 00:30Z. A time typed then cannot say which one it meant; the earlier one never
 *   makes a change look newer than it is.
 * - 29 March, 02:00–02:59 does not exist: it is read with the offset before the jump, as if the
 *   clock had not jumped yet, so 02:30 is 01:30Z (03:30 summer time), an hour later on the clock.
 */
export function instantOfWallClock(wall: WallClock, zone: string): Date {
  const shown = asUtc(wall);
  // Almost always the zone keeps one offset for a day either side: then that offset gives the
  // one reading (and instantsOfWallClock would find exactly it, or, should the reading fall
  // into a jump, the fallback below would take the same offset).
  const before = offsetAt(shown - DAY_MS, zone);
  if (before === offsetAt(shown + DAY_MS, zone)) return new Date(shown - before);
  const [first] = instantsOfWallClock(wall, zone);
  if (first !== undefined) return new Date(first);
  return new Date(shown - before);
}
