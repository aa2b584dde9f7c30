/** The admin sync API of spec section 7: status, history, and manual full and delta syncs. */
import type { Request } from 'express';
import { logger } from 'firebase-functions';
import { z } from 'zod';
import { adminDb } from '../admin';
import { appSheetFromConfig } from '../config';
import { runSync } from '../sync/engine';
import { SyncConflictError } from '../sync/lease';
import { SYNC_LOGS, type SyncLog, type SyncType } from '../sync/syncLog';
import { requireAdmin } from './auth';
import { badRequest, HttpError } from './errors';

const historyQuery = z
  .object({
    limit: z.coerce.number().int().min(1).max(100).default(20),
    offset: z.coerce.number().int().min(0).max(10_000).default(0),
  })
  .strict();

// A manual trigger carries no data: no body, or an empty JSON object.
const emptyBody = z.union([z.undefined(), z.literal(''), z.object({}).strict()]);

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'parameter'}: ${issue.message}`).join('; ');
}

export async function getSyncStatus(request: Request) {
  await requireAdmin(request);
  const newest = await adminDb().collection(SYNC_LOGS).orderBy('startedAt', 'desc').limit(1).get();
  return { data: { latestSync: (newest.docs[0]?.data() as SyncLog | undefined) ?? null } };
}

export async function getSyncHistory(request: Request) {
  await requireAdmin(request);
  const query = historyQuery.safeParse(request.query);
  if (!query.success) throw badRequest(`Invalid query: ${describeIssues(query.error)}`);
  const { limit, offset } = query.data;
  const page = await adminDb().collection(SYNC_LOGS).orderBy('startedAt', 'desc').offset(offset).limit(limit).get();
  return { data: { logs: page.docs.map((doc) => doc.data() as SyncLog), limit, offset } };
}

export function triggerSync(syncType: SyncType) {
  return async (request: Request) => {
    const admin = await requireAdmin(request);
    if (!emptyBody.safeParse(request.body).success) throw badRequest('This endpoint takes no request body.');
    let log: SyncLog;
    try {
      log = await runSync(
        { db: adminDb(), appSheet: appSheetFromConfig() },
        { syncType, triggeredBy: 'manual', triggeredByEmail: admin.email },
      );
    } catch (error) {
      if (error instanceof SyncConflictError) throw new HttpError(409, 'sync-already-running', error.message);
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
    };
    if (log.status !== 'success') {
      throw new HttpError(502, 'sync-failed', `The sync finished with errors: ${log.error}`, data);
    }
    return { data };
  };
}
