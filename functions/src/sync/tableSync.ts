/** Syncs one AppSheet table into its Firestore collection, fully or as a delta. */
import type { CollectionReference, DocumentSnapshot, Firestore, Timestamp } from 'firebase-admin/firestore';
import { changedSinceSelector, type AppSheetClient } from './appsheetClient';
import { contentHash, HASH_FIELD, REJECTED_FIELD, REJECTED_HASH, SYNCED_AT_FIELD } from './contentHash';
import { deletionLimit, type DeletionGuard } from './deletionGuard';
import { decide, LAST_CHANGED_FIELD, type StoredVersion } from './freshness';
import { writeChanges, type Upsert, type WriteOutcome } from './firestoreWriter';
import { assignOwners, childOwners } from './planOwners';
import { mapRow, type AppSheetRow, type SyncedDocument } from './schema';
import { emptyCounts, type RowError, type TableCounts } from './syncLog';
import { TABLES, type TableName } from './tables';

export interface TableSyncResult {
  table: TableName;
  counts: TableCounts;
  rowErrors: RowError[];
  /** Values kept as the office typed them though the contract does not know them. */
  rowWarnings: RowError[];
  /** Why the table did not sync (cleanly), or null. A problem makes the run an error. */
  problem: string | null;
  /** Why deletions were held back, or null. A warning, not an error. */
  heldBack: string | null;
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
  /** How many deletions a full sync may make on its own, and what an admin confirmed. */
  deletions?: DeletionGuard;
  /** No new writes start after this instant (ms since epoch). */
  deadline?: number;
}

interface MappedDoc {
  doc: SyncedDocument;
  changedAt: string | null;
}

interface MappedTable {
  docs: Map<string, MappedDoc>;
  rowErrors: RowError[];
  rowWarnings: RowError[];
  /** Keys of rows that exist in AppSheet but were rejected, with the reason: their documents must survive. */
  keptKeys: Map<string, { reason: string; changedAt: string | null }>;
  rejectedWithoutKey: number;
}

interface Stored extends StoredVersion {
  updateTime: Timestamp | null;
}

function mapRows(table: TableName, rows: AppSheetRow[]): MappedTable {
  const mapped: MappedTable = { docs: new Map(), rowErrors: [], rowWarnings: [], keptKeys: new Map(), rejectedWithoutKey: 0 };
  for (const row of rows) {
    const result = mapRow(TABLES[table], row);
    if (!result.ok) {
      mapped.rowErrors.push({ table, key: result.key, reason: result.reason });
      if (result.key) mapped.keptKeys.set(result.key, { reason: result.reason, changedAt: null });
      else mapped.rejectedWithoutKey += 1;
    } else if (mapped.docs.has(result.id)) {
      mapped.rowErrors.push({ table, key: result.id, reason: 'duplicate key' });
    } else {
      mapped.docs.set(result.id, { doc: result.doc, changedAt: result.changedAt });
      for (const warning of result.warnings ?? []) mapped.rowWarnings.push({ table, key: result.id, reason: warning });
    }
  }
  return mapped;
}

async function mapTable(run: TableRun, table: TableName, rows: AppSheetRow[]): Promise<MappedTable> {
  const mapped = mapRows(table, rows);
  if (table === 'plans') {
    await run.childrenSynced;
    const plans = new Map([...mapped.docs].map(([id, { doc }]) => [id, doc]));
    const owners = await childOwners(run.db, [...plans.values()].map((plan) => String(plan.childId)));
    for (const rejected of assignOwners(plans, owners).rejected) {
      mapped.rowErrors.push(rejected);
      mapped.keptKeys.set(rejected.key, { reason: rejected.reason, changedAt: mapped.docs.get(rejected.key)?.changedAt ?? null });
      mapped.docs.delete(rejected.key);
    }
  }
  return mapped;
}

