/** The admin sync API of spec section 7: status, history, and manual full and delta syncs. */
import type { Request } from 'express';
import { logger } from 'firebase-functions';
import { SYNC_LOGS, syncHistoryQuery, syncLogSchema, triggerSyncBody, type SyncLease } from '@family-portal/contract';
import type { QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { adminDb } from '../admin';
import { syncSettingsFromConfig } from '../sync/run/settings';
import { runSyncReportingChanges, type SyncRun } from './syncRuns';
import { currentLease, SyncConflictError } from '../sync/run/lease';
import type { SyncLog, SyncType } from '../sync/run/syncLog';
import { requireAdmin } from '../http/auth';
import { badRequest, describeIssues, HttpError } from '../http/errors';
import { notifyParentsAfterSync } from '../notifications/afterSync';

/**
 * A log still `running` whose run no longer holds the lease stopped without finishing it (the
 * function timed out or crashed, or its final write failed): show it as the error it is.
 */
export function settledLog(log: SyncLog, lease: SyncLease | null): SyncLog {
  if (log.status !== 'running' || lease?.syncId === log.syncId) return log;
  return { ...log, status: 'error', error: log.error ?? 'The sync stopped before it finished.' };
}

/**
 * The logs as the contract reads them, settled against the lease. A log that does not parse
 * (edited by hand, or written by another version) is left out with an error in the function's
 * log, rather than failing the whole page or reaching the console half-formed.
 */
function readLogs(docs: QueryDocumentSnapshot[], lease: SyncLease | null): SyncLog[] {
  return docs.flatMap((doc) => {
    const log = syncLogSchema.safeParse(doc.data());
    if (log.success) return [settledLog(log.data, lease)];
    logger.error('Unreadable sync log left out', { syncId: doc.id, issues: describeIssues(log.error, 'parameter') });
    return [];
  });
}

export async function getSyncStatus(request: Request) {
  await requireAdmin(request);
  const [newest, lease] = await Promise.all([adminDb().collection(SYNC_LOGS).orderBy('startedAt', 'desc').limit(1).get(), currentLease(adminDb())]);
  return { data: { latestSync: readLogs(newest.docs, lease)[0] ?? null } };
}

export async function getSyncHistory(request: Request) {
  await requireAdmin(request);
  const query = syncHistoryQuery.safeParse(request.query);
  if (!query.success) throw badRequest(`Invalid query: ${describeIssues(query.error, 'parameter')}`);
  const { limit, offset } = query.data;
  const [page, lease] = await Promise.all([
    adminDb().collection(SYNC_LOGS).orderBy('startedAt', 'desc').offset(offset).limit(limit).get(),
    currentLease(adminDb()),
  ]);
  return { data: { logs: readLogs(page.docs, lease), limit, offset } };
}

export function triggerSync(syncType: SyncType) {
  return async (request: Request) => {
    const admin = await requireAdmin(request);
    const body = triggerSyncBody.safeParse(request.body);
    if (!body.success) throw badRequest(`Invalid request: ${describeIssues(body.error, 'parameter')}`);
    const confirmDeletions = typeof body.data === 'object' ? body.data.applyHeldBackDeletions : undefined;
    if (confirmDeletions && syncType !== 'full') throw badRequest('Held-back deletions are applied by a full sync.');
    let run: SyncRun;
    try {
      run = await runSyncReportingChanges(
        { db: adminDb(), ...syncSettingsFromConfig() },
        { syncType, triggeredBy: 'manual', triggeredByEmail: admin.email, confirmDeletions },
      );
    } catch (error) {
      if (error instanceof SyncConflictError) throw new HttpError('sync-already-running', error.message);
      throw error;
    }
    const { log } = run;
    logger.info('manual sync finished', { syncId: log.syncId, syncType, status: log.status, duration: log.duration });
    if (log.status !== 'error') await notifyParentsAfterSync(adminDb(), run.changed);
    const data = {
      syncId: log.syncId,
      syncType: log.syncType,
      status: log.status,
      totalMembers: log.totalMembers,
      totalChildren: log.totalChildren,
      duration: log.duration,
      tables: log.tables,
      error: log.error,
      heldBackDeletions: log.heldBackDeletions,
    };
    if (log.status === 'error') {
      throw new HttpError('sync-failed', `The sync finished with errors: ${log.error}`, data);
    }
    return { data };
  };
}
