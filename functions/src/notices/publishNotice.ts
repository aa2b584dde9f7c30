/**
 * Sending a notice (the office's own, or a cancelled lesson): the notice and its audit entry in
 * one commit, then each family's copy, then (for a cancellation) the families' calendar feeds
 * told to build anew. A notice whose copies failed to write is still listed, so the office can
 * withdraw it (which deletes whatever copies were written).
 */
import { ADMIN_AUDIT, type Cancellation, type NoticeLanguage, type NoticeTexts, type OfficeNotice } from '@family-portal/contract';
import type { Firestore } from 'firebase-admin/firestore';
import { noticeAuditEntry } from '../office/audit';
import { emptyAudience, type ResolvedAudience } from './audience';
import { deliver } from './deliveries';
import { clearFeedEtags } from './feedEtags';
import { firstTitle, noticesOf, officeNoticeOf, type StoredNotice } from './noticeRecord';

export interface NewNotice {
  kind: OfficeNotice['kind'];
  texts: NoticeTexts;
  languages: NoticeLanguage[];
  audience: ResolvedAudience;
  cancellation: Cancellation | null;
}

export async function publishNotice(db: Firestore, adminEmail: string, notice: NewNotice, now = new Date()): Promise<OfficeNotice> {
  const { memberIds } = notice.audience;
  if (memberIds.length === 0) throw emptyAudience();
  const ref = noticesOf(db).doc();
  const sentAt = now.toISOString();
  const stored: StoredNotice = {
    kind: notice.kind,
    texts: notice.texts,
    languages: notice.languages,
    audience: notice.audience.stored,
    auditAudience: notice.audience.summary,
    cancellation: notice.cancellation,
    sentAt,
    sentBy: adminEmail,
    recipients: memberIds.length,
    reads: 0,
    withdrawnAt: null,
    withdrawnBy: null,
  };
  const batch = db.batch();
  batch.create(ref, stored);
  batch.create(
    db.collection(ADMIN_AUDIT).doc(),
    noticeAuditEntry('noticeSent', adminEmail, { noticeId: ref.id, noticeKind: stored.kind, title: firstTitle(stored), audience: stored.auditAudience, recipients: stored.recipients }, sentAt),
  );
  await batch.commit();
  await deliver(db, ref.id, stored, memberIds);
  if (stored.cancellation) await clearFeedEtags(db, memberIds);
  return officeNoticeOf(ref.id, stored);
}
