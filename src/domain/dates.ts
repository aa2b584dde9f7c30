/** Dates are stored as "YYYY-MM-DD" (or ISO instants) and shown with Intl in the UI locale. */

/** Noon UTC of a day, so that no time zone moves it to another day. */
export function dayToDate(day: string): Date {
  return new Date(`${day.slice(0, 10)}T12:00:00Z`);
}

export function formatDay(day: string, locale: string, style: 'short' | 'long' = 'short'): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'long' ? { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' } : { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(locale, options).format(dayToDate(day));
}

export function todayIso(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
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
  const cells: Array<number | null> = [...Array(offset).fill(null), ...Array.from({ length: daysInMonth }, (_, i) => i + 1)];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  const weekdayFormat = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  const weekdays = Array.from({ length: 7 }, (_, i) => weekdayFormat.format(new Date(Date.UTC(2024, 0, 1 + i, 12))));
  const title = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(first);
  return { title, weekdays, weeks };
}
