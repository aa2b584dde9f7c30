import { logger } from 'firebase-functions';
import { adminDb } from '../admin';
import { appSheetFromConfig } from '../config';
import { runFullSync } from './fullSync';

/** The nightly full sync. The scheduler only calls this; tests call it directly. */
export async function scheduledFullSync(): Promise<void> {
  const log = await runFullSync({ db: adminDb(), appSheet: appSheetFromConfig() }, { triggeredBy: 'scheduled' });
  // Counts only: no personal data, IBANs or secrets in function logs.
  logger.info('scheduled full sync finished', {
    syncId: log.syncId,
    status: log.status,
    duration: log.duration,
    totalMembers: log.totalMembers,
    totalChildren: log.totalChildren,
  });
}
