/**
 * The demo school's Closed Days (packages/contract/src/calendar.ts), made from its own rows: the
 * Christmas holidays of every year the quarters touch, the Day of German Unity (3 October, a
 * public holiday) and one "Pädagogischer Tag" in the seventh week of the active quarter, on the
 * weekday of the first demo family's first course then (so that the demo shows a course losing
 * a lesson to it in any quarter; a Thursday without one).
 */
import { addDays, APPSHEET_TABLES, firstWeekday, WEEKDAYS } from '@family-portal/contract';
import type { DemoStore, RawRow } from './store';

const THURSDAY = 3;

export function closedDayRows(quarters: ReadonlyArray<{ id: string; firstDay: string; lastDay: string; status: string }>, changedAt: string, weekdayOf: (quarterId: string) => number = () => THURSDAY): RawRow[] {
  if (quarters.length === 0) return [];
  const firstYear = Number(quarters[0]!.firstDay.slice(0, 4)) - 1;
  const lastYear = Number(quarters.at(-1)!.lastDay.slice(0, 4));
  const rows: RawRow[] = [];
  const row = (id: string, from: string, to: string | null, name: string) =>
    rows.push({ 'Closed Day ID': id, From: from, To: to, Name: name, 'Lesson ID': null, 'Room Hour ID': null, 'Last Changed': changedAt });
  for (let year = firstYear; year <= lastYear; year += 1) {
    row(`CD${year}-XMAS`, `${year}-12-21`, `${year + 1}-01-03`, 'Weihnachtsferien');
    row(`CD${year}-1003`, `${year}-10-03`, null, 'Tag der Deutschen Einheit');
  }
  const active = quarters.find((quarter) => quarter.status === 'Aktiv');
  if (active) {
    const day = addDays(firstWeekday(active.firstDay, weekdayOf(active.id)), 6 * 7);
    if (day <= active.lastDay) row(`CD${day.replace(/-/g, '')}`, day, null, 'Pädagogischer Tag');
  }
  return rows.sort((a, b) => String(a.From).localeCompare(String(b.From)));
}

/** Adds the Closed Days table to a store (a new school's, or one kept from before it existed). Changes the store and returns it. */
export function addClosedDays(store: DemoStore): DemoStore {
  const rows = (name: keyof typeof APPSHEET_TABLES) => store.tables[APPSHEET_TABLES[name].appSheetTable] ?? [];
  const quarters = rows('quarters').map((quarter) => ({
    id: String(quarter['Quarter ID']),
    firstDay: String(quarter['First Day']),
    lastDay: String(quarter['Last Day']),
    status: String(quarter.Status),
  }));
  quarters.sort((a, b) => a.firstDay.localeCompare(b.firstDay));
  const firstFamilysChildren = new Set(rows('children').filter((child) => child['Member ID'] === 'M0001').map((child) => child['Child ID']));
  const dayOfRoomHour = new Map(rows('roomHours').map((roomHour) => [roomHour['Room Hour ID'], String(roomHour.Day)]));
  const weekdayOf = (quarterId: string) => {
    const plan = rows('plans').find((candidate) => candidate['Quarter ID'] === quarterId && firstFamilysChildren.has(candidate['Child ID']));
    const day = dayOfRoomHour.get((plan?.['Room Hour IDs'] as string[] | undefined)?.[0]);
    const index = (WEEKDAYS as readonly string[]).indexOf(day ?? '');
    return index < 0 ? THURSDAY : index;
  };
  store.tables[APPSHEET_TABLES.closedDays.appSheetTable] = closedDayRows(quarters, `${addDays(store.meta.today, -30)}T08:00:00.000Z`, weekdayOf);
  store.meta.closedDays = true;
  return store;
}
