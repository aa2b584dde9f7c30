/** The sync log entry of spec section 3, kept in sync_logs/{syncId}. */
import type { IndexSummary } from './memberIndex';
import { TABLE_NAMES, type TableName } from './tables';

export type SyncType = 'full' | 'delta';
export type SyncTrigger = 'manual' | 'scheduled';
/**
 * `warning`: every table synced, but the office has something to look at (rejected rows, values
 * outside the contract's lists) or deletions were held back for an admin to confirm.
 */
export type SyncStatus = 'running' | 'success' | 'warning' | 'error';

export interface TableCounts {
  /** Rows read and accepted (written or already up to date). */
  synced: number;
  /** Rows rejected as malformed, or 1 when the table could not be fetched. */
  errors: number;
  /** Documents removed because their row no longer exists (full sync only). */
  deleted: number;
  /** Documents actually written, i.e. changed content. */
  written: number;
  /** Rows kept with a value the contract does not know (stored as typed). */
  warnings: number;
  /** Deletions not made because they looked like a bad answer (full sync only). */
  heldBack: number;
  /** Rows not written because the stored document came from a newer row. */
  olderSkipped: number;
}

export function emptyCounts(): TableCounts {
  return { synced: 0, errors: 0, deleted: 0, written: 0, warnings: 0, heldBack: 0, olderSkipped: 0 };
}

export interface RowError {
  table: TableName;
  key: string | null;
  reason: string;
}

export interface SyncLog {
  syncId: string;
  status: SyncStatus;
  syncType: SyncType;
  triggeredBy: SyncTrigger;
  triggeredByEmail: string | null;
  startedAt: string;
  finishedAt: string | null;
  /** Milliseconds; null while running. */
  duration: number | null;
  error: string | null;
  tables: Record<TableName, TableCounts>;
  /** The first rejected rows with their reasons, for the office to fix in AppSheet. */
  rowErrors: RowError[];
  /** The first values kept as typed though the contract does not know them, for the office to tidy. */
  rowWarnings: RowError[];
  /** Per table, why deletions were held back (an admin can apply them from the console). */
  heldBackDeletions: Array<{ table: TableName; count: number; reason: string }>;
  totalMembers: number;
  totalChildren: number;
  /** Delta syncs: rows changed at or after this instant were read; null for full syncs. */
  deltaSince: string | null;
  /** How the run left the e-mail → member index (null when the members table did not get that far). */
  memberIndex: IndexSummary | null;
}

export const SYNC_LOGS = 'sync_logs';
export const SYNC_METADATA = 'sync_metadata';
export const LAST_SYNC_DOC = 'last_sync';
export const MAX_ROW_ERRORS_LOGGED = 100;

export function emptyTableCounts(): Record<TableName, TableCounts> {
  return Object.fromEntries(
    TABLE_NAMES.map((name) => [name, emptyCounts()]),
  ) as Record<TableName, TableCounts>;
}