const STORED_FIELDS = [HASH_FIELD, LAST_CHANGED_FIELD];
const storedOf = (doc: DocumentSnapshot): Stored => ({
  hash: doc.get(HASH_FIELD),
  lastChanged: doc.get(LAST_CHANGED_FIELD),
  updateTime: doc.updateTime ?? null,
});

/** What Firestore holds now, per document: content hash, source version and update time. */
async function readAllStored(collection: CollectionReference): Promise<Map<string, Stored>> {
  const snapshot = await collection.select(...STORED_FIELDS).get();
  return new Map(snapshot.docs.map((doc) => [doc.id, storedOf(doc)]));
}

async function readStoredOf(db: Firestore, collection: CollectionReference, ids: string[]): Promise<Map<string, Stored>> {
  const stored = new Map<string, Stored>();
  for (let start = 0; start < ids.length; start += 500) {
    const refs = ids.slice(start, start + 500).map((id) => collection.doc(id));
    if (refs.length === 0) continue;
    const snapshots = await db.getAll(...refs, { fieldMask: STORED_FIELDS });
    for (const snapshot of snapshots) if (snapshot.exists) stored.set(snapshot.id, storedOf(snapshot));
  }
  return stored;
}

/**
 * What to write: documents whose content changed and whose row is not older than the stored
 * one (newer data wins), and the mark of rows rejected since their document was written.
 */
function upserts(collection: CollectionReference, mapped: MappedTable, stored: Map<string, Stored>, syncedAt: string) {
  const writes: Upsert[] = [];
  let olderSkipped = 0;
  for (const [id, { doc, changedAt }] of mapped.docs) {
    const hash = contentHash(doc);
    const current = stored.get(id);
    const decision = decide(current, { hash, changedAt });
    if (decision === 'older') olderSkipped += 1;
    if (decision !== 'write') continue;
    writes.push({
      ref: collection.doc(id),
      data: { ...doc, [HASH_FIELD]: hash, [SYNCED_AT_FIELD]: syncedAt, [LAST_CHANGED_FIELD]: changedAt },
      version: { hash, changedAt },
      readAt: current?.updateTime ?? null,
    });
  }
  // A rejected row keeps its document as it was, marked, so that access through it ends
  // (member index) and the fixed row is written again in full.
  for (const [id, { reason, changedAt }] of mapped.keptKeys) {
    const current = stored.get(id);
    if (!current || current.hash === REJECTED_HASH) continue;
    writes.push({
      ref: collection.doc(id),
      data: { [HASH_FIELD]: REJECTED_HASH, [REJECTED_FIELD]: reason, [SYNCED_AT_FIELD]: syncedAt },
      version: { hash: REJECTED_HASH, changedAt },
      readAt: current.updateTime,
      merge: true,
    });
  }
  return { writes, olderSkipped };
}

function result(table: TableName, mapped: MappedTable, outcome: WriteOutcome, writes: Upsert[], stored: Map<string, unknown>): TableSyncResult {
  const counts: TableCounts = {
    ...emptyCounts(),
    synced: mapped.docs.size,
    errors: mapped.rowErrors.length + outcome.failed,
    deleted: outcome.deleted,
    written: outcome.written,
    warnings: mapped.rowWarnings.length,
    olderSkipped: outcome.olderSkipped,
  };
  const ids = writes.map((write) => write.ref.id);
  return {
    table,
    counts,
    rowErrors: mapped.rowErrors,
    rowWarnings: mapped.rowWarnings,
    problem: outcome.failed > 0 ? `${outcome.failed} writes failed, first: ${outcome.firstFailure}` : null,
    heldBack: null,
    writtenIds: ids,
    updatedIds: ids.filter((id) => stored.has(id)),
  };
}

export function failedTable(table: TableName, reason: string): TableSyncResult {
  return {
    table,
    counts: { ...emptyCounts(), errors: 1 },
    rowErrors: [],
    rowWarnings: [],
    problem: reason,
    heldBack: null,
    writtenIds: [],
    updatedIds: [],
  };
}

