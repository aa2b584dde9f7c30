/**
 * The demo school's Closed Days (packages/contract/src/calendar.ts), made from its own quarters:
 * the Christmas holidays of every year the quarters touch, the Day of German Unity (3 October, a
 * public holiday) and one day closed at short notice in the active quarter (a Thursday in its
 * seventh week: the demo families' Thursday courses lose a lesson to it).
 */
import { addDays, APPSHEET_TABLES, firstWeekday } from '@family-portal/contract';
import type { DemoStore, RawRow } from './store';

const THURSDAY = 3;

export function closedDayRows(quarters: ReadonlyArray<{ firstDay: string; lastDay: string; status: string }>, changedAt: string): RawRow[] {
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
    const day = addDays(firstWeekday(active.firstDay, THURSDAY), 6 * 7);
    if (day <= active.lastDay) row(`CD${day.replace(/-/g, '')}`, day, null, 'Pädagogischer Tag');
  }
  return rows.sort((a, b) => String(a.From).localeCompare(String(b.From)));
}

/** Adds the Closed Days table to a store (a new school's, or one kept from before it existed). Changes the store and returns it. */
export function addClosedDays(store: DemoStore): DemoStore {
  const quarters = (store.tables[APPSHEET_TABLES.quarters.appSheetTable] ?? []).map((quarter) => ({
    firstDay: String(quarter['First Day']),
    lastDay: String(quarter['Last Day']),
    status: String(quarter.Status),
  }));
  quarters.sort((a, b) => a.firstDay.localeCompare(b.firstDay));
  store.tables[APPSHEET_TABLES.closedDays.appSheetTable] = closedDayRows(quarters, `${addDays(store.meta.today, -30)}T08:00:00.000Z`);
  store.meta.closedDays = true;
  return store;
}
