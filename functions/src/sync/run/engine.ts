/**
 * The sync engine: full syncs (every row; deletes what is gone) and delta syncs (rows changed
 * since the last successful sync, minus an overlap; upserts only), one at a time under a lease,
 * each recorded in sync_logs and summarised in sync_metadata/last_sync (and, for the parents'
 * "as of …", the start of the last successful run in sync_metadata/public).
 *
 * Tables settle independently: each ends as synced or as its own error, and the run ends (and
 * gives the lease back) only when all of them have. The run is a success, a success with
 * warnings (rows the office should look at, deletions held back for an admin) or an error.
 */
import { LAST_SYNC_PATH, lastSyncSchema, SYNC_FRESHNESS_PATH, SYNC_LOGS, type LastSync, type SyncFreshness, SYNCED_COLLECTIONS, type SyncedCollection } from '@family-portal/contract';
import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { limitAsync } from 'es-toolkit/promise';
import { SYNC_TIMEOUT_SECONDS } from '../../config';
import { withRetry } from '../../lib/retry';
import type { AppSheetClient } from '../appsheet/appsheetClient';
import { acquireLease, releaseLease } from './lease';
import {
  emptyTableCounts,
  MAX_ROW_ERRORS_LOGGED,
  type SyncLog,
  type SyncTrigger,
  type SyncType,
} from './syncLog';
import { logger } from 'firebase-functions';
import { reconcileMemberIndex } from '../family/memberIndex';
import { updateMemberReferences } from '../family/memberReferences';
import { repairPlanOwners } from '../family/planOwners';
import { dayIn, schoolTimeZone } from '../../lib/timeZone';
import { settleBooking, type PlacesStep } from './bookingSteps';
import { settleCalendar } from './calendarStep';
import { settleDebits, settleMandates, type ReturnsStep } from './mandateStep';
import { failedTable, syncTableDelta, syncTableFull, type SyncContext, type TableSyncResult } from './tableSync';

export interface SyncDeps {
  db: Firestore;
  appSheet: AppSheetClient;
  now?: () => Date;
  /** How long the run may start new work; the default leaves 5 minutes of the function timeout. */
  timeBudgetMs?: number;
  /** Share of a table a full sync may delete on its own (see deletionGuard.ts). */
  deletionShare?: number;
  /** Rows per AppSheet request (slices.ts); 0 reads each table in one request. */
  sliceRows?: number;
  /** The school's day (YYYY-MM-DD) that decides which quarters are over; today on the school's clock by default. */
  today?: string;
  /** How old a hold kept for a request whose AppSheet answer was lost must be before the run looks it up (unheardHolds.ts). */
  uncertainHoldMs?: number;
  /** The booking feature's step after the requests table (bookingSteps.ts); none: the places are left as they are. */
  places?: PlacesStep;
  /** The payments feature's step after the Direct Debits table (mandateStep.ts); none: returns are left alone. */
  returns?: ReturnsStep;
}

export interface SyncRequest {
  syncType: SyncType;
  triggeredBy: SyncTrigger;
  triggeredByEmail?: string | null;
  /** Held-back deletions an admin confirmed (full sync): applied if the run finds exactly these. */
  confirmDeletions?: { table: SyncedCollection; count: number };
}

/**
 * A delta reads from this long before the last successful sync started, so that clock skew
 * between AppSheet and the functions, and rows saved while that sync ran, are never missed.
 * Rows read twice are not written twice: their content hash is unchanged.
 */
export const DELTA_OVERLAP_MS = 15 * 60 * 1000;

/** New work stops this long before the function timeout, so the run can still finish its log. */
const SAFETY_MARGIN_MS = 5 * 60 * 1000;
export const DEFAULT_TIME_BUDGET_MS = SYNC_TIMEOUT_SECONDS * 1000 - SAFETY_MARGIN_MS;

/** Tables fetched at the same time: enough to overlap network and writes, gentle on AppSheet. */
const TABLE_CONCURRENCY = 3;

/** Writes the finished log, a few times if need be: a log left `running` would mislead the office. */
async function writeFinalLog(logRef: DocumentReference, log: SyncLog): Promise<void> {
  await withRetry(() => logRef.set(log), { attempts: 3, backoffMs: 500 });
}

/**
 * The families a run may have changed, for what follows it (the parents' e-mails): every family
 * (and every booking request) after a full sync; after a delta, the members it wrote or whose
 * access it ended, the payments it wrote and the booking requests it wrote (the office's
 * decisions made in AppSheet among them).
 */
export type ChangedFamilies = 'all' | { memberIds: string[]; paymentIds: string[]; bookingRequestIds: string[] };

export interface SyncRun {
  log: SyncLog;
  changed: ChangedFamilies;
}

/** Runs one sync. Throws SyncConflictError (nothing done) while another sync holds the lease. */
export async function runSync(deps: SyncDeps, request: SyncRequest): Promise<SyncLog> {
  return (await runSyncReportingChanges(deps, request)).log;
}

