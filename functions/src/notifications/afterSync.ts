/** The parents' e-mails after a sync, scheduled or manual; never a reason for the sync to fail. */
import type { Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { parentMailSettingsFromConfig } from '../config';
import { notifyParents } from './parentMail';

export async function notifyParentsAfterSync(db: Firestore): Promise<void> {
  try {
    const written = await notifyParents(db, parentMailSettingsFromConfig);
    if (written > 0) logger.info("parents' e-mails written", { count: written });
  } catch (error) {
    // The next sync decides again from the baselines, which this run did not move.
    logger.error("parents' e-mails failed", { reason: (error as Error).message });
  }
}
