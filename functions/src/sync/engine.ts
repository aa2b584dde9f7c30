/**
 * The sync engine: full syncs (every row; deletes what is gone) and delta syncs (rows changed
 * since the last successful sync, minus an overlap; upserts only), one at a time under a lease,
 * each recorded in sync_logs and summarised in sync_metadata/last_sync.
 */
import type { Firestore } from 'firebase-admin/firestore';
import type { AppSheetClient } from './appsheetClient';
import { acquireLease, releaseLease } from './lease';
import {
  emptyTableCounts,
  LAST_SYNC_DOC,
  MAX_ROW_ERRORS_LOGGED,
  SYNC_LOGS,
  SYNC_METADATA,
  type SyncLog,
  type SyncTrigger,
  type SyncType,
} from './syncLog';
import { logger } from 'firebase-functions';
import { reconcileMemberIndex } from './memberIndex';
import { repairPlanOwners } from './planOwners';
import { syncTableDelta, syncTableFull, type TableRun, type TableSyncResult } from './tableSync';
import { TABLE_NAMES, type TableName } from './tables';

export interface SyncDeps {
  db: Firestore;
  appSheet: AppSheetClient;
  now?: () => Date;
}

export interface SyncRequest {
  syncType: SyncType;
  triggeredBy: SyncTrigger;
  triggeredByEmail?: string | null;
}

/**
 * A delta reads from this long before the last successful sync started, so that clock skew
 * between AppSheet and the functions, and rows saved while that sync ran, are never missed.
 * Rows read twice are not written twice: their content hash is unchanged.
 */
export const DELTA_OVERLAP_MS = 15 * 60 * 1000;

/** Tables fetched at the same time: enough to overlap network and writes, gentle on AppSheet. */
const TABLE_CONCURRENCY = 3;

async function forEachLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(workers);
  return results;
}

interface LastSync {
  lastSuccessfulSyncAt?: string;
}

/** Runs one sync. Throws SyncConflictError (nothing done) while another sync holds the lease. */
export async function runSync(deps: SyncDeps, request: SyncRequest): Promise<SyncLog> {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const logRef = db.collection(SYNC_LOGS).doc();
  await acquireLease(db, { syncId: logRef.id, syncType: request.syncType, triggeredBy: request.triggeredBy }, now());
  // Taken once the lease is ours: it is the watermark for later deltas, so it must not
  // precede the moment this run could start reading.
  const started = now();

  const metadataRef = db.collection(SYNC_METADATA).doc(LAST_SYNC_DOC);
  const log: SyncLog = {
    syncId: logRef.id,
    status: 'running',
    syncType: request.syncType,
    triggeredBy: request.triggeredBy,
    triggeredByEmail: request.triggeredByEmail ?? null,
    startedAt: started.toISOString(),
    finishedAt: null,
    duration: null,
    error: null,
    tables: emptyTableCounts(),
    rowErrors: [],
    totalMembers: 0,
    totalChildren: 0,
    deltaSince: null,
    memberIndex: null,
  };
  try {
    await logRef.set(log);
    let since: Date | null = null;
    if (request.syncType === 'delta') {
      const watermark = ((await metadataRef.get()).data() as LastSync | undefined)?.lastSuccessfulSyncAt;
      since = watermark ? new Date(Date.parse(watermark) - DELTA_OVERLAP_MS) : null;
      log.deltaSince = since?.toISOString() ?? null;
    }

    let results: TableSyncResult[] = [];
    try {
      results = await syncTables(deps, request.syncType, since, log);
    } catch (error) {
      log.error = `The sync stopped: ${(error as Error).message}`;
    }
    finish(log, results, now());
    await logRef.set(log);

    const metadata: Record<string, unknown> = {
      lastSyncId: log.syncId,
      lastSyncType: log.syncType,
      lastSyncStatus: log.status,
      lastSyncAt: log.startedAt,
    };
    // Only a fully successful run moves the starting point of later delta syncs.
    if (log.status === 'success') {
      metadata.lastSuccessfulSyncAt = log.startedAt;
      metadata[log.syncType === 'full' ? 'lastSuccessfulFullSyncAt' : 'lastSuccessfulDeltaSyncAt'] = log.startedAt;
    }
    await metadataRef.set(metadata, { merge: true });
    return log;
  } finally {
    await releaseLease(db, logRef.id);
  }
}

/**
 * Every table, three at a time, plus what spans tables: the member index once the members
 * table is written, plans after children (they take the family's memberId from the child), and
 * the plans of children that moved to another family.
 */
async function syncTables(deps: SyncDeps, syncType: SyncType, since: Date | null, log: SyncLog): Promise<TableSyncResult[]> {
  let childrenDone: () => void = () => {};
  const run: TableRun = {
    db: deps.db,
    client: deps.appSheet,
    syncedAt: log.startedAt,
    childrenSynced: new Promise<void>((resolve) => (childrenDone = resolve)),
  };
  const syncOne = async (table: TableName): Promise<TableSyncResult> => {
    try {
      return syncType === 'full' ? await syncTableFull(run, table) : await syncTableDelta(run, table, since);
    } finally {
      if (table === 'children') childrenDone();
    }
  };
  const results = await forEachLimited(TABLE_NAMES, TABLE_CONCURRENCY, async (table) => {
    const result = await syncOne(table);
    if (table === 'members') {
      const index = await reconcileMemberIndex(deps.db, syncType === 'full' ? 'all' : { changedMemberIds: result.writtenIds }, log.startedAt);
      log.memberIndex = index.summary;
      result.rowErrors.push(...index.rowErrors);
      result.counts.errors += index.rowErrors.length;
      if (index.removedMemberIds.length > 0) {
        logger.info('member index: access ended', { syncId: log.syncId, memberIds: index.removedMemberIds.slice(0, 100), count: index.removedMemberIds.length });
      }
    }
    return result;
  });
  const children = results.find((result) => result.table === 'children');
  const plans = results.find((result) => result.table === 'plans');
  if (children && plans && children.updatedIds.length > 0) {
    const repaired = await repairPlanOwners(deps.db, children.updatedIds, log.startedAt);
    plans.counts.written += repaired.written;
    if (repaired.failed > 0) plans.problem ??= `moving plans with their child failed: ${repaired.firstFailure}`;
  }
  return results;
}

function finish(log: SyncLog, results: TableSyncResult[], finished: Date): void {
  for (const result of results) {
    log.tables[result.table] = result.counts;
    log.rowErrors.push(...result.rowErrors);
  }
  log.rowErrors = log.rowErrors.slice(0, MAX_ROW_ERRORS_LOGGED);
  const problems = results.filter((r) => r.problem).map((r) => `${r.table}: ${r.problem}`);
  if (problems.length > 0) log.error = [log.error, ...problems].filter(Boolean).join('; ');
  log.status = log.error ? 'error' : 'success';
  log.totalMembers = log.tables.members.synced;
  log.totalChildren = log.tables.children.synced;
  log.finishedAt = finished.toISOString();
  log.duration = finished.getTime() - Date.parse(log.startedAt);
}

export function runFullSync(deps: SyncDeps, request: Omit<SyncRequest, 'syncType'>): Promise<SyncLog> {
  return runSync(deps, { ...request, syncType: 'full' });
}

export function runDeltaSync(deps: SyncDeps, request: Omit<SyncRequest, 'syncType'>): Promise<SyncLog> {
  return runSync(deps, { ...request, syncType: 'delta' });
}
