/**
 * notice_deliveries/{noticeId}_{memberId}: each family's copy of a notice, written when it is sent
 * for the families resolved then (so sending costs the audience, not the school), deleted when
 * it is withdrawn (the family no longer sees it; a withdrawn cancellation restores the lesson),
 * also when the withdrawal comes while the copies are still being written.
 */
import { deliveryId, NOTICE_DELIVERIES, type NoticeDelivery } from '@family-portal/contract';
import type { Firestore } from 'firebase-admin/firestore';
import { commitInBatches } from './batchedWrites';
import { noticesOf, type StoredNotice } from './noticeRecord';

export const deliveriesOf = (db: Firestore) => db.collection(NOTICE_DELIVERIES);

export function deliveryOf(noticeId: string, memberId: string, notice: StoredNotice): NoticeDelivery {
  return {
    noticeId,
    memberId,
    kind: notice.kind,
    sentAt: notice.sentAt,
    texts: notice.texts,
    languages: notice.languages,
    cancellation: notice.cancellation,
    readAt: null,
  };
}

/** A test's hold on the delivery: it runs before each batch of copies is committed (its index). */
export interface DeliveryHooks {
  beforeBatch?: (index: number) => Promise<void>;
}

/**
 * Writes one copy per family, a batch at a time, and stops when the notice has been withdrawn
 * meanwhile (it looks before each batch). A withdrawal deletes the copies it finds; a batch that
 * passed its look just before the withdrawal may commit after that delete, so once its batches are
 * done the delivery looks again and, finding the notice withdrawn, deletes the copies itself:
 * whichever comes last, the withdrawal's delete or this one, leaves none. Returns how many copies
 * were written and whether the notice was withdrawn meanwhile.
 */
export async function deliver(
  db: Firestore,
  noticeId: string,
  notice: StoredNotice,
  memberIds: readonly string[],
  hooks: DeliveryHooks = {},
): Promise<{ written: number; withdrawn: boolean }> {
  const operations = memberIds.map((memberId) => ({ ref: deliveriesOf(db).doc(deliveryId(noticeId, memberId)), set: { ...deliveryOf(noticeId, memberId, notice) } }));
  const [first] = operations;
  if (!first) return { written: 0, withdrawn: false };
  // That field only: while it is sent, the notice holds its families' ids too.
  const withdrawn = async () => Boolean((await db.getAll(noticesOf(db).doc(noticeId), { fieldMask: ['withdrawnAt'] }))[0]?.get('withdrawnAt'));
  const written = await commitInBatches(db, operations, Buffer.byteLength(JSON.stringify(first.set)), async (index) => {
    await hooks.beforeBatch?.(index);
    return !(await withdrawn());
  });
  if (!(await withdrawn())) return { written, withdrawn: false };
  await deleteDeliveries(db, noticeId);
  return { written, withdrawn: true };
}

/** Deletes every copy of a notice that is left; returns the families they were of. */
export async function deleteDeliveries(db: Firestore, noticeId: string): Promise<string[]> {
  const copies = await deliveriesOf(db).where('noticeId', '==', noticeId).select('memberId').get();
  await commitInBatches(db, copies.docs.map((doc) => ({ ref: doc.ref, delete: true as const })));
  return copies.docs.map((doc) => String(doc.get('memberId') ?? ''));
}
