/**
 * Newer data wins. Every synced document remembers the `Last Changed` of the row it was written
 * from (LAST_CHANGED_FIELD); a sync never replaces it with content from an older row. That is
 * what keeps a parent's edit, written back while a full sync was still fetching, from being
 * undone by the sync's older copy of the row.
 */

/** The AppSheet `Last Changed` instant (UTC ISO) the document was written from. */
export const LAST_CHANGED_FIELD = '_lastChanged';

export interface StoredVersion {
  hash: unknown;
  lastChanged: unknown;
}

export interface RowVersion {
  hash: string;
  /** The row's `Last Changed`, or null when AppSheet sent none (then the row cannot be older). */
  changedAt: string | null;
}

export type Decision = 'write' | 'unchanged' | 'older';

export function decide(stored: StoredVersion | undefined, row: RowVersion): Decision {
  if (!stored) return 'write';
  if (stored.hash === row.hash) return 'unchanged';
  const storedAt = typeof stored.lastChanged === 'string' ? Date.parse(stored.lastChanged) : NaN;
  const rowAt = row.changedAt ? Date.parse(row.changedAt) : NaN;
  if (!Number.isNaN(storedAt) && !Number.isNaN(rowAt) && rowAt < storedAt) return 'older';
  return 'write';
}
