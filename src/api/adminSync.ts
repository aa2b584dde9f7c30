/** The admin sync API (spec section 7), with the signed-in admin's ID token. */
import { callFunction } from './client';
import { currentIdToken } from './idToken';

/** `warning`: every table synced, but something needs the office's or an admin's attention. */
export type SyncStatus = 'running' | 'success' | 'warning' | 'error' | 'pending';
export type SyncType = 'full' | 'delta';

export interface TableCounts {
  synced: number;
  errors: number;
  deleted: number;
  written?: number;
}

export interface SyncLog {
  syncId: string;
  status: SyncStatus;
  syncType: SyncType;
  triggeredBy: 'manual' | 'scheduled';
  triggeredByEmail: string | null;
  startedAt: string;
  finishedAt?: string | null;
  duration: number | null;
  error: string | null;
  tables: Record<string, TableCounts>;
  rowErrors?: Array<{ table: string; key: string | null; reason: string }>;
  /** How the run left the e-mail → member index that decides who reads which family. */
  memberIndex?: { indexed: number; added: number; removed: number; duplicates: number } | null;
  /** Values kept as typed though the contract does not know them. */
  rowWarnings?: Array<{ table: string; key: string | null; reason: string }>;
  /** Deletions a full sync held back, per table, for an admin to apply. */
  heldBackDeletions?: Array<{ table: string; count: number; reason: string }>;
}

export interface SyncResult {
  syncId: string;
  status: SyncStatus;
  totalMembers: number;
  totalChildren: number;
}

export async function fetchSyncStatus(): Promise<SyncLog | null> {
  const { data } = await callFunction<{ data: { latestSync: SyncLog | null } }>('getSyncStatus', { method: 'GET', idToken: currentIdToken });
  return data.latestSync;
}

export const HISTORY_LIMIT = 20;

export async function fetchSyncHistory(): Promise<SyncLog[]> {
  const { data } = await callFunction<{ data: { logs: SyncLog[] } }>('getSyncHistory', {
    method: 'GET',
    query: { limit: HISTORY_LIMIT, offset: 0 },
    idToken: currentIdToken,
  });
  return data.logs;
}

export async function triggerSync(type: SyncType): Promise<SyncResult> {
  const { data } = await callFunction<{ data: SyncResult }>(type === 'full' ? 'triggerFullSync' : 'triggerDeltaSync', {
    method: 'POST',
    idToken: currentIdToken,
  });
  return data;
}

/** Runs a full sync that applies the held-back deletions of one table, if it finds exactly `count`. */
export async function applyHeldBackDeletions(table: string, count: number): Promise<SyncResult> {
  const { data } = await callFunction<{ data: SyncResult }>('triggerFullSync', {
    method: 'POST',
    body: { applyHeldBackDeletions: { table, count } },
    idToken: currentIdToken,
  });
  return data;
}
