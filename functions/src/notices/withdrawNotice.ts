/**
 * The office takes a notice back: the notice is marked withdrawn (with its audit entry, in one
 * transaction, so that of two clicks one withdraws and the other gets 409), then every family's
 * copy is deleted (a withdrawn cancellation restores the lesson in the plans page and, once its
 * feeds are told to build anew, in the calendars). A withdrawal cut short is finished by the
 * next call, which deletes the copies left before answering 409. A notice withdrawn while its
 * copies are still being written: the delivery stops at its next batch and, once its batches are
 * done, deletes what it wrote after this delete (deliveries.ts), so no copy outlives the two.
 */
import { ADMIN_AUDIT, type OfficeNotice } from '@family-portal/contract';
import type { Firestore } from 'firebase-admin/firestore';
import { HttpError } from '../http/errors';
import { noticeAuditEntry } from '../lib/audit';
import { deleteDeliveries } from './deliveries';
import { clearFeedEtags } from './feedEtags';
import { canNameDocument, firstTitle, noticesOf, officeNoticeOf, type StoredNotice } from './noticeRecord';

const notFound = (noticeId: string) => new HttpError('not-found', `There is no notice ${noticeId}.`);

export async function withdrawNotice(db: Firestore, adminEmail: string, noticeId: string, now = new Date()): Promise<OfficeNotice> {
  if (!canNameDocument(noticeId)) throw notFound(noticeId);
  const ref = noticesOf(db).doc(noticeId);
  const outcome = await db.runTransaction(async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (!snapshot.exists) return null;
    const notice = snapshot.data() as StoredNotice;
    if (notice.withdrawnAt) return { notice, already: true };
    const withdrawn: StoredNotice = { ...notice, withdrawnAt: now.toISOString(), withdrawnBy: adminEmail };
    transaction.update(ref, { withdrawnAt: withdrawn.withdrawnAt, withdrawnBy: withdrawn.withdrawnBy });
    transaction.create(
      db.collection(ADMIN_AUDIT).doc(),
      noticeAuditEntry(
        'noticeWithdrawn',
        adminEmail,
        { noticeId, noticeKind: notice.kind, title: firstTitle(notice), audience: notice.auditAudience, recipients: notice.recipients },
        withdrawn.withdrawnAt as string,
      ),
    );
    return { notice: withdrawn, already: false };
  });
  if (!outcome) throw notFound(noticeId);
  const families = await deleteDeliveries(db, noticeId);
  if (outcome.notice.kind === 'cancellation' && families.length > 0) await clearFeedEtags(db, families);
  if (outcome.already) throw new HttpError('already-withdrawn', 'This notice has already been withdrawn.', { notice: officeNoticeOf(noticeId, outcome.notice) });
  return officeNoticeOf(noticeId, outcome.notice);
}
