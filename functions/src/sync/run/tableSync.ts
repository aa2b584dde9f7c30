/**
 * Syncs one AppSheet table into its Firestore collection, fully or as a delta.
 *
 * A table is read in slices (slices.ts) and each slice is mapped, compared with what Firestore
 * holds and written while the next slice is being read: the time of a large table is about the
 * time of its writes, and only a slice or two of rows and documents is in memory at once. What
 * spans the whole table waits for its end: deletions (only a complete read knows which rows are
 * gone) and the counts.
 */
import { APPSHEET_TABLES, type RowNote, type SyncedCollection } from '@family-portal/contract';
import { chunk } from 'es-toolkit/array';
import { AppSheetError, changedSinceCondition, type AppSheetClient } from '../appsheet/appsheetClient';
import { deletionLimit, type DeletionGuard } from './deletionGuard';
import { assignOwners, childOwners, requestersOf, type ChildOwned } from '../family/planOwners';
import { mapRow, type AppSheetRow } from '../mapping/mapRow';
import { readAllStored, readStoredOf, tableWriter, type Kept, type MappedSlice, type TableWriter, type WriteContext } from '../firestore/sliceWriter';
import { filter, keyIn, quotable } from '../appsheet/selector';
import { readInSlices } from '../appsheet/slices';
import { emptyCounts, type TableCounts } from './syncLog';

export interface TableSyncResult {
  table: SyncedCollection;
  counts: TableCounts;
  rowErrors: RowNote[];
  /** Values kept as the office typed them though the contract does not know them. */
  rowWarnings: RowNote[];
  /** Why the table did not sync (cleanly), or null. A problem makes the run an error. */
  problem: string | null;
  /** Why deletions were held back, or null. A warning, not an error. */
  heldBack: string | null;
  /** Documents written (changed or new) or marked rejected in this run. */
  writtenIds: string[];
  /** Of those, the ones that existed before the run. */
  updatedIds: string[];
  /** An optional table the school's app does not have (AppSheet: no such table): nothing read, nothing deleted. */
  absent?: boolean;
}

/** What every table of one run shares. */
export interface SyncContext extends WriteContext {
  client: AppSheetClient;
  /**
   * Settles when the children table and the member index are done: plans and requests take their
   * memberId from the children, and a request keeps its sender's address only when the index
   * leads that address to the request's family (planOwners.ts).
   */
  familiesSynced?: Promise<unknown>;
  /** How many deletions a full sync may make on its own, and what an admin confirmed. */
  deletions?: DeletionGuard;
  /** Rows per AppSheet request (slices.ts); 0 reads the table in one request. */
  sliceRows?: number;
}

/** What a table's read has found so far, over all its slices (only keys, no content). */
interface ReadProgress {
  /** Keys of the rows that became documents. */
  ids: Set<string>;
  keptKeys: Kept;
  rowErrors: RowNote[];
  rowWarnings: RowNote[];
  rejectedWithoutKey: number;
  /** Rows AppSheet answered with, good or bad. */
  fetched: number;
}

const noProgress = (): ReadProgress => ({ ids: new Set(), keptKeys: new Map(), rowErrors: [], rowWarnings: [], rejectedWithoutKey: 0, fetched: 0 });

/** Maps one slice; a key seen in an earlier slice is a duplicate, as within a slice. */
function mapSlice(table: SyncedCollection, rows: AppSheetRow[], read: ReadProgress): MappedSlice {
  const slice: MappedSlice = { docs: new Map(), keptKeys: new Map() };
  read.fetched += rows.length;
  for (const row of rows) {
    const result = mapRow(APPSHEET_TABLES[table], row);
    if (!result.ok) {
      read.rowErrors.push({ table, key: result.key, reason: result.reason });
      if (result.key) slice.keptKeys.set(result.key, { reason: result.reason, changedAt: null });
      else read.rejectedWithoutKey += 1;
    } else if (read.ids.has(result.id)) {
      read.rowErrors.push({ table, key: result.id, reason: 'duplicate key' });
    } else {
      read.ids.add(result.id);
      slice.docs.set(result.id, { doc: result.doc, changedAt: result.changedAt });
      for (const warning of result.warnings ?? []) read.rowWarnings.push({ table, key: result.id, reason: warning });
    }
  }
  for (const [key, kept] of slice.keptKeys) read.keptKeys.set(key, kept);
  return slice;
}

const childOwned = (table: SyncedCollection): table is ChildOwned => table === 'plans' || table === 'bookingRequests';

