/** Syncs one AppSheet table into its Firestore collection. */
import type { CollectionReference, Firestore } from 'firebase-admin/firestore';
import type { AppSheetClient } from './appsheetClient';
import { contentHash, HASH_FIELD, SYNCED_AT_FIELD } from './contentHash';
import { writeChanges } from './firestoreWriter';
import { mapRow, type SyncedDocument } from './schema';
import type { RowError, TableCounts } from './syncLog';
import { TABLES, type TableName } from './tables';

export interface TableSyncResult {
  table: TableName;
  counts: TableCounts;
  rowErrors: RowError[];
  /** Why the table could not be synced (nothing was deleted then), or null. */
  problem: string | null;
}

/** Document id → content hash of what Firestore holds now (only the hash is read). */
async function readStoredHashes(collection: CollectionReference): Promise<Map<string, unknown>> {
  const snapshot = await collection.select(HASH_FIELD).get();
  return new Map(snapshot.docs.map((doc) => [doc.id, doc.get(HASH_FIELD)]));
}

export async function syncTableFull(
  db: Firestore,
  client: AppSheetClient,
  table: TableName,
  syncedAt: string,
): Promise<TableSyncResult> {
  const spec = TABLES[table];
  const counts: TableCounts = { synced: 0, errors: 0, deleted: 0, written: 0 };
  const rowErrors: RowError[] = [];

  const collection = db.collection(spec.collection);
  // Fetching from AppSheet and reading the stored hashes are independent: do both at once.
  const [fetched, existing] = await Promise.all([
    client.find(spec.appSheetTable).then(
      (rows) => ({ rows, error: null }),
      (error: Error) => ({ rows: [], error }),
    ),
    readStoredHashes(collection),
  ]);
  if (fetched.error) {
    counts.errors = 1;
    return { table, counts, rowErrors, problem: fetched.error.message };
  }
  const { rows } = fetched;

  const docs = new Map<string, SyncedDocument>();
  // Keys of rows that exist in AppSheet but were rejected: their documents must survive.
  const keptKeys = new Set<string>();
  let rejectedWithoutKey = 0;
  for (const row of rows) {
    const mapped = mapRow(spec, row);
    if (!mapped.ok) {
      counts.errors += 1;
      rowErrors.push({ table, key: mapped.key, reason: mapped.reason });
      if (mapped.key) keptKeys.add(mapped.key);
      else rejectedWithoutKey += 1;
    } else if (docs.has(mapped.id)) {
      counts.errors += 1;
      rowErrors.push({ table, key: mapped.id, reason: 'duplicate key' });
    } else {
      docs.set(mapped.id, mapped.doc);
    }
  }
  counts.synced = docs.size;

  const sets = [];
  for (const [id, doc] of docs) {
    const hash = contentHash(doc);
    if (existing.get(id) !== hash) {
      sets.push({ ref: collection.doc(id), data: { ...doc, [HASH_FIELD]: hash, [SYNCED_AT_FIELD]: syncedAt } });
    }
  }

  let problem: string | null = null;
  let deletes = [...existing.keys()].filter((id) => !docs.has(id) && !keptKeys.has(id));
  if (rows.length === 0 && existing.size > 0) {
    // An empty answer for a table that has data is far more likely a fault than a wiped table.
    problem = `AppSheet returned no rows for ${spec.appSheetTable} while Firestore holds ${existing.size}; nothing deleted`;
    counts.errors += 1;
    deletes = [];
  } else if (rejectedWithoutKey > 0 && deletes.length > 0) {
    // A row without a key may be any of the documents that look gone: keep them all.
    problem = `${rejectedWithoutKey} rows without a key; ${deletes.length} deletions held back`;
    deletes = [];
  }

  const outcome = await writeChanges(
    db,
    sets,
    deletes.map((id) => collection.doc(id)),
  );
  counts.written = outcome.written;
  counts.deleted = outcome.deleted;
  if (outcome.failed > 0) {
    counts.errors += outcome.failed;
    problem ??= `${outcome.failed} writes failed, first: ${outcome.firstFailure}`;
  }
  return { table, counts, rowErrors, problem };
}
