/**
 * Sending a notice (the office's own, a cancelled lesson or a closed school): the notice and its
 * audit entry in one commit, then each family's copy, then (for a cancellation) the families'
 * calendar feeds told to build anew; the caller e-mails the parents and marks the send finished
 * (unfinishedSends.ts). A notice whose copies failed to write is still listed, so the office can
 * withdraw it (which deletes whatever copies were written), or finish it by sending it again; one
 * withdrawn while its copies are written stops them and is left with none (deliveries.ts).
 *
 * Each send carries the console's key: the notice's id is made from it (noticeIdFor), so a second
 * attempt of the same send finds the first one's notice, before it resolves anything or while the
 * first is still writing (create() lets one of them win), and answers it without sending anything
 * again, but for what a first attempt cut short left undone.
 */
import { ADMIN_AUDIT, type Cancellation, type NoticeLanguage, type NoticeTexts, type OfficeNotice } from '@family-portal/contract';
import type { Firestore } from 'firebase-admin/firestore';
import { noticeAuditEntry } from '../lib/audit';
import { emptyAudience, type ResolvedAudience } from './audience';
import type { DeliveryHooks } from './deliveries';
import { firstTitle, noticeIdFor, noticesOf, officeNoticeOf, officeNoticeOfDoc, type KeySpace, type StoredNotice } from './noticeRecord';
import { finishCopies, giveUpHold, leaseFrom, writeCopies } from './unfinishedSends';
import { ALREADY_EXISTS } from '../lib/firestoreLimits';

export interface NewNotice {
  kind: OfficeNotice['kind'];
  texts: NoticeTexts;
  languages: NoticeLanguage[];
  audience: ResolvedAudience;
  cancellation: Cancellation | null;
  /** The console's key of this send. */
  idempotencyKey: string;
  /** Whose keys it shares: its kind's unless said (a closure has its own). */
  keySpace?: KeySpace;
  /** Whether the parents are e-mailed (unless said, they are). */
  mails?: boolean;
}

/**
 * What a send did: the notice as the console lists it; `replayed` when an earlier attempt with the
 * same key made it; `unfinished` when the caller is to send its e-mails (if `mails`) and then mark
 * the send finished, null when there is nothing left for this call to do.
 */
export interface Published {
  notice: OfficeNotice;
  replayed: boolean;
  unfinished: { mails: boolean } | null;
}


/**
 * The notice an earlier attempt of this send made, or null; when that attempt was cut short and
 * its time is over, its copies are written now, and its e-mails are left to the caller.
 */
export async function earlierSend(db: Firestore, keySpace: KeySpace, adminEmail: string, key: string, now = new Date()): Promise<Published | null> {
  const snapshot = await noticesOf(db).doc(noticeIdFor(keySpace, adminEmail, key)).get();
  if (!snapshot.exists) return null;
  const unfinished = await finishCopies(db, snapshot, now);
  return { notice: officeNoticeOfDoc(unfinished ? await snapshot.ref.get() : snapshot), replayed: true, unfinished };
}

export async function publishNotice(db: Firestore, adminEmail: string, notice: NewNotice, now = new Date(), hooks: DeliveryHooks = {}): Promise<Published> {
  const { memberIds } = notice.audience;
  if (memberIds.length === 0) throw emptyAudience();
  const ref = noticesOf(db).doc(noticeIdFor(notice.keySpace ?? notice.kind, adminEmail, notice.idempotencyKey));
  const sentAt = now.toISOString();
  const mails = notice.mails ?? true;
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
    sending: { memberIds: [...memberIds], mails, leaseUntil: leaseFrom(now) },
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
    return { notice: officeNoticeOfDoc(await ref.get()), replayed: true, unfinished: null };
  }
  let withdrawn: boolean;
  try {
    withdrawn = await writeCopies(db, ref.id, stored, memberIds, hooks);
  } catch (error) {
    await giveUpHold(db, ref.id);
    throw error;
  }
  // Withdrawn while its copies were written: the office's answer says so (and no e-mail goes).
  return { notice: withdrawn ? officeNoticeOfDoc(await ref.get()) : officeNoticeOf(ref.id, stored), replayed: false, unfinished: { mails: mails && !withdrawn } };
}
