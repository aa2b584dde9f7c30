/**
 * Places are checked and taken in one atomic change of the offer's booking_holds document
 * (changeHolders.ts), never by reading and then writing blindly: twenty families racing for three
 * places get three places and seventeen "full" (or, should far more contend at once, "try
 * again"). A request holds its place from before its AppSheet write ('reserving') until it is
 * declined or withdrawn; the office's decision and the family's withdrawal claim the holder while
 * they write ('deciding', 'withdrawing'), so that a second click waits for the first instead of
 * writing twice. Wherever AppSheet's row puts a request on a time it did not hold (settling a
 * claim, claiming a request not counted yet), the places are checked in the same change: beyond
 * them the request is late, and the office sees it marked (holders.ts).
 */
import type { Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { HttpError } from '../http/errors';
import { changeHolders } from './changeHolders';
import { isLiveClaim, overbookedIds, takesBeyondPlaces, type Holder, type Holders, type HolderState } from './holders';

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
  await changeHolders(db, offer.offerId, ({ holders }) => {
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
    return { result: undefined, write: { quarterId: offer.quarterId, holders } };
  });
  return { offerId: offer.offerId, requestId, since };
}

/** A request to claim: its id and, for one without a holder yet, the room hours it holds. */
export interface ClaimWanted {
  requestId: string;
  roomHourIds: string[];
}

/** An offer whose places a claim counts against: null places for a request without an offer, whose claim counts none. */
export interface ClaimedOffer {
  offerId: string;
  quarterId: string;
  places: number | null;
}

const beyondPlaces = () => new HttpError('full', 'More requests than places hold this time, and this one came later: it cannot be confirmed until a place is freed.');

/**
 * Claims existing requests of one offer for the office's decision or the family's withdrawal, in
 * one change: each gets its claim, or `request-in-progress` while another claim on it is
 * live. A request without a holder (made in AppSheet, not yet reconciled) gets one with its room
 * hours: its places are counted from now on, and beyond the places it is late. With
 * `refuseOverbooked` (a confirmation), a request beyond its time's places, in the order of
 * overbookedIds, is refused `full` and keeps its holder as it was.
 */
export async function claimHolders(
  db: Firestore,
  offer: ClaimedOffer,
  wanted: ClaimWanted[],
  state: Exclude<HolderState, 'held' | 'reserving'>,
  now = new Date(),
  { refuseOverbooked = false } = {},
): Promise<Map<string, Claim | HttpError>> {
  const since = now.toISOString();
  return changeHolders(db, offer.offerId, ({ holders }) => {
    const claims = new Map<string, Claim | HttpError>();
    let counted = false;
    for (const { requestId, roomHourIds } of wanted) {
      if (holders[requestId]) continue;
      const late = takesBeyondPlaces(holders, requestId, roomHourIds, offer.places);
      holders[requestId] = { roomHourIds, state: 'held', since, ...(late ? { late } : {}) };
      counted = true;
    }
    const over = refuseOverbooked && offer.places !== null ? overbookedIds(holders, offer.places) : new Set<string>();
    for (const { requestId } of wanted) {
      const own = holders[requestId] as Holder;
      if (isLiveClaim(own, now)) claims.set(requestId, requestInProgress());
      else if (over.has(requestId)) claims.set(requestId, beyondPlaces());
      else {
        holders[requestId] = { roomHourIds: own.roomHourIds, state, since, ...(own.order ? { order: own.order } : {}), ...(own.late ? { late: true } : {}) };
        claims.set(requestId, { offerId: offer.offerId, requestId, since });
      }
    }
    const write = counted || [...claims.values()].some((claim) => !(claim instanceof HttpError));
    return { result: claims, ...(write ? { write: { quarterId: offer.quarterId, holders } } : {}) };
  });
}

/** One request's claim, or `request-in-progress`. */
export async function claimHolder(
  db: Firestore,
  offer: ClaimedOffer,
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
export type ClaimEnd = { holds: true; roomHourIds?: string[]; places?: number | null } | { holds: false } | { holds: 'uncertain'; at: string };

/**
 * Ends claims on one offer in one change: each request keeps its places ('held') or gives
 * them back. Only a claim that is still this one's: a claim taken over after the TTL belongs to
 * its new owner. A request that keeps times it did not hold (AppSheet's row has others) is
 * checked against the offer's `places` there, and is late beyond them. A failure is logged and
 * left to the next sync (reconcileHolds, unheardHolds), since AppSheet already holds the truth.
 */
export async function finishClaims(db: Firestore, offerId: string, quarterId: string, ends: Array<{ claim: Claim; end: ClaimEnd }>): Promise<void> {
  if (ends.length === 0) return;
  try {
    await changeHolders(db, offerId, ({ holders }) => {
      let changed = false;
      for (const { claim, end } of ends) {
        const own = holders[claim.requestId];
        if (!own || own.since !== claim.since) continue;
        changed = true;
        if (end.holds === 'uncertain') {
          // A fresh TTL from the lost answer: the sync looks its row up once it is that old (unheardHolds.ts).
          holders[claim.requestId] = { ...own, state: 'reserving', since: end.at, uncertain: true };
        } else if (end.holds) {
          holders[claim.requestId] = heldAs(holders, claim.requestId, own, end.roomHourIds ?? own.roomHourIds, end.places ?? null);
        } else {
          delete holders[claim.requestId];
        }
      }
      return { result: undefined, ...(changed ? { write: { quarterId, holders } } : {}) };
    });
  } catch (error) {
    logger.error('ending booking claims failed; the next sync reconciles them', {
      offerId,
      requestIds: ends.map(({ claim }) => claim.requestId).slice(0, 20),
      reason: (error as Error).message,
    });
  }
}

/** A request holding these times from now on: late if it took one beyond its places, or was late there already. */
function heldAs(holders: Holders, requestId: string, own: Holder, roomHourIds: string[], places: number | null): Holder {
  const sameTimes = roomHourIds.join('\u0000') === own.roomHourIds.join('\u0000');
  const late = takesBeyondPlaces(holders, requestId, roomHourIds, places) || (own.late === true && sameTimes);
  return { roomHourIds, state: 'held', since: own.since, ...(own.order ? { order: own.order } : {}), ...(late ? { late } : {}) };
}

export const finishClaim = (db: Firestore, claim: Claim, quarterId: string, end: ClaimEnd) => finishClaims(db, claim.offerId, quarterId, [{ claim, end }]);

/**
 * The request was written: it holds its places, at the times AppSheet has (an earlier attempt's
 * row may have others), checked against the offer's places per time.
 */
export const settle = (db: Firestore, claim: Claim, quarterId: string, places: number | null, roomHourIds?: string[]) =>
  finishClaim(db, claim, quarterId, { holds: true, roomHourIds, places });

/** AppSheet may hold the request, but its answer was lost: the places stay taken, uncertain. */
export const keepUncertain = (db: Firestore, claim: Claim, quarterId: string, now = new Date()) =>
  finishClaim(db, claim, quarterId, { holds: 'uncertain', at: now.toISOString() });

/** The request was not written, or was declined or withdrawn: its places are free again. */
export const release = (db: Firestore, claim: Claim, quarterId: string) => finishClaim(db, claim, quarterId, { holds: false });
