/** Quarter tabs and lesson times (spec sections 2 and 9, Plans). */
import type { Quarter, RoomHour } from './types';

export const WEEKDAYS = ['Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.', 'So.'] as const;

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

/** "3 - 15:40-16:25" → "15:40-16:25": the leading slot code is for sorting, not for reading. */
export function hourLabel(label: string): string {
  return label.replace(/^\s*\d+\s*(?:[-–.:)|]\s*)?/, '').trim() || label.trim();
}
