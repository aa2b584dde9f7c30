/**
 * Every change of an offer's places goes through here: the holders and their count are read,
 * changed, and written in one batch that goes through only if the holders document is still as
 * it was read (its update time; created only if it still does not exist). A writer that lost to
 * another reads again and retries: never a read followed by a blind write, so twenty families
 * racing for three places get three places and seventeen "full".
 *
 * Not a Firestore transaction: a transaction's reads lock the document, and twenty of them on one
 * document wait on each other's locks for seconds per round before all but one are aborted, while
 * the Admin SDK's own retries back off towards a minute. A conditional write waits on nobody, so a
 * loser learns at once and tries again. A caller waits a few seconds at most: then it is answered
 * "try again" (503 `busy`, with Retry-After), and nothing was changed.
 */
import type { DocumentSnapshot, Firestore, WriteBatch } from 'firebase-admin/firestore';
import { HttpError } from '../http/errors';
import { countTaken, holdsRef, isUnoffered, placesRef, readHolders, sameCounts, type Holders } from './holders';

/**
 * How long a change a parent or the office waits for may keep trying: with the rest of a request
 * (the token, the checks, AppSheet for the few that get a place), every caller has its answer
 * within 10 s.
 */
export const HOLD_CHANGE_MS = 5_000;
/** The sync's changes, which nobody waits for: long enough to outlast any rush of requests. */
export const SYNC_HOLD_CHANGE_MS = 60_000;
/** The longest pause before trying again; each pause is random up to a limit that doubles from the first. */
const FIRST_PAUSE_MS = 20;
const LONGEST_PAUSE_MS = 400;
export const BUSY_RETRY_AFTER_SECONDS = 3;

/** As the rate limits answer: the wait in the body too, since a page of another origin cannot read Retry-After. */
export const busy = () =>
  new HttpError(
    'busy',
    'Many requests for these places are arriving at once. Nothing was changed; please try again in a moment.',
    { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS },
    BUSY_RETRY_AFTER_SECONDS,
  );

/** An offer's holders as read: the holders document, the count document, and the holders themselves (a copy to change). */
export interface HoldsRead {
  holds: DocumentSnapshot;
  places: DocumentSnapshot;
  holders: Holders;
}

/** What a change decides: its result, and the holders to write (none: nothing changes). */
export interface HoldsChange<T> {
  result: T;
  write?: { quarterId: string; holders: Holders };
  /** Documents that change with the holders (the waiting list's), in the same batch: all or nothing. */
  also?: (batch: WriteBatch) => void;
}

/**
 * Another writer changed the holders since they were read (FAILED_PRECONDITION, or ALREADY_EXISTS
 * for a first write), or Firestore was unavailable for a moment: read again.
 */
function readAgain(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 9 || code === 6 || code === 10 || code === 14;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Reads an offer's holders, lets `change` decide (it may throw a refusal: nothing is written; it
 * may read more, which is read again with the holders on every try), and
 * writes what it decided if nobody wrote in between; else reads again, for `budgetMs` at most,
 * then throws `busy`. Past the budget nothing is written, so `busy` always means nothing changed.
 */
export async function changeHolders<T>(
  db: Firestore,
  offerId: string,
  change: (read: HoldsRead) => HoldsChange<T> | Promise<HoldsChange<T>>,
  budgetMs = HOLD_CHANGE_MS,
): Promise<T> {
  const deadline = Date.now() + budgetMs;
  for (let limit = FIRST_PAUSE_MS; ; limit = Math.min(limit * 2, LONGEST_PAUSE_MS)) {
    const [holds, places] = await db.getAll(holdsRef(db, offerId), placesRef(db, offerId));
    if (!holds || !places) throw new Error('getAll answered fewer documents than asked for');
    const { result, write, also } = await change({ holds, places, holders: readHolders(holds) });
    if (!write) return result;
    if (Date.now() > deadline) throw busy();
    const batch = db.batch();
    writeHolders(batch, offerId, write.quarterId, write.holders, holds, places);
    also?.(batch);
    try {
      await batch.commit();
      return result;
    } catch (error) {
      if (!readAgain(error)) throw error;
      const wait = limit * Math.random();
      if (Date.now() + wait > deadline) throw busy();
      await pause(wait);
    }
  }
}

/**
 * Writes the holders, on the condition that they are as read, and their count. The counts
 * document is written only when the count changed (families listen to it). `reserving` marks the
 * documents with a request being written or unheard, which the sync looks up (unheardHolds.ts)
 * without reading every offer.
 */
function writeHolders(batch: WriteBatch, offerId: string, quarterId: string, holders: Holders, holds: DocumentSnapshot, places: DocumentSnapshot): void {
  // `offering` marks the documents with a place offered to a waiting family, which the sweep of
  // run-out offers reads (waitingList.ts) without reading every offer.
  const data = {
    quarterId,
    holders,
    reserving: Object.values(holders).some((holder) => holder.state === 'reserving'),
    offering: Object.values(holders).some((holder) => holder.state === 'offered'),
  };
  if (holds.exists && holds.updateTime) batch.update(holds.ref, data, { lastUpdateTime: holds.updateTime });
  else batch.create(holds.ref, data);
  if (isUnoffered(offerId)) return;
  const taken = countTaken(holders);
  const before = (places.get('taken') as Record<string, number> | undefined) ?? {};
  if (!places.exists || places.get('quarterId') !== quarterId || !sameCounts(before, taken)) {
    batch.set(places.ref, { quarterId, taken });
  }
}
