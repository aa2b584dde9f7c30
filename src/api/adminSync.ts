/** The admin sync API (spec section 7), with the signed-in admin's ID token; answers as the contract has them. */
import type { SyncedCollection, SyncLog, SyncResult, SyncType } from '@family-portal/contract';
import { callFunction } from './client';
import { currentIdToken } from './idToken';

export type { SyncResult, SyncStatus, SyncType, TableCounts } from '@family-portal/contract';

export type { SyncLog, SyncLogInput } from '@family-portal/contract';

export async function fetchSyncStatus(): Promise<SyncLog | null> {
  const { data } = await callFunction('getSyncStatus', (schemas) => schemas.syncStatusAnswer, { method: 'GET', idToken: currentIdToken });
  return data.latestSync;
}

export const HISTORY_LIMIT = 20;

export async function fetchSyncHistory(): Promise<SyncLog[]> {
  const { data } = await callFunction('getSyncHistory', (schemas) => schemas.syncHistoryAnswer, {
    method: 'GET',
    query: { limit: HISTORY_LIMIT, offset: 0 },
    idToken: currentIdToken,
  });
  return data.logs;
}

export async function triggerSync(type: SyncType): Promise<SyncResult> {
  const { data } = await callFunction(type === 'full' ? 'triggerFullSync' : 'triggerDeltaSync', (schemas) => schemas.syncResultAnswer, {
    method: 'POST',
    idToken: currentIdToken,
  });
  return data;
}

/** Runs a full sync that applies the held-back deletions of one table, if it finds exactly `count`. */
export async function applyHeldBackDeletions(table: SyncedCollection, count: number): Promise<SyncResult> {
  const { data } = await callFunction('triggerFullSync', (schemas) => schemas.syncResultAnswer, {
    method: 'POST',
    body: { applyHeldBackDeletions: { table, count } },
    idToken: currentIdToken,
  });
  return data;
}
