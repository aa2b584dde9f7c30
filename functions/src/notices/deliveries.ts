/**
 * notice_deliveries/{noticeId}_{memberId}: each family's copy of a notice, written when it is sent
 * for the families resolved then (so sending costs the audience, not the school), deleted when
 * it is withdrawn (the family no longer sees it; a withdrawn cancellation restores the lesson).
 */
import { deliveryId, NOTICE_DELIVERIES, type NoticeDelivery } from '@family-portal/contract';
import type { Firestore } from 'firebase-admin/firestore';
import { commitInBatches } from './batchedWrites';
import type { StoredNotice } from './noticeRecord';

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

/** Writes one copy per family; returns how many. */
export async function deliver(db: Firestore, noticeId: string, notice: StoredNotice, memberIds: readonly string[], hooks: DeliveryHooks = {}): Promise<number> {
  const operations = memberIds.map((memberId) => ({ ref: deliveriesOf(db).doc(deliveryId(noticeId, memberId)), set: { ...deliveryOf(noticeId, memberId, notice) } }));
  const [first] = operations;
  return first ? commitInBatches(db, operations, Buffer.byteLength(JSON.stringify(first.set)), hooks.beforeBatch) : 0;
}

/** Deletes every copy of a notice that is left; returns the families they were of. */
export async function deleteDeliveries(db: Firestore, noticeId: string): Promise<string[]> {
  const copies = await deliveriesOf(db).where('noticeId', '==', noticeId).select('memberId').get();
  await commitInBatches(db, copies.docs.map((doc) => ({ ref: doc.ref, delete: true as const })));
  return copies.docs.map((doc) => String(doc.get('memberId') ?? ''));
}
