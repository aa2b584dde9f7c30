import { logger } from 'firebase-functions';
import { adminDb } from '../../admin';
import { syncSettingsFromConfig } from '../../config';
import { runSync } from './engine';
import { SyncConflictError } from './lease';
import type { SyncType } from './syncLog';

/** A scheduled sync. The scheduler only calls this; tests call it directly. */
export async function runScheduledSync(syncType: SyncType): Promise<void> {
  try {
    const log = await runSync({ db: adminDb(), ...syncSettingsFromConfig() }, { syncType, triggeredBy: 'scheduled' });
    // Counts only: no personal data, IBANs or secrets in function logs.
    logger.info('scheduled sync finished', {
      syncId: log.syncId,
      syncType,
      status: log.status,
      duration: log.duration,
      totalMembers: log.totalMembers,
      totalChildren: log.totalChildren,
    });
  } catch (error) {
    if (!(error instanceof SyncConflictError)) throw error;
    // Another sync is running; the next schedule catches up, so this is not a failure.
    logger.info('scheduled sync skipped: another sync is running', { syncType, runningSyncId: error.running.syncId });
  }
}
