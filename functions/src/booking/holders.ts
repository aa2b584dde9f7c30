/**
 * The places of an offer as the booking functions count them: server-only
 * `booking_holds/{offerId}` names every request that holds places, and the public
 * `offer_places/{offerId}` says only how many are taken per room hour. Both are always written
 * together, in one atomic write that goes through only if the holders are still as read
 * (changeHolders.ts). This module is the pure part.
 */
import { OFFER_PLACES } from '@family-portal/contract';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';

export const BOOKING_HOLDS = 'booking_holds';
export { OFFER_PLACES };

/**
 * reserving: a request is being written to AppSheet; held: AppSheet has it (requested or
 * confirmed); deciding / withdrawing: the office's decision or the family's withdrawal is being
 * written; offered: a freed place held for the first family of the waiting list until `until`
 * (waitingList.ts). Every state counts its places.
 */
export type HolderState = 'reserving' | 'held' | 'deciding' | 'withdrawing' | 'offered';
export interface Holder {
  roomHourIds: string[];
  state: HolderState;
  /** When the state was taken (ISO instant); it also tells one claim from a later one. */
  since: string;
  /**
   * When the request reached AppSheet (its Requested At, else when its places were taken): the
   * order in which places go when more requests hold a time than it has (overbookedIds).
   */
  order?: string;
  /**
   * 'reserving' whose AppSheet Add may have landed though its answer was lost: the places stay
   * taken until the next sync shows the row (then 'held') or its claim is stale without one. The
   * same request may be asked again, with other times, through the capacity check.
   */
  uncertain?: boolean;
  /**
   * It took a time whose places were already given: AppSheet's row brought it back there (a
   * second attempt after a lost answer, settled with the first attempt's times) or it was counted
   * only when the office claimed it. It ranks after every holder of its times that is not late,
   * whatever its Requested At, so that it is the one marked for the office, never a family that
   * was told it has the place.
   */
  late?: boolean;
  /** An offered place: until when it is held for the waiting family (ISO instant). */
  until?: string;
  /**
   * 'reserving' for a waiting family taking its offered place: its AppSheet row existed before
   * (Warteliste), so only the row's new status tells that the write landed (unheardHolds.ts).
   */
  taking?: boolean;
}
export type Holders = Record<string, Holder>;

/** A write that died leaves its claim; after this long another may take it over. */
export const CLAIM_TTL_MS = 5 * 60 * 1000;

/**
 * A claim some function is working on right now (not 'held' or 'offered', and not older than the
 * TTL). An offer is no claim: it lasts until its `until`, and the waiting list ends it.
 */
export const isLiveClaim = (holder: Holder | undefined, now: Date) =>
  holder !== undefined && holder.state !== 'held' && holder.state !== 'offered' && Date.parse(holder.since) > now.getTime() - CLAIM_TTL_MS;

/** A place offered to a waiting family that it may still take. */
export const isOpenOffer = (holder: Holder | undefined, now: Date) => holder?.state === 'offered' && Date.parse(holder.until ?? '') > now.getTime();

/**
 * A holder whose request AppSheet may never have got, old enough for the sync to look it up
 * (unheardHolds.ts): an uncertain one (its answer was lost) once it is `uncertainHoldMs` old, and
 * a 'reserving' one whose function died once its claim is stale. A claim some function still
 * works on is never one.
 */
export function isUnheard(holder: Holder, now: Date, uncertainHoldMs: number): boolean {
  if (holder.state !== 'reserving') return false;
  const age = now.getTime() - Date.parse(holder.since);
  return holder.uncertain ? age >= uncertainHoldMs : age >= CLAIM_TTL_MS;
}

/** The order of a holder among those of one time: late ones last, then when it reached AppSheet, then its key. */
const orderOf = ([id, holder]: [string, Holder]) => `${holder.late ? 1 : 0}\u0000${holder.order ?? holder.since}\u0000${id}`;

/**
 * The requests that hold a time beyond its places, in the order they reached AppSheet: the first
 * `places` of each time keep it, the later ones are overbooked. The place check of reserve() never
 * lets this happen; AppSheet's row of an earlier attempt (a late holder), or a request the office
 * typed into AppSheet, can. Such a request is never confirmed silently: the office sees it marked. Pure.
 */
export function overbookedIds(holders: Holders, places: number): Set<string> {
  const byTime = new Map<string, Array<[string, Holder]>>();
  for (const entry of Object.entries(holders)) for (const roomHourId of entry[1].roomHourIds) byTime.set(roomHourId, [...(byTime.get(roomHourId) ?? []), entry]);
  const over = new Set<string>();
  for (const entries of byTime.values()) {
    const sorted = entries.sort((a, b) => orderOf(a).localeCompare(orderOf(b)));
    for (const [id] of sorted.slice(Math.max(0, places))) over.add(id);
  }
  return over;
}

/**
 * Whether a request that holds these times now holds one beyond its places: a time it did not
 * hold before where the other holders already fill every place (none is, without a count of
 * places). It keeps the times, since AppSheet has them, and is late. Pure.
 */
export function takesBeyondPlaces(holders: Holders, requestId: string, roomHourIds: string[], places: number | null): boolean {
  if (places === null) return false;
  const before = new Set(holders[requestId]?.roomHourIds ?? []);
  const others = countTaken(Object.fromEntries(Object.entries(holders).filter(([id]) => id !== requestId)));
  return roomHourIds.some((id) => !before.has(id) && (others[id] ?? 0) >= places);
}

/** Places taken per room hour by these holders. */
export function countTaken(holders: Holders): Record<string, number> {
  const taken: Record<string, number> = {};
  for (const holder of Object.values(holders)) for (const id of holder.roomHourIds) taken[id] = (taken[id] ?? 0) + 1;
  return taken;
}

export const sameCounts = (a: Record<string, number>, b: Record<string, number>) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => (a[key] ?? 0) === (b[key] ?? 0));
};

/**
 * Where a request's claim is taken: its offer's holders, or for a request without an offer (the
 * office typed it in AppSheet for a lesson with no offer) a holders document of its own key, so
 * that a family's withdrawal and the office's decision still never write at once. Such a
 * document counts no places anyone reads.
 */
export const claimKeyOf = (offerId: string | null, requestId: string) => offerId ?? `${UNOFFERED}${requestId}`;
const UNOFFERED = 'request:';
export const isUnoffered = (offerId: string) => offerId.startsWith(UNOFFERED);

export const holdsRef = (db: Firestore, offerId: string) => db.collection(BOOKING_HOLDS).doc(offerId);
export const placesRef = (db: Firestore, offerId: string) => db.collection(OFFER_PLACES).doc(offerId);

/** The holders a booking_holds snapshot records (none when it does not exist). */
export function readHolders(snapshot: DocumentSnapshot): Holders {
  const holders = snapshot.get('holders') as Holders | undefined;
  return holders && typeof holders === 'object' ? { ...holders } : {};
}
