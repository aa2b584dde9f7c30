/** The sync log entry of spec section 3, kept in sync_logs/{syncId}. */
import type { IndexSummary } from './memberIndex';
import { TABLE_NAMES, type TableName } from './tables';

export type SyncType = 'full' | 'delta';
export type SyncTrigger = 'manual' | 'scheduled';
export type SyncStatus = 'running' | 'success' | 'error';

export interface TableCounts {
  /** Rows read and accepted (written or already up to date). */
  synced: number;
  /** Rows rejected as malformed, or 1 when the table could not be fetched. */
  errors: number;
  /** Documents removed because their row no longer exists (full sync only). */
  deleted: number;
  /** Documents actually written, i.e. changed content. */
  written: number;
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
    TABLE_NAMES.map((name) => [name, { synced: 0, errors: 0, deleted: 0, written: 0 }]),
  ) as Record<TableName, TableCounts>;
}
