/**
 * Stored dates are either a calendar day, "YYYY-MM-DD", shown as it is (no zone may move it), or
 * a UTC instant, "2026-02-28T23:30:00.000Z", shown on the school's clock (VITE_SCHOOL_TIME_ZONE)
 * whatever the device's zone: that request was made on 1 March in Berlin. Intl does the
 * formatting, in the UI locale. The zone is a parameter, so the rules stay pure:
 * src/lib/schoolClock.ts binds them to the configured zone for the screens.
 */
import { dateFormat } from './intlFormats';

const PLAIN_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The calendar day of a stored value: a plain day as it is, an instant as the zone's clock shows it. */
export function calendarDay(value: string, zone: string): string {
  if (PLAIN_DAY.test(value)) return value;
  const format = dateFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const parts = Object.fromEntries(format.formatToParts(new Date(value)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** Noon UTC of a day, so that no time zone moves it to another day. */
export function dayToDate(day: string): Date {
  return new Date(`${day.slice(0, 10)}T12:00:00Z`);
}

export function formatDay(value: string, locale: string, style: 'short' | 'long', zone: string): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'long' ? { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } : { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' };
  return dateFormat(locale, options).format(dayToDate(calendarDay(value, zone)));
}

/** A plain day with its weekday, as the console names a cancelled lesson's: "Mon, 7 Dec 2026", "Mo., 7. Dez. 2026". */
export function formatWeekday(day: string, locale: string): string {
  return dateFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(dayToDate(day));
}

/** A plain day as day and month, for a list of dates in one quarter: "24 Dec", "24. Dez.", "24 дек.". */
export function formatDayMonth(day: string, locale: string): string {
  return dateFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(dayToDate(day));
}

/** Two plain days as a range in the locale's way: "12–23 Oct", "21 Dec 2026 – 3 Jan 2027" (years only across one). */
export function formatDayRange(first: string, last: string, locale: string): string {
  return dateFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).formatRange(dayToDate(first), dayToDate(last));
}

/** Today on the school's clock, the day the school's rules (notice periods, quarters) count from. */
export function todayIso(now: Date, zone: string): string {
  return calendarDay(now.toISOString(), zone);
}

export interface MonthGrid {
  /** "November 2026" in the locale. */
  title: string;
  /** Short weekday names, Monday first. */
  weekdays: string[];
  /** Weeks of 7 cells; null where the day belongs to another month. */
  weeks: Array<Array<number | null>>;
}

/** The month around a day, weeks starting on Monday, for the mini calendar. */
export function monthGrid(day: string, locale: string): MonthGrid {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1, 1, 12));
  const daysInMonth = new Date(Date.UTC(year, month, 0, 12)).getUTCDate();
  const offset = (first.getUTCDay() + 6) % 7;
  const cells: Array<number | null> = [...Array<null>(offset).fill(null), ...Array.from({ length: daysInMonth }, (_, i) => i + 1)];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  const weekdayFormat = dateFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  const weekdays = Array.from({ length: 7 }, (_, i) => weekdayFormat.format(new Date(Date.UTC(2024, 0, 1 + i, 12))));
  const title = dateFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(first);
  return { title, weekdays, weeks };
}
