/**
 * The mass-deletion guard. A full sync deletes the documents whose rows are gone, but an answer
 * that lost rows on the way (a slice, a security filter, a proxy cutting the body) looks exactly
 * like rows that are gone. So one run deletes at most max(20, 5 %) of a table on its own; above
 * that nothing of the table is deleted, the run reports the deletions as held back, and an
 * admin applies them deliberately (a full sync that confirms the table and the count).
 */

/** Deletions any table may make in one run, however small it is. */
export const MIN_DELETIONS = 20;
/** Share of a table's documents one run may delete on its own. */
export const DEFAULT_DELETION_SHARE = 0.05;

export interface DeletionGuard {
  /** Share of a table's documents a run may delete on its own (default 5 %). */
  share?: number;
  /** Deletions an admin confirmed: applied when the run finds exactly this many. */
  confirmed?: { table: string; count: number };
}

export function deletionLimit(storedCount: number, share = DEFAULT_DELETION_SHARE): number {
  const usable = Number.isFinite(share) && share > 0 && share <= 1 ? share : DEFAULT_DELETION_SHARE;
  return Math.max(MIN_DELETIONS, Math.floor(storedCount * usable));
}
