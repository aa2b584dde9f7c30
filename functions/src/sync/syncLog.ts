/** The sync log entry of spec section 3, kept in sync_logs/{syncId}; its shape is the contract's. */
import type { RowNote, TableCounts } from '@family-portal/contract';
import { TABLE_NAMES, type TableName } from './tables';

export type { SyncLog, SyncStatus, SyncTrigger, SyncType, TableCounts } from '@family-portal/contract';

export function emptyCounts(): TableCounts {
  return { synced: 0, errors: 0, deleted: 0, written: 0, warnings: 0, heldBack: 0, olderSkipped: 0 };
}

export type RowError = RowNote;

export const MAX_ROW_ERRORS_LOGGED = 100;

export function emptyTableCounts(): Record<TableName, TableCounts> {
  return Object.fromEntries(
    TABLE_NAMES.map((name) => [name, emptyCounts()]),
  ) as Record<TableName, TableCounts>;
}
