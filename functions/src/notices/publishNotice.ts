/**
 * Sending a notice (the office's own, or a cancelled lesson): the notice and its audit entry in
 * one commit, then each family's copy, then (for a cancellation) the families' calendar feeds
 * told to build anew. A notice whose copies failed to write is still listed, so the office can
 * withdraw it (which deletes whatever copies were written); one withdrawn while its copies are
 * written stops them and is left with none (deliveries.ts).
 *
 * Each send carries the console's key: the notice's id is made from it (noticeIdFor), so a second
 * attempt of the same send finds the first one's notice, before it resolves anything or while the
 * first is still writing (create() lets one of them win), and answers it without writing or
 * sending anything again.
 */
import { ADMIN_AUDIT, type Cancellation, type NoticeLanguage, type NoticeTexts, type OfficeNotice } from '@family-portal/contract';
import type { Firestore } from 'firebase-admin/firestore';
import { noticeAuditEntry } from '../office/audit';
import { emptyAudience, type ResolvedAudience } from './audience';
import { deliver, type DeliveryHooks } from './deliveries';
import { clearFeedEtags } from './feedEtags';
import { firstTitle, noticeIdFor, noticesOf, officeNoticeOf, officeNoticeOfDoc, type StoredNotice } from './noticeRecord';

export interface NewNotice {
  kind: OfficeNotice['kind'];
  texts: NoticeTexts;
  languages: NoticeLanguage[];
  audience: ResolvedAudience;
  cancellation: Cancellation | null;
  /** The console's key of this send. */
  idempotencyKey: string;
}

/** What a send did: the notice as the console lists it; `replayed` when an earlier attempt with the same key made it and nothing was done now. */
export interface Published {
  notice: OfficeNotice;
  replayed: boolean;
}

/** Firestore's gRPC code for a document that exists already. */
const ALREADY_EXISTS = 6;

/** The notice an earlier attempt of this send made, or null. */
export async function earlierSend(db: Firestore, kind: OfficeNotice['kind'], adminEmail: string, key: string): Promise<Published | null> {
  const snapshot = await noticesOf(db).doc(noticeIdFor(kind, adminEmail, key)).get();
  return snapshot.exists ? { notice: officeNoticeOfDoc(snapshot), replayed: true } : null;
}

export async function publishNotice(db: Firestore, adminEmail: string, notice: NewNotice, now = new Date(), hooks: DeliveryHooks = {}): Promise<Published> {
  const { memberIds } = notice.audience;
  if (memberIds.length === 0) throw emptyAudience();
  const ref = noticesOf(db).doc(noticeIdFor(notice.kind, adminEmail, notice.idempotencyKey));
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
    // No `mails` yet: the e-mails record theirs field by field (noticeMailWrites.ts).
    idempotencyKey: notice.idempotencyKey,
  };
  const batch = db.batch();
  batch.create(ref, stored);
  batch.create(
    db.collection(ADMIN_AUDIT).doc(),
    noticeAuditEntry('noticeSent', adminEmail, { noticeId: ref.id, noticeKind: stored.kind, title: firstTitle(stored), audience: stored.auditAudience, recipients: stored.recipients }, sentAt),
  );
  try {
    await batch.commit();
  } catch (error) {
    if ((error as { code?: unknown }).code !== ALREADY_EXISTS) throw error;
    // Another attempt of the same send got there first (a second click while this one resolved
    // its audience): its notice is the answer, and it writes and mails the rest.
    return { notice: officeNoticeOfDoc(await ref.get()), replayed: true };
  }
  const { withdrawn } = await deliver(db, ref.id, stored, memberIds, hooks);
  // Also after a withdrawal meanwhile: a feed polled while a copy existed must build anew.
  if (stored.cancellation) await clearFeedEtags(db, memberIds);
  // Withdrawn while its copies were written: the office's answer says so (and no e-mail goes).
  return { notice: withdrawn ? officeNoticeOfDoc(await ref.get()) : officeNoticeOf(ref.id, stored), replayed: false };
}
