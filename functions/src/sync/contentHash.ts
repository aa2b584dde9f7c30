import { createHash } from 'node:crypto';
import type { SyncedDocument } from './schema';

/** Bookkeeping fields the sync adds to every synced document; the UI ignores them. */
export const HASH_FIELD = '_hash';
export const SYNCED_AT_FIELD = '_syncedAt';

/** A stable hash of a document's mapped content, so unchanged rows are not written again. */
export function contentHash(doc: SyncedDocument): string {
  const stable = Object.keys(doc)
    .sort()
    .map((key) => [key, doc[key]]);
  return createHash('sha1').update(JSON.stringify(stable)).digest('base64url');
}