/** runSync, and which families it changed. */
export async function runSyncReportingChanges(deps: SyncDeps, request: SyncRequest): Promise<SyncRun> {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const logRef = db.collection(SYNC_LOGS).doc();
  await acquireLease(db, { syncId: logRef.id, syncType: request.syncType, triggeredBy: request.triggeredBy }, now());
  // Taken once the lease is ours: it is the watermark for later deltas, so it must not
  // precede the moment this run could start reading.
  const started = now();
  const deadline = Date.now() + (deps.timeBudgetMs ?? DEFAULT_TIME_BUDGET_MS);

  const metadataRef = db.collection(LAST_SYNC_PATH.collection).doc(LAST_SYNC_PATH.doc);
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
    rowWarnings: [],
    heldBackDeletions: [],
    totalMembers: 0,
    totalChildren: 0,
    deltaSince: null,
    memberIndex: null,
  };
  // The lease is given back only after every table has settled (syncTables never throws).
  // Should the final log write fail all the same, the status API reports the orphaned
  // `running` log as stopped (it no longer holds the lease).
  try {
    await logRef.set(log);
    let since: Date | null = null;
    if (request.syncType === 'delta') {
      const lastSync = lastSyncSchema.safeParse((await metadataRef.get()).data() ?? {});
      // Unreadable, it gives no starting point: the delta then reads every row, as a first one does.
      if (!lastSync.success) logger.warn('Unreadable sync_metadata/last_sync: the delta reads every row', { syncId: log.syncId });
      const watermark = lastSync.data?.lastSuccessfulSyncAt;
      since = watermark ? new Date(Date.parse(watermark) - DELTA_OVERLAP_MS) : null;
      log.deltaSince = since?.toISOString() ?? null;
    }

    const today = deps.today ?? dayIn(started, schoolTimeZone());
    const { results, accessEnded } = await syncTables(deps, request, since, log, deadline, today);
    finish(log, results, now());
    await writeFinalLog(logRef, log);

    const metadata: LastSync = {
      lastSyncId: log.syncId,
      lastSyncType: log.syncType,
      lastSyncStatus: log.status,
      lastSyncAt: log.startedAt,
    };
    // A run in which every table synced moves the starting point of later delta syncs; rows it
    // rejected are read again once the office changes them.
    if (log.status === 'success' || log.status === 'warning') {
      metadata.lastSuccessfulSyncAt = log.startedAt;
      metadata[log.syncType === 'full' ? 'lastSuccessfulFullSyncAt' : 'lastSuccessfulDeltaSyncAt'] = log.startedAt;
    }
    await metadataRef.set(metadata, { merge: true });
    if (metadata.lastSuccessfulSyncAt) {
      // For the parents' "as of …": this alone, in a document of its own that they may read.
      const freshness: SyncFreshness = { lastSuccessfulSyncAt: log.startedAt };
      await db.collection(SYNC_FRESHNESS_PATH.collection).doc(SYNC_FRESHNESS_PATH.doc).set(freshness);
    }
    const written = (table: SyncedCollection) => results.find((result) => result.table === table)?.writtenIds ?? [];
    const changed: ChangedFamilies =
      request.syncType === 'full'
        ? 'all'
        : { memberIds: [...new Set([...written('members'), ...accessEnded])], paymentIds: written('payments'), bookingRequestIds: written('bookingRequests') };
    return { log, changed };
  } finally {
    await releaseLease(db, logRef.id);
  }
}

/**
 * Every table, three at a time, each settling on its own, plus what spans tables: the member
 * index once the members table is written, plans and booking requests after children (they
 * take the family's memberId from the child), the plans and requests of children that moved to
 * another family, and last, once the tables have settled, what each family may read of the
 * timetable, the offer catalogues, the places the requests hold, the quarters' closed days and
 * the families' view of their mandates.
 */
