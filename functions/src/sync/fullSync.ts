/** A full sync: every row of every table, written where it changed, deleted where it is gone. */
import type { Firestore } from 'firebase-admin/firestore';
import type { AppSheetClient } from './appsheetClient';
import {
  emptyTableCounts,
  LAST_SYNC_DOC,
  MAX_ROW_ERRORS_LOGGED,
  SYNC_LOGS,
  SYNC_METADATA,
  type SyncLog,
  type SyncTrigger,
} from './syncLog';
import { syncTableFull, type TableSyncResult } from './tableSync';
import { TABLE_NAMES, type TableName } from './tables';

export interface SyncDeps {
  db: Firestore;
  appSheet: AppSheetClient;
  now?: () => Date;
}

export interface SyncRequest {
  triggeredBy: SyncTrigger;
  triggeredByEmail?: string | null;
}

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

export async function runFullSync(deps: SyncDeps, request: SyncRequest): Promise<SyncLog> {
  const now = deps.now ?? (() => new Date());
  const started = now();
  const logRef = deps.db.collection(SYNC_LOGS).doc();
  const log: SyncLog = {
    syncId: logRef.id,
    status: 'running',
    syncType: 'full',
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
  };
  await logRef.set(log);

  let results: TableSyncResult[] = [];
  try {
    results = await forEachLimited(TABLE_NAMES, TABLE_CONCURRENCY, (table: TableName) =>
      syncTableFull(deps.db, deps.appSheet, table, log.startedAt),
    );
  } catch (error) {
    log.error = `Sync stopped: ${(error as Error).message}`;
  }

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
  const finished = now();
  log.finishedAt = finished.toISOString();
  log.duration = finished.getTime() - started.getTime();

  await logRef.set(log);
  const metadata: Record<string, unknown> = {
    lastSyncId: log.syncId,
    lastSyncType: log.syncType,
    lastSyncStatus: log.status,
    lastSyncAt: log.startedAt,
  };
  // Only a fully successful run may serve as the starting point of later delta syncs.
  if (log.status === 'success') {
    metadata.lastSuccessfulSyncAt = log.startedAt;
    metadata.lastSuccessfulFullSyncAt = log.startedAt;
  }
  await deps.db.collection(SYNC_METADATA).doc(LAST_SYNC_DOC).set(metadata, { merge: true });
  return log;
}
