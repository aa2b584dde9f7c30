/** The admin sync API of spec section 7: status, history, and manual full and delta syncs. */
import type { Request } from 'express';
import { logger } from 'firebase-functions';
import { syncHistoryQuery, triggerSyncBody } from '@family-portal/contract';
import type { z } from 'zod/mini';
import { adminDb } from '../admin';
import { syncSettingsFromConfig } from '../config';
import { runSync } from '../sync/engine';
import { LEASE_DOC, SyncConflictError, type Lease } from '../sync/lease';
import { SYNC_LOGS, SYNC_METADATA } from '@family-portal/contract';
import type { SyncLog, SyncType } from '../sync/syncLog';
import { requireAdmin } from './auth';
import { badRequest, HttpError } from './errors';

function describeIssues(error: z.core.$ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'parameter'}: ${issue.message}`).join('; ');
}

/**
 * A log still `running` whose run no longer holds the lease stopped without finishing it (the
 * function timed out or crashed, or its final write failed): show it as the error it is.
 */
export function settledLog(log: SyncLog, lease: Lease | undefined): SyncLog {
  if (log.status !== 'running' || lease?.syncId === log.syncId) return log;
  return { ...log, status: 'error', error: log.error ?? 'The sync stopped before it finished.' };
}

async function currentLease(): Promise<Lease | undefined> {
  return (await adminDb().collection(SYNC_METADATA).doc(LEASE_DOC).get()).data() as Lease | undefined;
}

export async function getSyncStatus(request: Request) {
  await requireAdmin(request);
  const [newest, lease] = await Promise.all([adminDb().collection(SYNC_LOGS).orderBy('startedAt', 'desc').limit(1).get(), currentLease()]);
  const latest = newest.docs[0]?.data() as SyncLog | undefined;
  return { data: { latestSync: latest ? settledLog(latest, lease) : null } };
}

export async function getSyncHistory(request: Request) {
  await requireAdmin(request);
  const query = syncHistoryQuery.safeParse(request.query);
  if (!query.success) throw badRequest(`Invalid query: ${describeIssues(query.error)}`);
  const { limit, offset } = query.data;
  const [page, lease] = await Promise.all([
    adminDb().collection(SYNC_LOGS).orderBy('startedAt', 'desc').offset(offset).limit(limit).get(),
    currentLease(),
  ]);
  return { data: { logs: page.docs.map((doc) => settledLog(doc.data() as SyncLog, lease)), limit, offset } };
}

export function triggerSync(syncType: SyncType) {
  return async (request: Request) => {
    const admin = await requireAdmin(request);
    const body = triggerSyncBody.safeParse(request.body);
    if (!body.success) throw badRequest(`Invalid request: ${describeIssues(body.error)}`);
    const confirmDeletions = typeof body.data === 'object' ? body.data.applyHeldBackDeletions : undefined;
    if (confirmDeletions && syncType !== 'full') throw badRequest('Held-back deletions are applied by a full sync.');
    let log: SyncLog;
    try {
      log = await runSync(
        { db: adminDb(), ...syncSettingsFromConfig() },
        { syncType, triggeredBy: 'manual', triggeredByEmail: admin.email, confirmDeletions },
      );
    } catch (error) {
      if (error instanceof SyncConflictError) throw new HttpError('sync-already-running', error.message);
      throw error;
    }
    logger.info('manual sync finished', { syncId: log.syncId, syncType, status: log.status, duration: log.duration });
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
