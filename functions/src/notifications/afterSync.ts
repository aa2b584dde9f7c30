/** The parents' e-mails after a sync, scheduled or manual; never a reason for the sync to fail. */
import type { Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { adminAuth } from '../admin';
import { parentMailSettingsFromConfig } from '../config';
import { sendBookingDecisionMails, type BookingMailDeps } from './bookingMail';
import { notifyParents, type MailScope } from './parentMail';
import type { ParentMailSettings } from './parentMailSettings';

/**
 * The booking requests whose decision may be news: those the sync wrote, or after a full sync
 * every recent decision (the e-mails already written are not written again).
 */
const bookingRequestsOf = (scope: MailScope): readonly string[] | 'recent' => (scope === 'all' ? 'recent' : scope.bookingRequestIds);

export async function notifyParentsAfterSync(
  db: Firestore,
  scope: MailScope,
  deps: { auth?: BookingMailDeps['auth']; settingsOf?: () => ParentMailSettings } = {},
): Promise<void> {
  const settingsOf = deps.settingsOf ?? parentMailSettingsFromConfig;
  try {
    const run = await notifyParents(db, deps.auth ?? adminAuth(), settingsOf, scope);
    if (run.written > 0 || run.forgotten > 0) logger.info("parents' e-mails after the sync", { ...run });
  } catch (error) {
    // The next sync decides again from the baselines, which this run did not move.
    logger.error("parents' e-mails failed", { reason: (error as Error).message });
  }
  // Logs what it did and never throws.
  await sendBookingDecisionMails(db, bookingRequestsOf(scope), { ...deps, settingsOf });
}
