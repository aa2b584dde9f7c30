/** Syncs one AppSheet table into its Firestore collection, fully or as a delta. */
import type { CollectionReference, Firestore } from 'firebase-admin/firestore';
import { changedSinceSelector, type AppSheetClient } from './appsheetClient';
import { contentHash, HASH_FIELD, REJECTED_FIELD, REJECTED_HASH, SYNCED_AT_FIELD } from './contentHash';
import { writeChanges, type SetOperation, type WriteOutcome } from './firestoreWriter';
import { assignOwners, childOwners } from './planOwners';
import { mapRow, type AppSheetRow, type SyncedDocument } from './schema';
import type { RowError, TableCounts } from './syncLog';
import { TABLES, type TableName } from './tables';

export interface TableSyncResult {
  table: TableName;
  counts: TableCounts;
  rowErrors: RowError[];
  /** Why the table did not sync cleanly (then nothing of it was deleted), or null. */
  problem: string | null;
  /** Documents written (changed or new) or marked rejected in this run. */
  writtenIds: string[];
  /** Of those, the ones that existed before the run. */
  updatedIds: string[];
}

/** What every table of one run shares. */
export interface TableRun {
  db: Firestore;
  client: AppSheetClient;
  /** The run's start, stored on every written document. */
  syncedAt: string;
  /** Settles when the children table has finished: plans take their memberId from it. */
  childrenSynced?: Promise<unknown>;
}

interface MappedTable {
  docs: Map<string, SyncedDocument>;
  rowErrors: RowError[];
  /** Keys of rows that exist in AppSheet but were rejected, with the reason: their documents must survive. */
  keptKeys: Map<string, string>;
  rejectedWithoutKey: number;
}

function mapRows(table: TableName, rows: AppSheetRow[]): MappedTable {
  const mapped: MappedTable = { docs: new Map(), rowErrors: [], keptKeys: new Map(), rejectedWithoutKey: 0 };
  for (const row of rows) {
    const result = mapRow(TABLES[table], row);
    if (!result.ok) {
      mapped.rowErrors.push({ table, key: result.key, reason: result.reason });
      if (result.key) mapped.keptKeys.set(result.key, result.reason);
      else mapped.rejectedWithoutKey += 1;
    } else if (mapped.docs.has(result.id)) {
      mapped.rowErrors.push({ table, key: result.id, reason: 'duplicate key' });
    } else {
      mapped.docs.set(result.id, result.doc);
    }
  }
  return mapped;
}

async function mapTable(run: TableRun, table: TableName, rows: AppSheetRow[]): Promise<MappedTable> {
  const mapped = mapRows(table, rows);
  if (table === 'plans') {
    await run.childrenSynced;
    const owners = await childOwners(run.db, [...mapped.docs.values()].map((plan) => String(plan.childId)));
    for (const rejected of assignOwners(mapped.docs, owners).rejected) {
      mapped.rowErrors.push(rejected);
      mapped.keptKeys.set(rejected.key, rejected.reason);
    }
  }
  return mapped;
}

/** Document id → content hash of what Firestore holds now (only the hash is read). */
async function readAllHashes(collection: CollectionReference): Promise<Map<string, unknown>> {
  const snapshot = await collection.select(HASH_FIELD).get();
  return new Map(snapshot.docs.map((doc) => [doc.id, doc.get(HASH_FIELD)]));
}

async function readHashesOf(db: Firestore, collection: CollectionReference, ids: string[]): Promise<Map<string, unknown>> {
  const hashes = new Map<string, unknown>();
  for (let start = 0; start < ids.length; start += 500) {
    const refs = ids.slice(start, start + 500).map((id) => collection.doc(id));
    if (refs.length === 0) continue;
    const snapshots = await db.getAll(...refs, { fieldMask: [HASH_FIELD] });
    for (const snapshot of snapshots) if (snapshot.exists) hashes.set(snapshot.id, snapshot.get(HASH_FIELD));
  }
  return hashes;
}

/** Only documents whose mapped content differs from what is stored are written. */
function changedDocuments(collection: CollectionReference, mapped: MappedTable, stored: Map<string, unknown>, syncedAt: string) {
  const sets: SetOperation[] = [];
  for (const [id, doc] of mapped.docs) {
    const hash = contentHash(doc);
    if (stored.get(id) !== hash) {
      sets.push({ ref: collection.doc(id), data: { ...doc, [HASH_FIELD]: hash, [SYNCED_AT_FIELD]: syncedAt } });
    }
  }
  // A rejected row keeps its document as it was, marked, so that access through it ends
  // (member index) and the fixed row is written again in full.
  for (const [id, reason] of mapped.keptKeys) {
    if (stored.has(id) && stored.get(id) !== REJECTED_HASH) {
      sets.push({ ref: collection.doc(id), data: { [HASH_FIELD]: REJECTED_HASH, [REJECTED_FIELD]: reason, [SYNCED_AT_FIELD]: syncedAt }, merge: true });
    }
  }
  return sets;
}

