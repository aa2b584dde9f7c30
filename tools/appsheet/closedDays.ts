/**
 * The demo school's Closed Days (packages/contract/src/calendar.ts), made from its quarters alone:
 * the Christmas holidays of every year the quarters touch, the Day of German Unity (3 October, a
 * public holiday), a week of holidays in every quarter (every weekly course loses one date to
 * it, whatever the day) and one "Pädagogischer Tag", a Thursday in the active quarter. The plans
 * and offers count their weeks after them (`demoLessonWeeks`), as an office would.
 */
import { addDays, APPSHEET_TABLES, firstWeekday, lessonWeeks, type Closing } from '@family-portal/contract';
import type { DemoStore, RawRow } from './store';

const MONDAY = 0;
const THURSDAY = 3;
/** Each quarter's week of holidays: its name and the week of the quarter it starts (0 the first). */
const HOLIDAY_WEEK: Record<number, { name: string; week: number }> = {
  1: { name: 'Winterferien', week: 6 },
  2: { name: 'Osterferien', week: 1 },
  3: { name: 'Sommerferien', week: 2 },
  4: { name: 'Herbstferien', week: 2 },
};

interface DemoQuarter {
  id: string;
  firstDay: string;
  lastDay: string;
  status: string;
}

export function closedDayRows(quarters: readonly DemoQuarter[], changedAt: string): RawRow[] {
  if (quarters.length === 0) return [];
  const sorted = [...quarters].sort((a, b) => a.firstDay.localeCompare(b.firstDay));
  const firstYear = Number(sorted[0]!.firstDay.slice(0, 4)) - 1;
  const lastYear = Number(sorted.at(-1)!.lastDay.slice(0, 4));
  const rows: RawRow[] = [];
  const row = (id: string, from: string, to: string | null, name: string) =>
    rows.push({ 'Closed Day ID': id, From: from, To: to, Name: name, 'Lesson ID': null, 'Room Hour ID': null, 'Last Changed': changedAt });
  for (let year = firstYear; year <= lastYear; year += 1) {
    row(`CD${year}-XMAS`, `${year}-12-21`, `${year + 1}-01-03`, 'Weihnachtsferien');
    row(`CD${year}-1003`, `${year}-10-03`, null, 'Tag der Deutschen Einheit');
  }
  for (const quarter of sorted) {
    const holidays = HOLIDAY_WEEK[(Number(quarter.firstDay.slice(5, 7)) + 2) / 3];
    if (!holidays) continue;
    const monday = addDays(firstWeekday(quarter.firstDay, MONDAY), holidays.week * 7);
    row(`CD${quarter.id}-WEEK`, monday, addDays(monday, 6), holidays.name);
  }
  const active = sorted.find((quarter) => quarter.status === 'Aktiv');
  if (active) {
    const day = addDays(firstWeekday(active.firstDay, THURSDAY), 6 * 7);
    if (day <= active.lastDay) row(`CD${day.replace(/-/g, '')}`, day, null, 'Pädagogischer Tag');
  }
  return rows.sort((a, b) => String(a.From).localeCompare(String(b.From)) || String(a['Closed Day ID']).localeCompare(String(b['Closed Day ID'])));
}

/** The rows as the sync reads them: a blank "To" is the one day. */
const closings = (rows: readonly RawRow[]): Closing[] =>
  rows.map((row) => ({ firstDay: String(row.From), lastDay: String(row.To ?? row.From), lessonId: (row['Lesson ID'] as string | null) ?? null, roomHourId: (row['Room Hour ID'] as string | null) ?? null }));

/**
 * A course's weeks in a quarter as the demo office counts them: its lesson dates after the closed
 * days (the contract's lessonWeeks), so that the sync finds nothing to warn of.
 */
export function demoLessonWeeks(closedRows: readonly RawRow[], roomHourRows: readonly RawRow[]) {
  const closed = closings(closedRows);
  const dayOf = new Map(roomHourRows.map((roomHour) => [String(roomHour['Room Hour ID']), String(roomHour.Day)]));
  return (lessonId: string, roomHourIds: readonly string[], quarter: { firstDay: string; lastDay: string }): number | null =>
    lessonWeeks(lessonId, roomHourIds.map((id) => ({ id, dayOfWeek: dayOf.get(id) ?? '' })), quarter, closed);
}

/** Adds the Closed Days table to a store (a new school's, or one kept from before it existed). Changes the store and returns it. */
export function addClosedDays(store: DemoStore): DemoStore {
  const quarters = (store.tables[APPSHEET_TABLES.quarters.appSheetTable] ?? []).map((quarter) => ({
    id: String(quarter['Quarter ID']),
    firstDay: String(quarter['First Day']),
    lastDay: String(quarter['Last Day']),
    status: String(quarter.Status),
  }));
  store.tables[APPSHEET_TABLES.closedDays.appSheetTable] = closedDayRows(quarters, closedDaysChangedAt(store.meta.today));
  store.meta.closedDays = true;
  return store;
}

/** The rows' change time: a month before the school's today, before any delta sync a test runs. */
export const closedDaysChangedAt = (today: string) => `${addDays(today, -30)}T08:00:00.000Z`;
