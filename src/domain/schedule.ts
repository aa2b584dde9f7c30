/** Quarter tabs and lesson times (spec sections 2 and 9, Plans). */
import { WEEKDAYS } from '@family-portal/contract/rules';
import type { Quarter, RoomHour } from './types';
import { dateFormat } from './intlFormats';

export { WEEKDAYS };

/** Active first, then by name, descending ("2026 Q4" before "2026 Q3"). */
export function sortQuarters(quarters: Quarter[]): Quarter[] {
  return [...quarters].sort((a, b) => {
    const active = Number(b.status === 'active') - Number(a.status === 'active');
    return active !== 0 ? active : b.name.localeCompare(a.name, undefined, { numeric: true });
  });
}

/** The first two sorted quarters get their own tab; the rest go under More. */
export function quarterTabs(quarters: Quarter[], shown = 2): { tabs: Quarter[]; more: Quarter[] } {
  const sorted = sortQuarters(quarters);
  return { tabs: sorted.slice(0, shown), more: sorted.slice(shown) };
}

/**
 * The current quarter, one rule for the dashboard and the plans page:
 * 1. an active quarter that contains today;
 * 2. else an active quarter (the office marks the quarter it runs, also in the holidays around
 *    it), the first in tab order if there are several;
 * 3. else the quarter that contains today (the office has not set the status);
 * 4. else none.
 * "today" is a plain day, "YYYY-MM-DD", on the school's clock.
 */
export function currentQuarter(quarters: Quarter[], today: string): Quarter | null {
  const sorted = sortQuarters(quarters);
  // Quarter days are plain days (the contract's `day`), like today: no time zone can move them.
  const containsToday = (quarter: Quarter) => quarter.firstDay <= today && today <= quarter.lastDay;
  const active = sorted.filter((quarter) => quarter.status === 'active');
  return active.find(containsToday) ?? active[0] ?? sorted.find(containsToday) ?? null;
}

const leadingNumber = (label: string) => {
  const match = /^\s*(\d+)/.exec(label);
  return match ? Number(match[1]) : Number.MAX_SAFE_INTEGER;
};

/** Mo. to So., then by the leading number of the hour label. */
export function sortRoomHours<T extends Pick<RoomHour, 'dayOfWeek' | 'hourRefLabel'>>(roomHours: T[]): T[] {
  const day = (value: string) => {
    const index = (WEEKDAYS as readonly string[]).indexOf(value);
    return index < 0 ? WEEKDAYS.length : index;
  };
  return [...roomHours].sort((a, b) => day(a.dayOfWeek) - day(b.dayOfWeek) || leadingNumber(a.hourRefLabel) - leadingNumber(b.hourRefLabel));
}

// 2024-01-01 was a Monday: WEEKDAYS[i] is that date plus i days.

/**
 * The office's weekday ("Mo." … "So.", the contract's WEEKDAYS) in the reader's language:
 * "Tue", "Di.", "Вт". A value outside the list is shown as the office typed it.
 */
export function weekdayName(day: string, locale: string): string {
  const index = (WEEKDAYS as readonly string[]).indexOf(day);
  if (index < 0) return day;
  const name = dateFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + index, 12)));
  // Russian abbreviations are lower case ("вт"); as a table's row heading they start a line.
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/** A clock time at the start, "08:00" or "8.00" (but not the code and time of "3.15:40"). */
const STARTS_WITH_TIME = /^\s*\d{1,2}[:.]\d{2}(?![\d:.])/;

/**
 * "3 - 15:40-16:25" → "15:40-16:25": the leading slot code is for sorting, not for reading.
 * A label that starts with a time ("08:00-08:45", "8.00 Uhr") has no code and stays whole.
 */
export function hourLabel(label: string): string {
  if (STARTS_WITH_TIME.test(label)) return label.trim();
  return label.replace(/^\s*\d+\s*(?:[-–.:)|]\s*)?/, '').trim() || label.trim();
}
