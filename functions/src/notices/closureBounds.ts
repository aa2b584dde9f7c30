/**
 * What bounds the office's closures of the school (closeSchool.ts). A closure is urgent, so its
 * e-mails are never held back by the day's budget (they are counted in it, as every
 * cancellation's); what bounds it instead:
 * - at most SCHOOL_CLOSURES_PER_DAY closures a school day for the whole school, counted in the
 *   day's notice_mail_days document beside its e-mails, in a transaction, so that two admins at
 *   once never both take the last one;
 * - a date closed again within CLOSURE_RESEND_HOURS after a closure of it was withdrawn (its
 *   families were e-mailed then) e-mails them again only when the office says so.
 */
import { CLOSURE_RESEND_HOURS, NOTICE_MAIL_DAYS } from '@family-portal/contract';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { SCHOOL_CLOSURES_SETTING } from '../config';
import { HttpError } from '../http/errors';
import { noticesOf } from './noticeRecord';

const HOUR_MS = 3_600_000;

const dayOf = (db: Firestore, day: string) => db.collection(NOTICE_MAIL_DAYS).doc(day);

const tooManyClosures = (max: number) =>
  new HttpError(
    'too-many-closures',
    `The school has been closed ${max} times today, the most ${SCHOOL_CLOSURES_SETTING} allows: nothing was sent. Cancel single lessons instead, or close it tomorrow.`,
    { max },
  );

/** Refuses (429) when the day's closures are used up already; a read only, before anything else is resolved. */
export async function refuseBeyondLimit(db: Firestore, day: string, max: number): Promise<void> {
  if (Number((await dayOf(db, day).get()).get('closures') ?? 0) >= max) throw tooManyClosures(max);
}

/** Takes one of the day's closures, or refuses (429) when they are used up (another admin took the last meanwhile). */
export async function takeClosure(db: Firestore, day: string, max: number): Promise<void> {
  const ref = dayOf(db, day);
  const taken = await db.runTransaction(async (transaction) => {
    const used = Number((await transaction.get(ref)).get('closures') ?? 0);
    if (used >= max) return false;
    transaction.set(ref, { closures: used + 1 }, { merge: true });
    return true;
  });
  if (!taken) throw tooManyClosures(max);
}

/** Gives back a closure taken for a send that made none (another attempt of it did, or it failed before its notice). */
export async function giveClosureBack(db: Firestore, day: string): Promise<void> {
  await dayOf(db, day).set({ closures: FieldValue.increment(-1) }, { merge: true });
}

export interface WithdrawnClosure {
  noticeId: string;
  /** ISO instant. */
  withdrawnAt: string;
}

/** The latest closure of that date withdrawn less than CLOSURE_RESEND_HOURS before `now`, if any (a date has a handful at most). */
export async function recentlyWithdrawn(db: Firestore, date: string, now: Date): Promise<WithdrawnClosure | null> {
  const closures = await noticesOf(db)
    .where('kind', '==', 'cancellation')
    .where('cancellation.lessonId', '==', null)
    .where('cancellation.date', '==', date)
    .select('withdrawnAt')
    .get();
  const since = now.getTime() - CLOSURE_RESEND_HOURS * HOUR_MS;
  const recent = closures.docs
    .map((doc) => ({ noticeId: doc.id, withdrawnAt: doc.get('withdrawnAt') as unknown }))
    .filter((closure): closure is WithdrawnClosure => typeof closure.withdrawnAt === 'string' && Date.parse(closure.withdrawnAt) > since)
    .sort((a, b) => b.withdrawnAt.localeCompare(a.withdrawnAt));
  return recent[0] ?? null;
}

export const resendUnconfirmed = (date: string, withdrawn: WithdrawnClosure) =>
  new HttpError(
    'closure-resend-unconfirmed',
    `A closure of ${date} was withdrawn at ${withdrawn.withdrawnAt} (notice ${withdrawn.noticeId}), and its families were e-mailed about it: ` +
      'send resendMails true to e-mail them again, or false to close the school without e-mails.',
    { ...withdrawn },
  );
