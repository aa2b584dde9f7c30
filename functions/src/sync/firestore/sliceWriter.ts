/**
 * Writes a table's slices: compares each mapped slice with what Firestore holds and writes what
 * changed (newer data wins), one slice while the next is read (tableSync.ts).
 */
import { chunk } from 'es-toolkit/array';
import type { CollectionReference, DocumentSnapshot, Firestore, Timestamp } from 'firebase-admin/firestore';
import { contentHash, HASH_FIELD, REJECTED_FIELD, REJECTED_HASH, SYNCED_AT_FIELD } from './contentHash';
import { decide, LAST_CHANGED_FIELD, type StoredVersion } from './freshness';
import { writeChanges, type Upsert, type WriteOutcome } from './firestoreWriter';
import type { SyncedDocument } from '../mapping/mapRow';

/** What the writes of one table's run need. */
export interface WriteContext {
  db: Firestore;
  /** The run's start, stored on every written document. */
  syncedAt: string;
  /** No new writes start after this instant (ms since epoch). */
  deadline?: number;
}

export interface MappedDoc {
  doc: SyncedDocument;
  changedAt: string | null;
}

export type Kept = Map<string, { reason: string; changedAt: string | null }>;

/** One slice's rows, mapped. */
export interface MappedSlice {
  /** When the request that read these rows was sent (ms since epoch). */
  fetchedAt?: number;
  docs: Map<string, MappedDoc>;
  /** Keys of rows that exist in AppSheet but were rejected, with the reason: their documents must survive. */
  keptKeys: Kept;
}

export interface Stored extends StoredVersion {
  updateTime: Timestamp | null;
}

const STORED_FIELDS = [HASH_FIELD, LAST_CHANGED_FIELD];
const storedOf = (doc: DocumentSnapshot): Stored => ({
  hash: doc.get(HASH_FIELD),
  lastChanged: doc.get(LAST_CHANGED_FIELD),
  updateTime: doc.updateTime ?? null,
});

/**
 * What Firestore holds now, per document: content hash, source version and update time.
 * Streamed, so that only these three values of each document are kept, never all snapshots.
 */
export async function readAllStored(collection: CollectionReference): Promise<Map<string, Stored>> {
  const stored = new Map<string, Stored>();
  for await (const doc of collection.select(...STORED_FIELDS).stream()) {
    const snapshot = doc as unknown as DocumentSnapshot;
    stored.set(snapshot.id, storedOf(snapshot));
  }
  return stored;
}

export async function readStoredOf(db: Firestore, collection: CollectionReference, ids: string[]): Promise<Map<string, Stored>> {
  const stored = new Map<string, Stored>();
  for (const batch of chunk(ids, 500)) {
    const refs = batch.map((id) => collection.doc(id));
    const snapshots = await db.getAll(...refs, { fieldMask: STORED_FIELDS });
    for (const snapshot of snapshots) if (snapshot.exists) stored.set(snapshot.id, storedOf(snapshot));
  }
  return stored;
}

/**
 * What to write: documents whose content changed and whose row is not older than the stored
 * one (newer data wins), and the mark of rows rejected since their document was written.
 */
function upserts(collection: CollectionReference, slice: MappedSlice, stored: Map<string, Stored>, syncedAt: string) {
  const writes: Upsert[] = [];
  let olderSkipped = 0;
  for (const [id, { doc, changedAt }] of slice.docs) {
    const hash = contentHash(doc);
    const current = stored.get(id);
    const decision = decide(current && { ...current, updatedAt: current.updateTime?.toMillis() }, { hash, changedAt, fetchedAt: slice.fetchedAt });
    if (decision === 'older') olderSkipped += 1;
    if (decision !== 'write') continue;
    // The mapped document is not needed after this: it becomes the written data itself
    // (no copy of every document of a large table).
    const data: Record<string, unknown> = Object.assign(doc, { [HASH_FIELD]: hash, [SYNCED_AT_FIELD]: syncedAt, [LAST_CHANGED_FIELD]: changedAt });
    writes.push({
      ref: collection.doc(id),
      data,
      version: { hash, changedAt, fetchedAt: slice.fetchedAt },
      readAt: current?.updateTime ?? null,
    });
  }
  // A rejected row keeps its document as it was, marked, so that access through it ends
  // (member index) and the fixed row is written again in full.
  for (const [id, { reason, changedAt }] of slice.keptKeys) {
    const current = stored.get(id);
    if (!current || current.hash === REJECTED_HASH) continue;
    writes.push({
      ref: collection.doc(id),
      data: { [HASH_FIELD]: REJECTED_HASH, [REJECTED_FIELD]: reason, [SYNCED_AT_FIELD]: syncedAt },
      version: { hash: REJECTED_HASH, changedAt, fetchedAt: slice.fetchedAt },
      readAt: current.updateTime,
      merge: true,
    });
  }
  return { writes, olderSkipped };
}

/**
 * Writes a table slice by slice: one slice's writes run while the next slice is read and
 * mapped, and a further slice waits for them (so at most two slices are held at once).
 */
export function tableWriter(run: WriteContext, collection: CollectionReference) {
  const outcome: WriteOutcome = { written: 0, deleted: 0, failed: 0, firstFailure: null, olderSkipped: 0 };
  const writtenIds: string[] = [];
  const updatedIds: string[] = [];
  let pending: Promise<void> = Promise.resolve();
  const add = (done: WriteOutcome) => {
    outcome.written += done.written;
    outcome.deleted += done.deleted;
    outcome.failed += done.failed;
    outcome.olderSkipped += done.olderSkipped;
    outcome.firstFailure ??= done.firstFailure;
  };
  return {
    outcome,
    writtenIds,
    updatedIds,
    /** Queues a slice's writes (and deletions) once the previous slice's are done. */
    async write(slice: MappedSlice, stored: Map<string, Stored>, deletes: string[] = []): Promise<void> {
      const { writes, olderSkipped } = upserts(collection, slice, stored, run.syncedAt);
      outcome.olderSkipped += olderSkipped;
      for (const { ref } of writes) {
        writtenIds.push(ref.id);
        if (stored.has(ref.id)) updatedIds.push(ref.id);
      }
      await pending;
      const refs = deletes.map((id) => collection.doc(id));
      pending = writeChanges(run.db, writes, refs, { deadline: run.deadline }).then(add);
    },
    /** Resolves when every queued write has finished; writeChanges never rejects. */
    settled: () => pending,
  };
}

export type TableWriter = ReturnType<typeof tableWriter>;
