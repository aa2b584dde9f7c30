/**
 * A cancelled lesson (or its withdrawal) changes the calendar feeds of its families, but not what
 * a feed's stored basis is made of (the last sync, the day, the language): without this, a
 * calendar app polling with the old ETag would get 304 and keep showing the lesson as it was.
 * Clearing the stored ETag and basis of these families' feeds makes their next poll build the
 * feed anew. calendar_feeds are keyed by the token's hash and carry the member id: queried by
 * it, 30 members at a time, so the work grows with the lesson's families.
 */
import { CALENDAR_FEEDS } from '@family-portal/contract';
import { chunk } from 'es-toolkit/array';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { commitInBatches, type BatchOperation } from './batchedWrites';
import { IN_LIMIT } from '../lib/firestoreLimits';

const NOT_FOUND = 5;

/** Returns how many feeds were cleared. */
export async function clearFeedEtags(db: Firestore, memberIds: readonly string[]): Promise<number> {
  const snapshots = await Promise.all(
    chunk([...new Set(memberIds)], IN_LIMIT).map((batch) => db.collection(CALENDAR_FEEDS).where('memberId', 'in', batch).select('etag', 'basis').get()),
  );
  const stale = snapshots.flatMap((snapshot) => snapshot.docs).filter((doc) => doc.get('etag') !== undefined || doc.get('basis') !== undefined);
  // update(), never set(): a feed deleted meanwhile (a new address made) must stay deleted.
  const operations: BatchOperation[] = stale.map((doc) => ({ ref: doc.ref, update: { etag: FieldValue.delete(), basis: FieldValue.delete() } }));
  try {
    return await commitInBatches(db, operations);
  } catch (error) {
    if ((error as { code?: number }).code !== NOT_FOUND) throw error;
    // One of them went meanwhile, which failed its whole batch: the rest one by one.
    const cleared = await Promise.all(operations.map((operation) => commitInBatches(db, [operation]).catch(() => 0)));
    logger.info('calendar feeds cleared one by one: a feed was deleted meanwhile', { feeds: operations.length });
    return cleared.reduce((sum, count) => sum + count, 0);
  }
}