/** Plans and requests take the family's memberId from their child, once the children table has synced. */
async function assignChildOwners(run: SyncContext, table: ChildOwned, slice: MappedSlice, read: ReadProgress): Promise<void> {
  await run.familiesSynced;
  const docs = new Map([...slice.docs].map(([id, { doc }]) => [id, doc]));
  const [owners, requesters] = await Promise.all([
    childOwners(run.db, [...docs.values()].map((doc) => String(doc.childId))),
    table === 'bookingRequests' ? requestersOf(run.db, docs.values()) : new Map<string, string>(),
  ]);
  for (const rejected of assignOwners(docs, owners, table, requesters).rejected) {
    const kept = { reason: rejected.reason, changedAt: slice.docs.get(rejected.key)?.changedAt ?? null };
    read.rowErrors.push(rejected);
    read.ids.delete(rejected.key);
    read.keptKeys.set(rejected.key, kept);
    slice.keptKeys.set(rejected.key, kept);
    slice.docs.delete(rejected.key);
  }
}

function result(table: SyncedCollection, read: ReadProgress, writer: TableWriter): TableSyncResult {
  const { outcome } = writer;
  const counts: TableCounts = {
    ...emptyCounts(),
    synced: read.ids.size,
    errors: read.rowErrors.length + outcome.failed,
    deleted: outcome.deleted,
    written: outcome.written,
    warnings: read.rowWarnings.length,
    olderSkipped: outcome.olderSkipped,
  };
  return {
    table,
    counts,
    rowErrors: read.rowErrors,
    rowWarnings: read.rowWarnings,
    problem: outcome.failed > 0 ? `${outcome.failed} writes failed, first: ${outcome.firstFailure}` : null,
    heldBack: null,
    writtenIds: writer.writtenIds,
    updatedIds: writer.updatedIds,
  };
}

/** An optional table the school's app does not have: a school without booking, as good as empty. */
export function absentTable(table: SyncedCollection): TableSyncResult {
  return { table, counts: emptyCounts(), rowErrors: [], rowWarnings: [], problem: null, heldBack: null, writtenIds: [], updatedIds: [], absent: true };
}

/** AppSheet's "no such table" for a table a school may leave out (the contract's `optional`). */
const isAbsent = (table: SyncedCollection, error: AppSheetError) => APPSHEET_TABLES[table].optional !== undefined && error.status === 404;

export function failedTable(table: SyncedCollection, reason: string, writer?: TableWriter): TableSyncResult {
  return {
    table,
    // Slices written before the table failed are counted: they were written.
    counts: { ...emptyCounts(), errors: 1, written: writer?.outcome.written ?? 0, olderSkipped: writer?.outcome.olderSkipped ?? 0 },
    rowErrors: [],
    rowWarnings: [],
    problem: reason,
    heldBack: null,
    writtenIds: writer?.writtenIds ?? [],
    updatedIds: writer?.updatedIds ?? [],
  };
}

/**
 * Reads a table in slices and hands each mapped slice to `write`. After the rows moved under
 * the slices (slices.ts), the table is read again from the start: what was written stays (it
 * was AppSheet's data), the keys found so far are forgotten. An AppSheet failure is returned
 * as the table's error; anything else (a bug, a broken answer) is thrown and stops the table.
 */
async function readTable(
  run: SyncContext,
  table: SyncedCollection,
  condition: string | undefined,
  write: (slice: MappedSlice) => Promise<void>,
): Promise<{ read: ReadProgress } | { error: AppSheetError }> {
  const spec = APPSHEET_TABLES[table];
  let read = noProgress();
  try {
    await readInSlices(
      run.client,
      spec.appSheetTable,
      spec.keyColumn,
      async (rows, requestedAt) => {
        const slice = mapSlice(table, rows, read);
        slice.fetchedAt = requestedAt;
        if (childOwned(table)) await assignChildOwners(run, table, slice, read);
        await write(slice);
      },
      { condition, sliceRows: run.sliceRows, onRestart: () => (read = noProgress()) },
    );
  } catch (error) {
    if (error instanceof AppSheetError) return { error };
    throw error;
  }
  return { read };
}

/** Which of the documents that look gone a full sync deletes now, and why it holds back the rest. */
function plannedDeletions(table: SyncedCollection, run: SyncContext, read: ReadProgress, stored: Map<string, unknown>) {
  const gone = [...stored.keys()].filter((id) => !read.ids.has(id) && !read.keptKeys.has(id));
  if (gone.length === 0) return { deletes: gone, heldBack: null, heldBackCount: 0 };
  const name = APPSHEET_TABLES[table].appSheetTable;
  const hold = (reason: string) => ({ deletes: [] as string[], heldBack: `${gone.length} deletions held back: ${reason}`, heldBackCount: gone.length });
  // An empty answer for a table that has data is far more likely a fault than a wiped table.
  if (read.fetched === 0) return hold(`AppSheet returned no rows for ${name} while Firestore holds ${stored.size}`);
  // A row without a key may be any of the documents that look gone.
  if (read.rejectedWithoutKey > 0) return hold(`${read.rejectedWithoutKey} rows of ${name} have no key`);
  const confirmed = run.deletions?.confirmed;
  if (confirmed?.table === table && confirmed.count === gone.length) return { deletes: gone, heldBack: null, heldBackCount: 0 };
  const limit = deletionLimit(stored.size, run.deletions?.share);
  if (gone.length <= limit) return { deletes: gone, heldBack: null, heldBackCount: 0 };
  const mismatch = confirmed?.table === table ? ` (${confirmed.count} were confirmed; the number has changed)` : '';
  return hold(`more than ${limit} of ${stored.size} documents of ${name} at once${mismatch}; an admin can apply them`);
}

