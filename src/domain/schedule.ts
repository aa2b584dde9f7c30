/** Quarter tabs and lesson times (spec sections 2 and 9, Plans). */
import { currentQuarter as currentQuarterOf, hourLabel, sortQuarters as sortQuartersBy, WEEKDAYS } from '@family-portal/contract/rules';
import type { Quarter, RoomHour } from './types';
import { dateFormat } from './intlFormats';

export { WEEKDAYS };

/** The web app's quarters, by the contract's rules (shared with the calendar feed). */
export const sortQuarters = (quarters: Quarter[]): Quarter[] => sortQuartersBy(quarters);
export const currentQuarter = (quarters: Quarter[], today: string): Quarter | null => currentQuarterOf(quarters, today);

/** The first two sorted quarters get their own tab; the rest go under More. */
export function quarterTabs(quarters: Quarter[], shown = 2): { tabs: Quarter[]; more: Quarter[] } {
  const sorted = sortQuarters(quarters);
  return { tabs: sorted.slice(0, shown), more: sorted.slice(shown) };
}

const leadingNumber = (label: string) => {
  const match = /^\s*(\d+)/.exec(label);
  return match ? Number(match[1]) : Number.MAX_SAFE_INTEGER;
};

/** Mo. to So., then by the leading number of the hour label. */
export function sortRoomHours<T extends { dayOfWeek: string; hourRefLabel: RoomHour['hourRefLabel'] }>(roomHours: readonly T[]): T[] {
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

export { hourLabel };
