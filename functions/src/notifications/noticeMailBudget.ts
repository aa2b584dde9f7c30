/**
 * The school-wide daily budget of notice e-mails. The per-admin limits count calls, not
 * recipients: without this, one session could mail every parent 200 times a day. Each notice's
 * e-mails take their number from the day's counter, notice_mail_days/{day on the school's clock},
 * in a transaction, so that two admins sending at once never take the same room twice; what does
 * not fit waits for the next day (heldNoticeMails.ts).
 *
 * Cancellations are counted, so the counter is every notice e-mail of the day, but never held: a
 * lesson cancelled for tomorrow cannot wait for tomorrow, and its audience is one lesson's
 * families, a second cancellation of the same lesson and date being refused anyway.
 */
import { ACTIVE, NOTICE_MAIL_DAYS } from '@family-portal/contract';
import { FieldPath, FieldValue, type Firestore } from 'firebase-admin/firestore';
import { NOTICE_MAILS_PER_FAMILY, noticeMailBudgetFromEnvironment } from '../config';

/** NOTICE_MAILS_PER_DAY, else 5 per active family (one count query). */
export async function dailyNoticeMailBudget(db: Firestore, env: Record<string, string | undefined> = process.env): Promise<number> {
  const set = noticeMailBudgetFromEnvironment(env);
  if (set !== null) return set;
  const families = (await db.collection('members').where('status', '==', ACTIVE).count().get()).data().count;
  return NOTICE_MAILS_PER_FAMILY * families;
}

const dayOf = (db: Firestore, day: string) => db.collection(NOTICE_MAIL_DAYS).doc(day);

/**
 * Takes `wanted` e-mails from the day's budget, or what is left of it; all of them when they are
 * `urgent` (a cancellation), even beyond it. Returns how many may be written now.
 */
export async function takeFromBudget(db: Firestore, request: { day: string; budget: number; wanted: number; urgent: boolean }): Promise<number> {
  if (request.wanted <= 0) return 0;
  const ref = dayOf(db, request.day);
  return db.runTransaction(async (transaction) => {
    const used = Number((await transaction.get(ref)).get('mails') ?? 0);
    const granted = request.urgent ? request.wanted : Math.max(0, Math.min(request.wanted, request.budget - used));
    if (granted > 0) transaction.set(ref, { mails: used + granted }, { merge: true });
    return granted;
  });
}

/** Gives back what was taken for e-mails another call had written meanwhile (they were counted by it). */
export async function giveBack(db: Firestore, day: string, mails: number): Promise<void> {
  if (mails > 0) await dayOf(db, day).set({ mails: FieldValue.increment(-mails) }, { merge: true });
}

/** The counters are kept this long (for a look at recent days), then deleted by the daily run. */
export const BUDGET_DAYS_KEPT = 30;

/** Deletes the counters of days before `before` (YYYY-MM-DD); returns how many. */
export async function deleteOldCounters(db: Firestore, before: string): Promise<number> {
  const old = await db.collection(NOTICE_MAIL_DAYS).where(FieldPath.documentId(), '<', before).select().get();
  const writer = db.bulkWriter();
  for (const doc of old.docs) void writer.delete(doc.ref);
  await writer.close();
  return old.size;
}
