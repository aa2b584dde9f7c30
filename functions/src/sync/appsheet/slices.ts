/**
 * Reading a table in slices, so that no AppSheet answer has to carry a whole large table.
 *
 * AppSheet documents no limit on the rows or bytes of a Find answer; it documents the Selector
 * functions FILTER(), ORDERBY() and TOP() ("Read records from a table"), and it numbers the
 * rows of a spreadsheet table in the virtual column `_RowNumber`. A slice is
 *
 *   Top(OrderBy(Filter("Payments", [_RowNumber] >= 40001), [_RowNumber]), 20001)
 *
 * the next rows in sheet order from a row number on. Each slice starts at the last row of the
 * one before (the anchor) and must answer with that same row first:
 * - gaps in `_RowNumber` (blank sheet rows) do not matter: a slice asks for a number of rows,
 *   not a range of numbers, and the table ends with the first slice that has fewer rows than
 *   asked for (TOP() returned all that matched);
 * - a row number is a place in the sheet, not an identity: deleting or inserting a row above
 *   moves every row below it. A row that moved from the next slice into one already read would
 *   be missed, and its document deleted as gone; but such a move also moves the anchor, so a
 *   slice that does not start with the anchor's key at the anchor's number starts the table
 *   over (at most three reads, then the table fails and deletes nothing).
 * Rows added at the end while a table is read may be missed; they are new, so nothing is
 * deleted for them, and their `Last Changed` puts them into the next delta sync.
 */
import { AppSheetError, type AppSheetClient } from './appsheetClient';
import type { AppSheetRow } from '../mapping/mapRow';
import { and, column, filter, top } from './selector';
import { parseInteger } from '../mapping/values';

export const ROW_NUMBER = '_RowNumber';

/**
 * Rows per slice. AppSheet re-reads the whole table for every request ("About API
 * performance"), so slices should be few; an answer should stay a few MB (a Payments row is
 * about 310 bytes of JSON, a Members row about 520): 20,000 rows are 6–10 MB, and the largest
 * table of a 10,000-family school (210,000 payments) takes 11 slices.
 */
export const SLICE_ROWS = 20_000;

/** Reads of one table when rows keep moving under the slices, before the table fails. */
const READS = 3;

export interface SliceOptions {
  /** A condition on the table's columns (a delta's `[Last Changed] >= "…"`); every row when absent. */
  condition?: string;
  /** Rows per request; 0 asks for the whole table (or every row meeting the condition) at once. */
  sliceRows?: number;
}

/** The selector of the slice of `count` rows from row number `from` on (from the first row when null). */
export function sliceSelector(table: string, from: number | null, count: number, condition?: string): string {
  return top(table, and(condition, from === null ? undefined : `${column(ROW_NUMBER)} >= ${from}`), ROW_NUMBER, count);
}

function rowNumberOf(table: string, row: AppSheetRow): number {
  let number: number | null = null;
  try {
    number = parseInteger(row[ROW_NUMBER]);
  } catch {
    // Reported below.
  }
  if (number === null || number < 1) {
    throw new AppSheetError(`AppSheet Find on ${table}: a row without a ${ROW_NUMBER}; the table cannot be read in slices`);
  }
  return number;
}

interface Anchor {
  number: number;
  key: unknown;
}

/**
 * The rows of one slice after the anchor, checked, and whether the table goes on; null when
 * the anchor has moved. A slice that is read on from must be in row-number order, or TOP()
 * would not have taken the first rows.
 */
export function takeSlice(
  table: string,
  keyColumn: string,
  page: AppSheetRow[],
  anchor: Anchor | null,
  asked: number,
): { rows: AppSheetRow[]; next: Anchor | null } | null {
  if (anchor) {
    const first = page[0];
    if (!first || rowNumberOf(table, first) !== anchor.number || first[keyColumn] !== anchor.key) return null;
  }
  const rows = anchor ? page.slice(1) : page;
  // Fewer rows than asked for: TOP() returned all that matched, the table ends here. (More
  // than asked for means TOP() was ignored, and the answer holds every matching row anyway.)
  if (page.length !== asked || rows.length === 0) return { rows, next: null };
  let previous = anchor?.number ?? 0;
  for (const row of rows) {
    const number = rowNumberOf(table, row);
    if (number <= previous) throw new AppSheetError(`AppSheet Find on ${table}: rows not in ${ROW_NUMBER} order; the table cannot be read in slices`);
    previous = number;
  }
  const last = rows[rows.length - 1] as AppSheetRow;
  return { rows, next: { number: previous, key: last[keyColumn] } };
}

/**
 * Every row of a table (or every row that meets `condition`), read in slices of SLICE_ROWS.
 * `onSlice` gets each slice's new rows as they arrive (with the time the request was sent: the
 * rows are at least that recent), and the next slice is asked for once it
 * has returned; after `onRestart` the table is read again from its first row, so whatever
 * `onSlice` kept must be dropped. Returns the number of rows of the (last, complete) read.
 */
export async function readInSlices(
  client: AppSheetClient,
  table: string,
  keyColumn: string,
  onSlice: (rows: AppSheetRow[], requestedAt: number) => void | Promise<void>,
  options: SliceOptions & { onRestart?: () => void } = {},
): Promise<number> {
  const size = options.sliceRows ?? SLICE_ROWS;
  if (size === 0) {
    // One request for the table (SYNC_SLICE_ROWS=0: a source without `_RowNumber`).
    const requestedAt = Date.now();
    const rows = await client.find(table, options.condition ? filter(table, options.condition) : undefined);
    await onSlice(rows, requestedAt);
    return rows.length;
  }
  for (let read = 1; ; read += 1) {
    let anchor: Anchor | null = null;
    let count = 0;
    let moved = false;
    for (;;) {
      // The anchor comes again as the first row, so ask for one more.
      const asked = anchor ? size + 1 : size;
      const requestedAt = Date.now();
      const page = await client.find(table, sliceSelector(table, anchor?.number ?? null, asked, options.condition));
      const slice = takeSlice(table, keyColumn, page, anchor, asked);
      if (!slice) {
        moved = true;
        break;
      }
      count += slice.rows.length;
      await onSlice(slice.rows, requestedAt);
      if (!slice.next) break;
      anchor = slice.next;
    }
    if (!moved) return count;
    if (read >= READS) {
      throw new AppSheetError(`AppSheet Find on ${table}: rows kept moving while the table was read in slices (${READS} times); nothing of it was deleted`);
    }
    options.onRestart?.();
  }
}