/** Keys asked for in one confirming request (a selector of OR'ed equalities). */
const CONFIRM_KEYS = 100;

/**
 * Which of the rows whose documents are about to be deleted AppSheet still has, asked by key.
 * A Find that answered without them (cut short, sliced wrongly, a filter that came and went)
 * must not cost their documents. A key that cannot be written into a selector counts as present.
 */
export async function stillInAppSheet(client: AppSheetClient, table: SyncedCollection, ids: string[]): Promise<string[]> {
  const { appSheetTable, keyColumn } = APPSHEET_TABLES[table];
  const present = ids.filter((id) => !quotable(id));
  const askable = ids.filter(quotable);
  for (const keys of chunk(askable, CONFIRM_KEYS)) {
    const rows = await client.find(appSheetTable, filter(appSheetTable, keyIn(keyColumn, keys)));
    const asked = new Set(keys);
    for (const row of rows) {
      const key = String(row[keyColumn] ?? '').trim();
      if (asked.has(key)) present.push(key);
    }
  }
  return present;
}

/** Every row: upsert what changed, delete documents whose row is gone, unless that looks wrong. */
export async function syncTableFull(run: SyncContext, table: SyncedCollection): Promise<TableSyncResult> {
  const collection = run.db.collection(APPSHEET_TABLES[table].collection);
  // What Firestore holds is read while AppSheet answers the first slice.
  const storedRead = readAllStored(collection);
  storedRead.catch(() => {}); // awaited below, where a failure stops the table
  const writer = tableWriter(run, collection);
  try {
    const fetched = await readTable(run, table, undefined, async (slice) => writer.write(slice, await storedRead));
    if ('error' in fetched) {
      await writer.settled();
      // Absent, it deletes nothing: the documents stay as the table last left them.
      return isAbsent(table, fetched.error) ? absentTable(table) : failedTable(table, fetched.error.message, writer);
    }
    const stored = await storedRead;
    let { deletes, heldBack, heldBackCount } = plannedDeletions(table, run, fetched.read, stored);
    if (deletes.length > 0) {
      let present: string[];
      try {
        present = await stillInAppSheet(run.client, table, deletes);
      } catch (error) {
        if (!(error instanceof AppSheetError)) throw error;
        await writer.settled();
        return failedTable(table, `confirming deletions: ${error.message}`, writer);
      }
      if (present.length > 0) {
        heldBack = `${deletes.length} deletions held back: AppSheet still has ${present.length} of these rows (e.g. ${present[0]}) though its answer lacked them`;
        heldBackCount = deletes.length;
        deletes = [];
      }
    }
    await writer.write({ docs: new Map(), keptKeys: new Map() }, stored, deletes);
    await writer.settled();
    const synced = result(table, fetched.read, writer);
    synced.heldBack = heldBack;
    synced.counts.heldBack = heldBackCount;
    return synced;
  } finally {
    // Whatever happened, nothing of this table outlives it (the run ends only after all tables).
    await writer.settled();
    await storedRead.catch(() => {});
  }
}

/** Rows changed since an instant (all rows when there is none): upsert only, never delete. */
export async function syncTableDelta(run: SyncContext, table: SyncedCollection, since: Date | null): Promise<TableSyncResult> {
  const spec = APPSHEET_TABLES[table];
  const collection = run.db.collection(spec.collection);
  const writer = tableWriter(run, collection);
  const condition = since ? changedSinceCondition(spec.changedColumn, since) : undefined;
  try {
    const fetched = await readTable(run, table, condition, async (slice) => {
      const stored = await readStoredOf(run.db, collection, [...slice.docs.keys(), ...slice.keptKeys.keys()]);
      await writer.write(slice, stored);
    });
    await writer.settled();
    if ('error' in fetched) return isAbsent(table, fetched.error) ? absentTable(table) : failedTable(table, fetched.error.message, writer);
    return result(table, fetched.read, writer);
  } finally {
    await writer.settled();
  }
}