async function fetchRows(client: AppSheetClient, appSheetTable: string, selector?: string) {
  return client.find(appSheetTable, selector).then(
    (rows) => ({ rows, error: null }),
    (error: Error) => ({ rows: [] as AppSheetRow[], error }),
  );
}

/** Which of the documents that look gone a full sync deletes now, and why it holds back the rest. */
function plannedDeletions(table: TableName, run: TableRun, fetched: AppSheetRow[], mapped: MappedTable, stored: Map<string, unknown>) {
  const gone = [...stored.keys()].filter((id) => !mapped.docs.has(id) && !mapped.keptKeys.has(id));
  if (gone.length === 0) return { deletes: gone, heldBack: null, heldBackCount: 0 };
  const name = TABLES[table].appSheetTable;
  const hold = (reason: string) => ({ deletes: [] as string[], heldBack: `${gone.length} deletions held back: ${reason}`, heldBackCount: gone.length });
  // An empty answer for a table that has data is far more likely a fault than a wiped table.
  if (fetched.length === 0) return hold(`AppSheet returned no rows for ${name} while Firestore holds ${stored.size}`);
  // A row without a key may be any of the documents that look gone.
  if (mapped.rejectedWithoutKey > 0) return hold(`${mapped.rejectedWithoutKey} rows of ${name} have no key`);
  const confirmed = run.deletions?.confirmed;
  if (confirmed?.table === table && confirmed.count === gone.length) return { deletes: gone, heldBack: null, heldBackCount: 0 };
  const limit = deletionLimit(stored.size, run.deletions?.share);
  if (gone.length <= limit) return { deletes: gone, heldBack: null, heldBackCount: 0 };
  const mismatch = confirmed?.table === table ? ` (${confirmed.count} were confirmed; the number has changed)` : '';
  return hold(`more than ${limit} of ${stored.size} documents of ${name} at once${mismatch}; an admin can apply them`);
}

/** Every row: upsert what changed, delete documents whose row is gone, unless that looks wrong. */
export async function syncTableFull(run: TableRun, table: TableName): Promise<TableSyncResult> {
  const { db, client, syncedAt } = run;
  const spec = TABLES[table];
  const collection = db.collection(spec.collection);
  // Fetching from AppSheet and reading what is stored are independent: do both at once.
  const [fetched, stored] = await Promise.all([fetchRows(client, spec.appSheetTable), readAllStored(collection)]);
  if (fetched.error) return failedTable(table, fetched.error.message);

  const mapped = await mapTable(run, table, fetched.rows);
  const { deletes, heldBack, heldBackCount } = plannedDeletions(table, run, fetched.rows, mapped, stored);
  const { writes, olderSkipped } = upserts(collection, mapped, stored, syncedAt);
  const outcome = await writeChanges(db, writes, deletes.map((id) => collection.doc(id)), { deadline: run.deadline });
  outcome.olderSkipped += olderSkipped;
  const synced = result(table, mapped, outcome, writes, stored);
  synced.heldBack = heldBack;
  synced.counts.heldBack = heldBackCount;
  return synced;
}

/** Rows changed since an instant (all rows when there is none): upsert only, never delete. */
export async function syncTableDelta(run: TableRun, table: TableName, since: Date | null): Promise<TableSyncResult> {
  const { db, client, syncedAt } = run;
  const spec = TABLES[table];
  const collection = db.collection(spec.collection);
  const selector = since ? changedSinceSelector(spec.appSheetTable, spec.changedColumn, since) : undefined;
  const fetched = await fetchRows(client, spec.appSheetTable, selector);
  if (fetched.error) return failedTable(table, fetched.error.message);
  const mapped = await mapTable(run, table, fetched.rows);
  const stored = await readStoredOf(db, collection, [...mapped.docs.keys(), ...mapped.keptKeys.keys()]);
  const { writes, olderSkipped } = upserts(collection, mapped, stored, syncedAt);
  const outcome = await writeChanges(db, writes, [], { deadline: run.deadline });
  outcome.olderSkipped += olderSkipped;
  return result(table, mapped, outcome, writes, stored);
}
