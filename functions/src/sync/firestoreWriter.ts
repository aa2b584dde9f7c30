import type { DocumentReference, Firestore } from 'firebase-admin/firestore';

export interface WriteOutcome {
  written: number;
  deleted: number;
  failed: number;
  firstFailure: string | null;
}

/**
 * Applies many sets and deletes with the Admin SDK's BulkWriter: parallel batched commits with
 * retries on contention. Throttling is off because the sync is the only writer of these
 * collections and the ramp-up (500 ops/s) would make a large school's sync take minutes.
 */
export async function writeChanges(
  db: Firestore,
  sets: ReadonlyArray<{ ref: DocumentReference; data: Record<string, unknown> }>,
  deletes: ReadonlyArray<DocumentReference>,
): Promise<WriteOutcome> {
  const outcome: WriteOutcome = { written: 0, deleted: 0, failed: 0, firstFailure: null };
  if (sets.length === 0 && deletes.length === 0) return outcome;
  const writer = db.bulkWriter({ throttling: false });
  writer.onWriteError((error) => {
    if (error.failedAttempts < 5) return true;
    outcome.failed += 1;
    outcome.firstFailure ??= `${error.documentRef.path}: ${error.message}`;
    return false;
  });
  for (const { ref, data } of sets) {
    writer.set(ref, data).then(() => (outcome.written += 1), () => undefined);
  }
  for (const ref of deletes) {
    writer.delete(ref).then(() => (outcome.deleted += 1), () => undefined);
  }
  await writer.close();
  return outcome;
}
