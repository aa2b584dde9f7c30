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
 * place. A claim older than the TTL (its function died) is taken over, and so is the request's
 * own uncertain hold (an earlier attempt whose AppSheet answer was lost): a second attempt, with
 * the same times or others, is counted like a new one.
 */
export async function reserve(db: Firestore, offer: OfferPlaces, requestId: string, roomHourIds: string[], now = new Date()): Promise<Claim> {
  const since = now.toISOString();
  await db.runTransaction(
    async (transaction) => {
      const { holds: holdsSnapshot, places: placesSnapshot } = await readOffer(transaction, db, offer.offerId);
      const holders = readHolders(holdsSnapshot);
      const own = holders[requestId];
      if (own && !own.uncertain && (own.state === 'held' || isLiveClaim(own, now))) {
        throw new HttpError('already-requested', 'This child has already requested this course for the quarter.');
      }
      delete holders[requestId];
      const taken: Record<string, number> = {};
      for (const holder of Object.values(holders)) for (const id of holder.roomHourIds) taken[id] = (taken[id] ?? 0) + 1;
      const full = roomHourIds.filter((id) => (taken[id] ?? 0) >= offer.places);
      if (full.length > 0) {
        throw new HttpError('full', `No place is left at ${full.join(', ')}.`, { roomHourIds: full });
      }
      holders[requestId] = { roomHourIds, state: 'reserving', since, order: since };
      writeHolders(transaction, db, offer.offerId, offer.quarterId, holders, placesSnapshot);
    },
    { maxAttempts: HOLD_TRANSACTION_ATTEMPTS },
  );
  return { offerId: offer.offerId, requestId, since };
}

/** A request to claim: its id and, for one without a holder yet, the room hours it holds. */
export interface ClaimWanted {
  requestId: string;
  roomHourIds: string[];
}

/**
 * Claims existing requests of one offer for the office's decision or the family's withdrawal, in
 * one transaction: each gets its claim, or `request-in-progress` while another claim on it is
 * live. A request without a holder (made in AppSheet, not yet reconciled) gets one with its room
 * hours: its places are counted from now on.
 */
export async function claimHolders(
  db: Firestore,
  offer: Omit<OfferPlaces, 'places'>,
  wanted: ClaimWanted[],
  state: Exclude<HolderState, 'held' | 'reserving'>,
  now = new Date(),
): Promise<Map<string, Claim | HttpError>> {
  const since = now.toISOString();
  let claims = new Map<string, Claim | HttpError>();
  await db.runTransaction(
    async (transaction) => {
      claims = new Map();
      const { holds: holdsSnapshot, places: placesSnapshot } = await readOffer(transaction, db, offer.offerId);
      const holders = readHolders(holdsSnapshot);
      for (const { requestId, roomHourIds } of wanted) {
        const own = holders[requestId];
        if (isLiveClaim(own, now)) {
          claims.set(requestId, requestInProgress());
          continue;
        }
        holders[requestId] = { roomHourIds: own?.roomHourIds ?? roomHourIds, state, since, ...(own?.order ? { order: own.order } : {}) };
        claims.set(requestId, { offerId: offer.offerId, requestId, since });
      }
      if ([...claims.values()].some((claim) => !(claim instanceof HttpError))) {
        writeHolders(transaction, db, offer.offerId, offer.quarterId, holders, placesSnapshot);
      }
    },
    { maxAttempts: HOLD_TRANSACTION_ATTEMPTS },
  );
  return claims;
}

/** One request's claim, or `request-in-progress`. */
export async function claimHolder(
  db: Firestore,
  offer: Omit<OfferPlaces, 'places'>,
  requestId: string,
  roomHourIds: string[],
  state: Exclude<HolderState, 'held' | 'reserving'>,
  now = new Date(),
): Promise<Claim> {
  const claim = (await claimHolders(db, offer, [{ requestId, roomHourIds }], state, now)).get(requestId);
  if (!claim || claim instanceof HttpError) throw claim ?? requestInProgress();
  return claim;
}

/**
 * How a claim ends: the request keeps its places (with the room hours AppSheet holds), or not, or
 * it keeps them uncertain (AppSheet's answer was lost: the next sync settles it).
 */
export type ClaimEnd = { holds: true; roomHourIds?: string[] } | { holds: false } | { holds: 'uncertain'; at: string };

/**
 * Ends claims on one offer in one transaction: each request keeps its places ('held') or gives
 * them back. Only a claim that is still this one's: a claim taken over after the TTL belongs to
 * its new owner. A failure is logged and left to reconcileHolds after the next sync, since
 * AppSheet already holds the truth.
 */
export async function finishClaims(db: Firestore, offerId: string, quarterId: string, ends: Array<{ claim: Claim; end: ClaimEnd }>): Promise<void> {
  if (ends.length === 0) return;
  try {
    await db.runTransaction(
      async (transaction) => {
        const { holds: holdsSnapshot, places: placesSnapshot } = await readOffer(transaction, db, offerId);
        const holders = readHolders(holdsSnapshot);
        let changed = false;
        for (const { claim, end } of ends) {
          const own = holders[claim.requestId];
          if (!own || own.since !== claim.since) continue;
          changed = true;
          if (end.holds === 'uncertain') {
            // A fresh TTL from the lost answer: reconcileHolds keeps it that long unless a sync brings the row.
            holders[claim.requestId] = { ...own, state: 'reserving', since: end.at, uncertain: true };
          } else if (end.holds) {
            const next: Holder = { roomHourIds: end.roomHourIds ?? own.roomHourIds, state: 'held', since: own.since, ...(own.order ? { order: own.order } : {}) };
            holders[claim.requestId] = next;
          } else {
            delete holders[claim.requestId];
          }
        }
        if (changed) writeHolders(transaction, db, offerId, quarterId, holders, placesSnapshot);
      },
      { maxAttempts: HOLD_TRANSACTION_ATTEMPTS },
    );
  } catch (error) {
    logger.error('ending booking claims failed; the next sync reconciles them', {
      offerId,
      requestIds: ends.map(({ claim }) => claim.requestId).slice(0, 20),
      reason: (error as Error).message,
    });
  }
}

export const finishClaim = (db: Firestore, claim: Claim, quarterId: string, end: ClaimEnd) => finishClaims(db, claim.offerId, quarterId, [{ claim, end }]);

/** The request was written: it holds its places. */
export const settle = (db: Firestore, claim: Claim, quarterId: string, roomHourIds?: string[]) =>
  finishClaim(db, claim, quarterId, { holds: true, roomHourIds });

/** AppSheet may hold the request, but its answer was lost: the places stay taken, uncertain. */
export const keepUncertain = (db: Firestore, claim: Claim, quarterId: string, now = new Date()) =>
  finishClaim(db, claim, quarterId, { holds: 'uncertain', at: now.toISOString() });

/** The request was not written, or was declined or withdrawn: its places are free again. */
export const release = (db: Firestore, claim: Claim, quarterId: string) => finishClaim(db, claim, quarterId, { holds: false });
