/** The sync log entry of spec section 3, kept in sync_logs/{syncId} and shown in the admin console. */
import * as z from 'zod/mini';
import { SYNCED_COLLECTIONS } from './documents';
import { SYNC_METADATA } from './rules';

export const SYNC_TYPES = ['full', 'delta'] as const;
export type SyncType = (typeof SYNC_TYPES)[number];
export const SYNC_TRIGGERS = ['manual', 'scheduled'] as const;
export type SyncTrigger = (typeof SYNC_TRIGGERS)[number];
/**
 * `warning`: every table synced, but the office has something to look at (rejected rows, values
 * outside the contract's lists) or deletions were held back for an admin to confirm.
 */
export const SYNC_STATUSES = ['running', 'success', 'warning', 'error'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

const count = z._default(z.int().check(z.nonnegative()), 0);

export const tableCountsSchema = z.object({
  /** Rows read and accepted (written or already up to date). */
  synced: count,
  /** Rows rejected as malformed, or 1 when the table could not be fetched. */
  errors: count,
  /** Documents removed because their row no longer exists (full sync only). */
  deleted: count,
  /** Documents actually written, i.e. changed content. */
  written: count,
  /** Rows kept with a value the contract does not know (stored as typed). */
  warnings: count,
  /** Deletions not made because they looked like a bad answer (full sync only). */
  heldBack: count,
  /** Rows not written because the stored document came from a newer row. */
  olderSkipped: count,
});
export type TableCounts = z.infer<typeof tableCountsSchema>;

const table = z.enum(SYNCED_COLLECTIONS);

/** Counts of every synced table; a log or answer from before a table existed reads it as all zeros. */
export const tableCountsByTable = z.pipe(
  z.transform((stored: unknown) => ({ ...Object.fromEntries(SYNCED_COLLECTIONS.map((name) => [name, {}])), ...(stored as object) })),
  z.record(table, tableCountsSchema),
);
const rowNote = z.object({ table, key: z.nullable(z.string()), reason: z.string() });
export type RowNote = z.infer<typeof rowNote>;

export const memberIndexSummarySchema = z.object({
  /** E-mails in the run's scope (all for a full sync) that lead to exactly one member. */
  indexed: z.int(),
  added: z.int(),
  /** Entries removed: the member was deleted, rejected, changed its e-mail or got a twin. */
  removed: z.int(),
  /** E-mails shared by two or more members (none of them indexed). */
  duplicates: z.int(),
});
export type MemberIndexSummary = z.infer<typeof memberIndexSummarySchema>;

export const heldBackDeletionSchema = z.object({ table, count: z.int(), reason: z.string() });
export type HeldBackDeletion = z.infer<typeof heldBackDeletionSchema>;

export const syncLogSchema = z.object({
  syncId: z.string(),
  status: z.enum(SYNC_STATUSES),
  syncType: z.enum(SYNC_TYPES),
  triggeredBy: z.enum(SYNC_TRIGGERS),
  triggeredByEmail: z._default(z.nullable(z.string()), null),
  startedAt: z.string(),
  finishedAt: z._default(z.nullable(z.string()), null),
  /** Milliseconds; null while running. */
  duration: z._default(z.nullable(z.number()), null),
  error: z._default(z.nullable(z.string()), null),
  /** Every synced table. */
  tables: tableCountsByTable,
  /** The first rejected rows with their reasons, for the office to fix in AppSheet. */
  rowErrors: z._default(z.array(rowNote), []),
  /** The first values kept as typed though the contract does not know them, for the office to tidy. */
  rowWarnings: z._default(z.array(rowNote), []),
  /** Per table, why deletions were held back (an admin can apply them from the console). */
  heldBackDeletions: z._default(z.array(heldBackDeletionSchema), []),
  totalMembers: z._default(z.int(), 0),
  totalChildren: z._default(z.int(), 0),
  /** Delta syncs: rows changed at or after this instant were read; null for full syncs. */
  deltaSince: z._default(z.nullable(z.string()), null),
  /** How the run left the e-mail → member index (null when the members table did not get that far). */
  memberIndex: z._default(z.nullable(memberIndexSummarySchema), null),
});

export type SyncLog = z.infer<typeof syncLogSchema>;
/** A log as written or sent: counts and lists the schema defaults may be left out. */
export type SyncLogInput = z.input<typeof syncLogSchema>;

/**
 * What parents may read of the sync: when the last successful sync (success or warning) began,
 * so every screen can say "as of …". Nothing else is in this document; the rules let members
 * and admins read it and nothing else of sync_metadata.
 */
export const SYNC_FRESHNESS_PATH = { collection: SYNC_METADATA, doc: 'public' } as const;
export const syncFreshnessSchema = z.object({
  /** ISO instant: the rows a successful sync read are at least this recent. */
  lastSuccessfulSyncAt: z.iso.datetime({ offset: true }),
});
export type SyncFreshness = z.infer<typeof syncFreshnessSchema>;

/**
 * One sync at a time: the run holding this lease (sync_metadata/lease). It expires on its own,
 * so a crashed run cannot block the next one.
 */
export const SYNC_LEASE_PATH = { collection: SYNC_METADATA, doc: 'lease' } as const;
export const syncLeaseSchema = z.object({
  syncId: z.string(),
  syncType: z.enum(SYNC_TYPES),
  triggeredBy: z.enum(SYNC_TRIGGERS),
  acquiredAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type SyncLease = z.infer<typeof syncLeaseSchema>;

/** The last run and the last successful ones (sync_metadata/last_sync): where a delta sync starts. */
export const LAST_SYNC_PATH = { collection: SYNC_METADATA, doc: 'last_sync' } as const;
const instant = z.optional(z.iso.datetime({ offset: true }));
export const lastSyncSchema = z.object({
  lastSyncId: z.optional(z.string()),
  lastSyncType: z.optional(z.enum(SYNC_TYPES)),
  lastSyncStatus: z.optional(z.enum(SYNC_STATUSES)),
  lastSyncAt: instant,
  lastSuccessfulSyncAt: instant,
  lastSuccessfulFullSyncAt: instant,
  lastSuccessfulDeltaSyncAt: instant,
});
export type LastSync = z.infer<typeof lastSyncSchema>;

/**
 * Present while member_references may be out of date (sync_metadata/member_references): the
 * next run then recomputes every family's.
 */
export const REFERENCES_PENDING_PATH = { collection: SYNC_METADATA, doc: 'member_references' } as const;
export interface ReferencesPending {
  /** The run's start (ISO instant). */
  failedAt: string;
  reason: string;
}
