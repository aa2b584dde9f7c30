import { logger } from 'firebase-functions';
import { adminDb } from '../../admin';
import { appOrigins, associationFromConfig, officeLanguageFromEnvironment, syncSettingsFromConfig } from '../../config';
import { notifyParentsAfterSync } from '../../notifications/afterSync';
import { notifyOffice, type SyncOutcome } from '../../notifications/officeAlerts';
import { schoolTimeZone } from '../time/timeZone';
import { runSyncReportingChanges, type ChangedFamilies } from './engine';
import { SyncConflictError } from './lease';
import type { SyncType } from './syncLog';

/** A scheduled sync, then the office's alert if its end calls for one. The scheduler only calls this; tests call it directly. */
export async function runScheduledSync(syncType: SyncType): Promise<void> {
  const db = adminDb();
  let outcome: SyncOutcome;
  let changed: ChangedFamilies;
  try {
    const run = await runSyncReportingChanges({ db, ...syncSettingsFromConfig() }, { syncType, triggeredBy: 'scheduled' });
    const { log } = run;
    changed = run.changed;
    // Counts only: no personal data, IBANs or secrets in function logs.
    logger.info('scheduled sync finished', {
      syncId: log.syncId,
      syncType,
      status: log.status,
      duration: log.duration,
      totalMembers: log.totalMembers,
      totalChildren: log.totalChildren,
    });
    outcome = log;
  } catch (error) {
    if (error instanceof SyncConflictError) {
      // Another sync is running; the next schedule catches up, so this is not a failure.
      logger.info('scheduled sync skipped: another sync is running', { syncType, runningSyncId: error.running.syncId });
      return;
    }
    await alertOffice(db, { status: 'error', syncType, startedAt: new Date().toISOString(), error: String(error) });
    throw error;
  }
  await alertOffice(db, outcome);
  if (outcome.status !== 'error') await notifyParentsAfterSync(db, changed);
}

async function alertOffice(db: ReturnType<typeof adminDb>, outcome: SyncOutcome) {
  try {
    // The first of the app's origins (APP_ORIGINS, a JSON list): where the console is.
    const origin = appOrigins.value()[0];
    const sent = await notifyOffice(db, outcome, {
      language: officeLanguageFromEnvironment(),
      timeZone: schoolTimeZone(),
      consoleUrl: new URL('/admin', origin).href,
      association: associationFromConfig({ required: false }),
    });
    if (sent) logger.info('office alert sent', { kind: sent, syncType: outcome.syncType });
  } catch (error) {
    // The sync's own result stands; a missed alert is logged, and the next run decides again.
    logger.error('office alert failed', { reason: (error as Error).message });
  }
}
