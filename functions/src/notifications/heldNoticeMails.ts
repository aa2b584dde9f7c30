/**
 * The e-mails the daily budget held back (noticeMailBudget.ts) go out the next morning: a daily
 * run (index.ts, 07:00 on the school's clock, so that parents are not mailed at midnight) takes
 * the queued notices oldest first and sends each one's missing e-mails, as far as the new day's
 * budget goes. Recipients are resolved anew, as for every e-mail; a notice withdrawn meanwhile
 * sends nothing and leaves the queue. When the budget is used up again, the rest waits for the
 * next run. The same run deletes the budget's counters of past days.
 */
import { NOTICE_MAIL_QUEUE } from '@family-portal/contract';
import type { Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { dayIn, schoolTimeZone } from '../lib/timeZone';
import { sendNoticeMails, type NoticeMailDeps } from './noticeMail';
import { BUDGET_DAYS_KEPT, deleteOldCounters } from './noticeMailBudget';

const DAY_MS = 86_400_000;

export interface HeldMailsRun {
  /** Notices whose waiting e-mails all went (or that were withdrawn): out of the queue. */
  done: number;
  mails: number;
  /** E-mails still waiting after this run. */
  held: number;
}

export async function sendHeldNoticeMails(db: Firestore, deps: Partial<NoticeMailDeps> = {}): Promise<HeldMailsRun> {
  const now = deps.now ?? new Date();
  const run: HeldMailsRun = { done: 0, mails: 0, held: 0 };
  const queue = await db.collection(NOTICE_MAIL_QUEUE).orderBy('sentAt').get();
  for (const [at, entry] of queue.docs.entries()) {
    const result = await sendNoticeMails(db, entry.id, { ...deps, now });
    run.mails += result.mails;
    if (result.failed) continue; // stays queued for the next run
    if (result.held === 0) {
      await entry.ref.delete();
      run.done += 1;
      continue;
    }
    run.held += result.held;
    // The day's budget is used up: the later notices need not resolve their recipients to learn it.
    run.held += queue.docs.slice(at + 1).reduce((sum, later) => sum + Number(later.get('held') ?? 0), 0);
    break;
  }
  const cutoff = dayIn(new Date(now.getTime() - BUDGET_DAYS_KEPT * DAY_MS), schoolTimeZone());
  await deleteOldCounters(db, cutoff);
  logger.info('held notice e-mails', { queued: queue.size, ...run });
  return run;
}
