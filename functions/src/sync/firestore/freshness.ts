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
  /** When the document was last written (ms since epoch), if known. */
  updatedAt?: number;
}

export interface RowVersion {
  hash: string;
  /** The row's `Last Changed`, or null when AppSheet sent none (then the row cannot be older). */
  changedAt: string | null;
  /** When the request that read the row was sent (ms since epoch), if known. */
  fetchedAt?: number;
}

export type Decision = 'write' | 'unchanged' | 'older';

/**
 * A row is older than the document when its `Last Changed` is earlier, or when the document was
 * written after the row was read: a write-back stores AppSheet's answer to the parent's edit,
 * which holds every change up to that moment. `Last Changed` alone cannot tell within one second
 * (AppSheet's DateTimes have no fractions), and a parent's save can land in the same second as
 * the sync's read.
 */
export function decide(stored: StoredVersion | undefined, row: RowVersion): Decision {
  if (!stored) return 'write';
  if (stored.hash === row.hash) return 'unchanged';
  if (stored.updatedAt !== undefined && row.fetchedAt !== undefined && stored.updatedAt > row.fetchedAt) return 'older';
  const storedAt = typeof stored.lastChanged === 'string' ? Date.parse(stored.lastChanged) : NaN;
  const rowAt = row.changedAt ? Date.parse(row.changedAt) : NaN;
  if (!Number.isNaN(storedAt) && !Number.isNaN(rowAt) && rowAt < storedAt) return 'older';
  return 'write';
}
