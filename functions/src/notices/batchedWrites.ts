/**
 * Writes of a notice's family copies: batched commits (Firestore takes up to 500 operations and
 * 10 MiB per commit), a few in flight, each retried on a passing failure. A notice's texts may
 * be some tens of kilobytes, so a batch holds as many copies as fit well under the 10 MiB.
 */
import type { DocumentReference, Firestore, WriteBatch } from 'firebase-admin/firestore';
import { chunk } from 'es-toolkit/array';
import { limitAsync } from 'es-toolkit/promise';
import { withRetry } from '../lib/retry';

const MAX_OPERATIONS = 500;
/** Below the commit's 10 MiB, with room for field names and the request's own overhead. */
const MAX_BATCH_BYTES = 6 * 1024 * 1024;
const CONCURRENT_BATCHES = 8;
/** gRPC codes of a passing failure: deadline exceeded, resource exhausted, aborted, internal, unavailable. */
const PASSING = new Set([4, 8, 10, 13, 14]);
const RETRY = { attempts: 3, backoffMs: 400, retryable: (error: unknown) => PASSING.has((error as { code?: number }).code ?? 14) };

/** How many documents of about `documentBytes` each one commit takes. Pure. */
export function batchLength(documentBytes: number): number {
  return Math.max(1, Math.min(MAX_OPERATIONS, Math.floor(MAX_BATCH_BYTES / Math.max(1, documentBytes))));
}

/** set() writes the whole document; update() changes fields of one that must exist; delete. */
export type BatchOperation =
  | { ref: DocumentReference; set: Record<string, unknown> }
  | { ref: DocumentReference; update: Record<string, unknown> }
  | { ref: DocumentReference; delete: true };

function add(batch: WriteBatch, operation: BatchOperation): void {
  if ('delete' in operation) batch.delete(operation.ref);
  else if ('update' in operation) batch.update(operation.ref, operation.update);
  else batch.set(operation.ref, operation.set);
}

/**
 * Commits the operations in batches; throws when a batch fails for good. Returns how many were
 * committed. `beforeBatch` runs before each batch (its index) is committed: answering false
 * leaves that batch, and every batch not begun yet, uncommitted (those in flight still commit).
 */
export async function commitInBatches(
  db: Firestore,
  operations: readonly BatchOperation[],
  documentBytes = 1024,
  beforeBatch?: (index: number) => Promise<boolean>,
): Promise<number> {
  let stopped = false;
  let committed = 0;
  const commit = limitAsync(async (batch: BatchOperation[], index: number) => {
    if (!stopped && beforeBatch && !(await beforeBatch(index))) stopped = true;
    if (stopped) return;
    await withRetry(() => {
      const writeBatch = db.batch();
      for (const operation of batch) add(writeBatch, operation);
      return writeBatch.commit();
    }, RETRY);
    committed += batch.length;
  }, CONCURRENT_BATCHES);
  await Promise.all(chunk([...operations], batchLength(documentBytes)).map((batch, index) => commit(batch, index)));
  return committed;
}
