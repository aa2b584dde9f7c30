import { hash } from 'node:crypto';

/** Bookkeeping fields the sync adds to every synced document; the UI ignores them. */
export const HASH_FIELD = '_hash';
export const SYNCED_AT_FIELD = '_syncedAt';
/** Why the sync rejected the row this document was written from (the document is kept as it was). */
export const REJECTED_FIELD = '_rejected';
/**
 * The hash of a document whose latest row was rejected. No content hashes to it, so the row is
 * written again in full once the office fixes it; the member index ignores such members.
 */
export const REJECTED_HASH = 'rejected';

/** A stable hash of a document's mapped content, so unchanged rows are not written again. */
export function contentHash(doc: Readonly<Record<string, unknown>>): string {
  const stable = Object.keys(doc)
    .sort()
    .map((key) => [key, doc[key]]);
  // One-shot hash(): the same digest as createHash().update().digest(), without a Hash object per document.
  return hash('sha1', JSON.stringify(stable), 'base64url');
}
