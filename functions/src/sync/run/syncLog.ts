/** The sync log entry of spec section 3, kept in sync_logs/{syncId}; its shape is the contract's. */
import { SYNCED_COLLECTIONS, type SyncedCollection } from '@family-portal/contract';
import type { TableCounts } from '@family-portal/contract';

export type { SyncLog, SyncStatus, SyncTrigger, SyncType, TableCounts } from '@family-portal/contract';

export function emptyCounts(): TableCounts {
  return { synced: 0, errors: 0, deleted: 0, written: 0, warnings: 0, heldBack: 0, olderSkipped: 0 };
}

export const MAX_ROW_ERRORS_LOGGED = 100;

export function emptyTableCounts(): Record<SyncedCollection, TableCounts> {
  return Object.fromEntries(
    SYNCED_COLLECTIONS.map((name) => [name, emptyCounts()]),
  ) as Record<SyncedCollection, TableCounts>;
}
