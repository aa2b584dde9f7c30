/**
 * A sync run with what the features do after it: the sync (a service) imports no feature, so the
 * runs that the functions, the tools and the tests start come from here, with booking's places
 * step; the scheduled run also alerts the office and e-mails the parents whose records changed.
 */
import { logger } from 'firebase-functions';
import { adminDb } from '../admin';
import { settlePlaces } from '../booking/syncSteps';
import { suspendAfterReturns } from '../payments/syncSteps';
import { appOrigins, associationFromConfig, officeLanguageFromEnvironment } from '../config';
import { schoolTimeZone } from '../lib/timeZone';
import { notifyParentsAfterSync } from '../notifications/afterSync';
import { notifyOffice, type SyncOutcome } from '../notifications/officeAlerts';
import * as engine from '../sync/run/engine';
import type { ChangedFamilies, SyncDeps, SyncRequest, SyncRun } from '../sync/run/engine';
import { SyncConflictError } from '../sync/run/lease';
import { syncSettingsFromConfig } from '../sync/run/settings';
import type { SyncLog, SyncType } from '../sync/run/syncLog';

export { DELTA_OVERLAP_MS, type ChangedFamilies, type SyncDeps, type SyncRequest, type SyncRun } from '../sync/run/engine';

/** The features' steps in a run, unless the caller gives its own. */
const withFeatureSteps = (deps: SyncDeps): SyncDeps => ({ places: settlePlaces, returns: suspendAfterReturns, ...deps });

export function runSync(deps: SyncDeps, request: SyncRequest): Promise<SyncLog> {
  return engine.runSync(withFeatureSteps(deps), request);
}

export function runSyncReportingChanges(deps: SyncDeps, request: SyncRequest): Promise<SyncRun> {
  return engine.runSyncReportingChanges(withFeatureSteps(deps), request);
}

export function runFullSync(deps: SyncDeps, request: Omit<SyncRequest, 'syncType'>): Promise<SyncLog> {
  return engine.runFullSync(withFeatureSteps(deps), request);
}

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