async function syncTables(
  deps: SyncDeps,
  request: SyncRequest,
  since: Date | null,
  log: SyncLog,
  deadline: number,
  today: string,
): Promise<{ results: TableSyncResult[]; accessEnded: string[] }> {
  const accessEnded: string[] = [];
  let childrenDone: () => void = () => {};
  let membersIndexed: () => void = () => {};
  const run: SyncContext = {
    db: deps.db,
    client: deps.appSheet,
    syncedAt: log.startedAt,
    familiesSynced: Promise.all([new Promise<void>((resolve) => (childrenDone = resolve)), new Promise<void>((resolve) => (membersIndexed = resolve))]),
    deletions: { share: deps.deletionShare, confirmed: request.confirmDeletions },
    deadline,
    sliceRows: deps.sliceRows,
  };
  const syncOne = async (table: SyncedCollection): Promise<TableSyncResult> => {
    try {
      if (Date.now() > deadline) return failedTable(table, 'not started: the sync reached its time limit');
      const result = request.syncType === 'full' ? await syncTableFull(run, table) : await syncTableDelta(run, table, since);
      if (table === 'members') accessEnded.push(...(await updateMemberIndex(deps, request, result, log)));
      return result;
    } catch (error) {
      return failedTable(table, `stopped: ${(error as Error).message}`);
    } finally {
      if (table === 'children') childrenDone();
      if (table === 'members') membersIndexed();
    }
  };
  const results = await Promise.all(SYNCED_COLLECTIONS.map(limitAsync(syncOne, TABLE_CONCURRENCY)));
  const children = results.find((result) => result.table === 'children');
  const plans = results.find((result) => result.table === 'plans');
  const movedPlanIds: string[] = [];
  if (children && plans && children.updatedIds.length > 0) {
    try {
      const repaired = await repairPlanOwners(deps.db, children.updatedIds, log.startedAt);
      plans.counts.written += repaired.written;
      movedPlanIds.push(...repaired.planIds);
      if (repaired.failed > 0) plans.problem ??= `moving plans with their child failed: ${repaired.firstFailure}`;
    } catch (error) {
      plans.problem ??= `moving plans with their child failed: ${(error as Error).message}`;
    }
  }
  if (plans) await updateReferences(deps, request, results, plans, movedPlanIds, log);
  await settleBooking(deps.db, request.syncType, results, log.startedAt, today, { appSheet: deps.appSheet, uncertainHoldMs: deps.uncertainHoldMs, places: deps.places });
  await settleCalendar(deps.db, request.syncType, results, today);
  await settleMandates(deps.db, request.syncType, results);
  await settleDebits(deps.db, deps.appSheet, results, deps.returns);
  return { results, accessEnded };
}

/**
 * Each family's timetable follows its plans (memberReferences.ts): every family after a full
 * sync, after a delta those of the plans it wrote or moved with their child and of the lessons,
 * room hours and teachers it wrote. A failure is the plans table's error; nothing else is undone.
 */
async function updateReferences(deps: SyncDeps, request: SyncRequest, results: TableSyncResult[], plans: TableSyncResult, movedPlanIds: string[], log: SyncLog) {
  const written = (table: SyncedCollection) => results.find((result) => result.table === table)?.writtenIds ?? [];
  try {
    const scope =
      request.syncType === 'full'
        ? 'all'
        : { planIds: [...written('plans'), ...movedPlanIds], lessonIds: written('lessons'), roomHourIds: written('roomHours'), teacherIds: written('teachers') };
    await updateMemberReferences(deps.db, scope, log.startedAt);
  } catch (error) {
    plans.problem ??= `updating what each family may read of the timetable failed: ${(error as Error).message}`;
  }
}

/** Returns the member ids whose access the index ended. */
async function updateMemberIndex(deps: SyncDeps, request: SyncRequest, members: TableSyncResult, log: SyncLog): Promise<string[]> {
  try {
    const scope = request.syncType === 'full' ? 'all' : { changedMemberIds: members.writtenIds };
    const index = await reconcileMemberIndex(deps.db, scope, log.startedAt);
    log.memberIndex = index.summary;
    members.rowErrors.push(...index.rowErrors);
    members.counts.errors += index.rowErrors.length;
    if (index.removedMemberIds.length > 0) {
      logger.info('member index: access ended', { syncId: log.syncId, memberIds: index.removedMemberIds.slice(0, 100), count: index.removedMemberIds.length });
    }
    return index.removedMemberIds;
  } catch (error) {
    members.problem ??= `updating the member index failed: ${(error as Error).message}`;
    return [];
  }
}

function finish(log: SyncLog, results: TableSyncResult[], finished: Date): void {
  for (const result of results) {
    log.tables[result.table] = result.counts;
    log.rowErrors.push(...result.rowErrors);
    log.rowWarnings.push(...result.rowWarnings);
    if (result.heldBack) log.heldBackDeletions.push({ table: result.table, count: result.counts.heldBack, reason: result.heldBack });
  }
  log.rowErrors = log.rowErrors.slice(0, MAX_ROW_ERRORS_LOGGED);
  log.rowWarnings = log.rowWarnings.slice(0, MAX_ROW_ERRORS_LOGGED);
  const problems = results.filter((r) => r.problem).map((r) => `${r.table}: ${r.problem}`);
  if (problems.length > 0) log.error = problems.join('; ');
  const warned = log.rowErrors.length > 0 || log.rowWarnings.length > 0 || log.heldBackDeletions.length > 0;
  log.status = log.error ? 'error' : warned ? 'warning' : 'success';
  log.totalMembers = log.tables.members.synced;
  log.totalChildren = log.tables.children.synced;
  log.finishedAt = finished.toISOString();
  log.duration = finished.getTime() - Date.parse(log.startedAt);
}

export function runFullSync(deps: SyncDeps, request: Omit<SyncRequest, 'syncType'>): Promise<SyncLog> {
  return runSync(deps, { ...request, syncType: 'full' });
}
