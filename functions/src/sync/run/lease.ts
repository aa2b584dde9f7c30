/**
 * One sync at a time, across all function instances: a lease document changed only inside
 * Firestore transactions. It expires on its own, so a crashed run cannot block the next one.
 */
import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { SYNC_LEASE_PATH, SYNC_LOGS, syncLeaseSchema, type SyncLease } from '@family-portal/contract';
import type { SyncTrigger, SyncType } from './syncLog';

/** Longer than the longest function timeout (30 min), so a live run never loses its lease. */
export const LEASE_TTL_MS = 35 * 60 * 1000;

/**
 * The lease a document holds, or null. One that does not read as a lease (written by hand, or
 * by another version) has no expiry to honour: it counts as expired, and the log says so.
 */
export function readLease(data: DocumentData | undefined): SyncLease | null {
  if (data === undefined) return null;
  const lease = syncLeaseSchema.safeParse(data);
  if (lease.success) return lease.data;
  logger.warn('Unreadable sync lease, treated as expired', { issues: lease.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) });
  return null;
}

function leaseRef(db: Firestore) {
  return db.collection(SYNC_LEASE_PATH.collection).doc(SYNC_LEASE_PATH.doc);
}

/** The lease as it stands now, outside a transaction (the admin console's status). */
export async function currentLease(db: Firestore): Promise<SyncLease | null> {
  return readLease((await leaseRef(db).get()).data());
}

export class SyncConflictError extends Error {
  constructor(readonly running: SyncLease) {
    super(
      `A ${running.syncType} sync (${running.triggeredBy === 'scheduled' ? 'scheduled' : 'started manually'}) ` +
        `has been running since ${running.acquiredAt}. Try again when it has finished.`,
    );
    this.name = 'SyncConflictError';
  }
}

/**
 * Takes the lease for a new run, or throws SyncConflictError while another run holds it.
 * Returns the lease it replaced because it had expired (a crashed run), if any.
 */
export async function acquireLease(
  db: Firestore,
  request: { syncId: string; syncType: SyncType; triggeredBy: SyncTrigger },
  now: Date,
  ttlMs = LEASE_TTL_MS,
): Promise<SyncLease | null> {
  const ref = leaseRef(db);
  return db.runTransaction(async (transaction) => {
    const current = readLease((await transaction.get(ref)).data());
    if (current && Date.parse(current.expiresAt) > now.getTime()) throw new SyncConflictError(current);
    // Transactions read before they write.
    const staleLog = current ? db.collection(SYNC_LOGS).doc(current.syncId) : null;
    const staleLogExists = staleLog ? (await transaction.get(staleLog)).exists : false;
    const lease: SyncLease = {
      ...request,
      acquiredAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + ttlMs).toISOString(),
    };
    transaction.set(ref, lease);
    if (staleLog && staleLogExists) {
      // The run that held the expired lease never finished: say so in its log.
      transaction.update(staleLog, { status: 'error', error: 'The sync stopped before it finished (its lease expired).' });
    }
    return current;
  });
}

/** Gives the lease back, unless another run has taken it over in the meantime. */
export async function releaseLease(db: Firestore, syncId: string): Promise<void> {
  const ref = leaseRef(db);
  await db.runTransaction(async (transaction) => {
    const current = readLease((await transaction.get(ref)).data());
    if (current?.syncId === syncId) transaction.delete(ref);
  });
}
