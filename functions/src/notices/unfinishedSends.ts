/**
 * A send cut short. A send commits its notice and audit entry first, then writes each family's
 * copy, tells the calendar feeds to build anew and e-mails the parents; a function stopped in
 * between (its timeout, a crash, a deploy) would leave a listed notice that no family has and no
 * parent was told of. So the notice carries `sending` (the families it was resolved for, whether
 * they are e-mailed) until its last step is done, and a second attempt of the same send (the
 * console's key) that finds it once the first attempt's time is over finishes it: the copies not
 * written yet, the feeds, then the e-mails (each written once, whatever went before: noticeMail.ts).
 *
 * The attempt writing a send holds it until `leaseUntil`, the functions' timeout after it began,
 * so that a second click while the first attempt writes answers the notice as it is and leaves
 * the work to that attempt. An attempt that fails (rather than being stopped) gives its hold up
 * at once, so that the office's retry finishes the send.
 */
import { FieldValue, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { MEMBER_WRITE_TIMEOUT_SECONDS } from '../config';
import { deliver, deliveriesOf, type DeliveryHooks } from './deliveries';
import { clearFeedEtags } from './feedEtags';
import { noticesOf, type Sending, type StoredNotice } from './noticeRecord';

/** No attempt runs longer than the send functions' timeout. */
const SEND_LEASE_MS = MEMBER_WRITE_TIMEOUT_SECONDS * 1000;

export const leaseFrom = (now: Date) => new Date(now.getTime() + SEND_LEASE_MS).toISOString();

/**
 * Writes the copies of these families, then (for a cancellation) clears their feeds' ETags, also
 * when the notice was withdrawn meanwhile: a feed polled while a copy existed must build anew.
 * Returns whether it was withdrawn.
 */
export async function writeCopies(db: Firestore, noticeId: string, notice: StoredNotice, memberIds: readonly string[], hooks: DeliveryHooks = {}): Promise<boolean> {
  const { withdrawn } = await deliver(db, noticeId, notice, memberIds, hooks);
  if (notice.cancellation) await clearFeedEtags(db, memberIds);
  return withdrawn;
}

/**
 * The send of this notice taken over from an attempt whose time is over: what is left to do, or
 * null when nothing is (finished, withdrawn, or still held by the attempt writing it).
 */
async function takeOver(db: Firestore, snapshot: DocumentSnapshot, now: Date): Promise<Sending | null> {
  const seen = snapshot.get('sending') as Sending | undefined;
  if (!seen || Date.parse(seen.leaseUntil) > now.getTime()) return null;
  return db.runTransaction(async (transaction) => {
    const current = await transaction.get(snapshot.ref);
    const sending = current.get('sending') as Sending | undefined;
    if (!sending || Date.parse(sending.leaseUntil) > now.getTime()) return null;
    // A withdrawal deleted the copies and stops the e-mails: nothing is left to send.
    if (current.get('withdrawnAt')) {
      transaction.update(snapshot.ref, { sending: FieldValue.delete() });
      return null;
    }
    transaction.update(snapshot.ref, { 'sending.leaseUntil': leaseFrom(now) });
    return sending;
  });
}

/**
 * Finishes the copies of a send cut short, if its attempt's time is over: the families without
 * theirs get them (a copy written before keeps its read mark). Returns whether its e-mails are
 * still to be sent, or null when this call has nothing to do.
 */
export async function finishCopies(db: Firestore, snapshot: DocumentSnapshot, now = new Date()): Promise<{ mails: boolean } | null> {
  const sending = await takeOver(db, snapshot, now);
  if (!sending) return null;
  try {
    const written = await deliveriesOf(db).where('noticeId', '==', snapshot.id).select('memberId').get();
    const have = new Set(written.docs.map((doc) => String(doc.get('memberId'))));
    const notice = snapshot.data() as StoredNotice;
    const { withdrawn } = await deliver(db, snapshot.id, notice, sending.memberIds.filter((memberId) => !have.has(memberId)));
    if (notice.cancellation) await clearFeedEtags(db, sending.memberIds);
    return { mails: sending.mails && !withdrawn };
  } catch (error) {
    await giveUpHold(db, snapshot.id);
    throw error;
  }
}

/** The send's last step is done: nothing is left for another attempt. */
export async function sendFinished(db: Firestore, noticeId: string): Promise<void> {
  await noticesOf(db).doc(noticeId).update({ sending: FieldValue.delete() });
}

/** An attempt that failed lets the next one finish the send at once (never throws: it runs beside the failure). */
export async function giveUpHold(db: Firestore, noticeId: string, now = new Date()): Promise<void> {
  const ref = noticesOf(db).doc(noticeId);
  try {
    await db.runTransaction(async (transaction) => {
      if ((await transaction.get(ref)).get('sending')) transaction.update(ref, { 'sending.leaseUntil': now.toISOString() });
    });
  } catch {
    // The hold then lasts its time; the retry after that finishes the send.
  }
}
