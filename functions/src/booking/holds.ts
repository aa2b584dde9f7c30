/**
 * Places are checked and taken in one Firestore transaction on the offer's booking_holds
 * document, never by reading and then writing: twenty families racing for three places get three
 * places and seventeen "full". A request holds its place from before its AppSheet write
 * ('reserving') until it is declined or withdrawn; the office's decision and the family's
 * withdrawal claim the holder while they write ('deciding', 'withdrawing'), so that a second
 * click waits for the first instead of writing twice.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { HttpError } from '../http/errors';
import { HOLD_TRANSACTION_ATTEMPTS, isLiveClaim, readHolders, readOffer, writeHolders, type Holder, type HolderState } from './holders';

export { reconcileHolds } from './reconcileHolds';


export interface OfferPlaces {
  offerId: string;
  quarterId: string;
  /** Places per room hour. */
  places: number;
}

/** One claim on a request's holder: the offer it is under and the instant that names the claim. */
export interface Claim {
  offerId: string;
  requestId: string;
  since: string;
}

export const requestInProgress = () =>
  new HttpError('request-in-progress', 'This request is being processed right now. Please reload the page in a moment.');

/**
 * Takes the places of a new request ('reserving'), or throws: `already-requested` when the
 * request already holds places or is being written, `full` naming the room hours without a free
 * place. A claim older than the TTL (its function died) is taken over.
 */
export async function reserve(db: Firestore, offer: OfferPlaces, requestId: string, roomHourIds: string[], now = new Date()): Promise<Claim> {
  const since = now.toISOString();
  await db.runTransaction(
    async (transaction) => {
      const { holds: holdsSnapshot, places: placesSnapshot } = await readOffer(transaction, db, offer.offerId);
      const holders = readHolders(holdsSnapshot);
      const own = holders[requestId];
      if (own && (own.state === 'held' || isLiveClaim(own, now))) {
        throw new HttpError('already-requested', 'This child has already requested this course for the quarter.');
      }
      delete holders[requestId];
      const taken: Record<string, number> = {};
      for (const holder of Object.values(holders)) for (const id of holder.roomHourIds) taken[id] = (taken[id] ?? 0) + 1;
      const full = roomHourIds.filter((id) => (taken[id] ?? 0) >= offer.places);
      if (full.length > 0) {
        throw new HttpError('full', `No place is left at ${full.join(', ')}.`, { roomHourIds: full });
      }
      holders[requestId] = { roomHourIds, state: 'reserving', since };
      writeHolders(transaction, db, offer.offerId, offer.quarterId, holders, placesSnapshot);
    },
    { maxAttempts: HOLD_TRANSACTION_ATTEMPTS },
  );
  return { offerId: offer.offerId, requestId, since };
}

/**
 * Claims an existing request for the office's decision or the family's withdrawal; throws
 * `request-in-progress` while another claim on it is live. A request without a holder (made in
 * AppSheet, not yet reconciled) gets one with its room hours: its places are counted from now on.
 */
export async function claimHolder(
  db: Firestore,
  offer: Omit<OfferPlaces, 'places'>,
  requestId: string,
  roomHourIds: string[],
  state: Exclude<HolderState, 'held' | 'reserving'>,
  now = new Date(),
): Promise<Claim> {
  const since = now.toISOString();
  await db.runTransaction(
    async (transaction) => {
      const { holds: holdsSnapshot, places: placesSnapshot } = await readOffer(transaction, db, offer.offerId);
      const holders = readHolders(holdsSnapshot);
      const own = holders[requestId];
      if (isLiveClaim(own, now)) throw requestInProgress();
      holders[requestId] = { roomHourIds: own?.roomHourIds ?? roomHourIds, state, since };
      writeHolders(transaction, db, offer.offerId, offer.quarterId, holders, placesSnapshot);
    },
    { maxAttempts: HOLD_TRANSACTION_ATTEMPTS },
  );
  return { offerId: offer.offerId, requestId, since };
}

/**
 * Ends a claim: the request keeps its places ('held', with the room hours AppSheet holds) or gives
 * them back. Only the claim that is still this one's: a claim taken over after the TTL belongs to
 * its new owner. Retried a few times; a failure is logged and left to reconcileHolds after the
 * next sync, since AppSheet already holds the truth.
 */
export async function finishClaim(
  db: Firestore,
  claim: Claim,
  quarterId: string,
  outcome: { holds: true; roomHourIds?: string[] } | { holds: false },
): Promise<void> {
  try {
    await db.runTransaction(
      async (transaction) => {
        const { holds: holdsSnapshot, places: placesSnapshot } = await readOffer(transaction, db, claim.offerId);
        const holders = readHolders(holdsSnapshot);
        const own = holders[claim.requestId];
        if (!own || own.since !== claim.since) return;
        if (outcome.holds) {
          const next: Holder = { roomHourIds: outcome.roomHourIds ?? own.roomHourIds, state: 'held', since: own.since };
          holders[claim.requestId] = next;
        } else {
          delete holders[claim.requestId];
        }
        writeHolders(transaction, db, claim.offerId, quarterId, holders, placesSnapshot);
      },
      { maxAttempts: HOLD_TRANSACTION_ATTEMPTS },
    );
  } catch (error) {
    logger.error('ending a booking claim failed; the next sync reconciles it', {
      offerId: claim.offerId,
      requestId: claim.requestId,
      reason: (error as Error).message,
    });
  }
}

/** The request was written: it holds its places. */
export const settle = (db: Firestore, claim: Claim, quarterId: string, roomHourIds?: string[]) =>
  finishClaim(db, claim, quarterId, { holds: true, roomHourIds });

/** The request was not written, or was declined or withdrawn: its places are free again. */
export const release = (db: Firestore, claim: Claim, quarterId: string) => finishClaim(db, claim, quarterId, { holds: false });
