/**
 * A family opened a notice: its copy gets the moment, once, and the notice counts one more
 * family that read it, in the same transaction, so that "read by N of M" counts each family once
 * however many parents or tabs open it at the same time.
 */
import { deliveryId } from '@family-portal/contract';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { HttpError } from '../http/errors';
import { deliveriesOf } from './deliveries';
import { canNameDocument, noticesOf } from './noticeRecord';

export async function markNoticeRead(db: Firestore, memberId: string, noticeId: string, now = new Date()): Promise<{ noticeId: string; readAt: string }> {
  const notFound = new HttpError('not-found', 'Your family has no such notice.');
  if (!canNameDocument(noticeId)) throw notFound;
  const ref = deliveriesOf(db).doc(deliveryId(noticeId, memberId));
  return db.runTransaction(async (transaction) => {
    const copy = await transaction.get(ref);
    // The id joins two ids with "_": the stored fields decide whose copy it is.
    if (!copy.exists || copy.get('memberId') !== memberId || copy.get('noticeId') !== noticeId) throw notFound;
    const readAt = copy.get('readAt') as unknown;
    if (typeof readAt === 'string') return { noticeId, readAt };
    const at = now.toISOString();
    transaction.update(ref, { readAt: at });
    transaction.update(noticesOf(db).doc(noticeId), { reads: FieldValue.increment(1) });
    return { noticeId, readAt: at };
  });
}