function writtenIds(sets: SetOperation[], stored: Map<string, unknown>) {
  const ids = sets.map((set) => set.ref.id);
  return { writtenIds: ids, updatedIds: ids.filter((id) => stored.has(id)) };
}

function result(table: TableName, mapped: MappedTable, outcome: WriteOutcome, problem: string | null, ids: ReturnType<typeof writtenIds>): TableSyncResult {
  const counts: TableCounts = {
    synced: mapped.docs.size,
    errors: mapped.rowErrors.length + outcome.failed,
    deleted: outcome.deleted,
    written: outcome.written,
  };
  if (outcome.failed > 0) problem ??= `${outcome.failed} writes failed, first: ${outcome.firstFailure}`;
  return { table, counts, rowErrors: mapped.rowErrors, problem, ...ids };
}

function fetchFailed(table: TableName, error: Error): TableSyncResult {
  return { table, counts: { synced: 0, errors: 1, deleted: 0, written: 0 }, rowErrors: [], problem: error.message, writtenIds: [], updatedIds: [] };
}

async function fetchRows(client: AppSheetClient, appSheetTable: string, selector?: string) {
  return client.find(appSheetTable, selector).then(
    (rows) => ({ rows, error: null }),
    (error: Error) => ({ rows: [] as AppSheetRow[], error }),
  );
}

/** Every row: upsert what changed, delete documents whose row is gone, unless that looks wrong. */
export async function syncTableFull(run: TableRun, table: TableName): Promise<TableSyncResult> {
  const { db, client, syncedAt } = run;
  const spec = TABLES[table];
  const collection = db.collection(spec.collection);
  // Fetching from AppSheet and reading the stored hashes are independent: do both at once.
  const [fetched, stored] = await Promise.all([fetchRows(client, spec.appSheetTable), readAllHashes(collection)]);
  if (fetched.error) return fetchFailed(table, fetched.error);

  const mapped = await mapTable(run, table, fetched.rows);
  let problem: string | null = null;
  let deletes = [...stored.keys()].filter((id) => !mapped.docs.has(id) && !mapped.keptKeys.has(id));
  if (fetched.rows.length === 0 && stored.size > 0) {
    // An empty answer for a table that has data is far more likely a fault than a wiped table.
    problem = `AppSheet returned no rows for ${spec.appSheetTable} while Firestore holds ${stored.size}; nothing deleted`;
    deletes = [];
  } else if (mapped.rejectedWithoutKey > 0 && deletes.length > 0) {
    // A row without a key may be any of the documents that look gone: keep them all.
    problem = `${mapped.rejectedWithoutKey} rows without a key; ${deletes.length} deletions held back`;
    deletes = [];
  }
  const sets = changedDocuments(collection, mapped, stored, syncedAt);
  const outcome = await writeChanges(db, sets, deletes.map((id) => collection.doc(id)));
  const synced = result(table, mapped, outcome, problem, writtenIds(sets, stored));
  if (fetched.rows.length === 0 && stored.size > 0) synced.counts.errors += 1;
  return synced;
}

/** Rows changed since an instant (all rows when there is none): upsert only, never delete. */
export async function syncTableDelta(run: TableRun, table: TableName, since: Date | null): Promise<TableSyncResult> {
  const { db, client, syncedAt } = run;
  const spec = TABLES[table];
  const collection = db.collection(spec.collection);
  const selector = since ? changedSinceSelector(spec.appSheetTable, spec.changedColumn, since) : undefined;
  const fetched = await fetchRows(client, spec.appSheetTable, selector);
  if (fetched.error) return fetchFailed(table, fetched.error);
  const mapped = await mapTable(run, table, fetched.rows);
  const stored = await readHashesOf(db, collection, [...mapped.docs.keys(), ...mapped.keptKeys.keys()]);
  const sets = changedDocuments(collection, mapped, stored, syncedAt);
  const outcome = await writeChanges(db, sets, []);
  return result(table, mapped, outcome, null, writtenIds(sets, stored));
}
