/** The parents' e-mails after a sync, scheduled or manual; never a reason for the sync to fail. */
import type { Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { adminAuth } from '../admin';
import { parentMailSettingsFromConfig } from '../config';
import { notifyParents, type MailScope } from './parentMail';

export async function notifyParentsAfterSync(db: Firestore, scope: MailScope): Promise<void> {
  try {
    const run = await notifyParents(db, adminAuth(), parentMailSettingsFromConfig, scope);
    if (run.written > 0 || run.forgotten > 0) logger.info("parents' e-mails after the sync", { ...run });
  } catch (error) {
    // The next sync decides again from the baselines, which this run did not move.
    logger.error("parents' e-mails failed", { reason: (error as Error).message });
  }
}
