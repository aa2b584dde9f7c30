/**
 * What a family does on the waiting list of a full time (docs/booking.md): join it, leave it,
 * take the place offered to it, or turn that place down. Joining writes the Course Requests row
 * with status `Warteliste` (the request's own key: taking a place later turns that row into the
 * request), checked as a request is, and refused with nothing written where a request would be.
 * AppSheet is written first and mirrored after, as for requests; every step ends by bringing the
 * offer's waiting list up to date (waitingList.ts), so a place freed meanwhile is offered at once.
 */
import { ADMIN_AUDIT, holdsPlaces, OFFER_PLACES, type BookingRequest, type JoinWaitingListBody, type RequestStatus } from '@family-portal/contract';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { HttpError } from '../http/errors';
import { formatAppSheetDateTime } from '../sync/appsheet/appsheetClient';
import type { AppSheetRow } from '../sync/mapping/mapRow';
import { changeHolders } from './changeHolders';
import { isOpenOffer, type Holder } from './holders';
import { keepUncertain, settle } from './holds';
import { requestKey } from './keys';
import { readOffer } from './offers';
import { checkRequest, newRequest, writeOrFind, type BookingDeps } from './requestBooking';
import { answerDoc, appSheetFailed, atAppSheet, findRows, mapRequestRows, REQUESTS, requestRow, requests, storeMirrors, type MappedRequest, type RequestCells } from './requestRecord';
import { refreshWaitingList, refreshWaitingLists, waitingAudit, type OfferMails } from './waitingList';

export interface WaitingDeps extends BookingDeps {
  /** How long a freed place is held for the family it is offered to (waitingSettings.ts). */
  offerHoldMs: number;
  offerMails?: OfferMails;
}

const alreadyRequested = () => new HttpError('already-requested', 'This child has already requested this course for the quarter.');
const alreadyWaiting = () => new HttpError('already-waiting', 'This child is already on the waiting list of this course.');
export const notWaiting = (status: string) => new HttpError('not-waiting', `This request is not on the waiting list: it is ${status}.`);
const offerEnded = () => new HttpError('offer-ended', 'This place is no longer held for you: its time ran out, or it was taken or turned down.');
const waitingUnconfirmed = () =>
  new HttpError('waiting-unconfirmed', 'The school office system did not answer in time. You may be on the waiting list already; it will show after the next sync.');

const listDeps = (deps: WaitingDeps, now: Date) => ({ db: deps.db, offerHoldMs: deps.offerHoldMs, ...(deps.offerMails ? { offerMails: deps.offerMails } : {}), now });

/** Brings the offer's waiting list up to date after a step; never fails the step (the next sync does it). */
export const afterStep = (deps: WaitingDeps, offerId: string, now: Date) => refreshWaitingLists(listDeps(deps, now), [offerId]);

/** The audit log's entry of a family's or the office's step; a failure is logged, the step stands. */
export async function auditStep(deps: BookingDeps, entry: ReturnType<typeof waitingAudit>): Promise<void> {
  try {
    await deps.db.collection(ADMIN_AUDIT).add(entry);
  } catch (error) {
    logger.error('a waiting list step was not written to the audit log', { requestId: entry.requestId, step: entry.step, reason: (error as Error).message });
  }
}

const stringsOf = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

/** The family's own waiting request, as mirrored; another family's answers as one that does not exist. */
async function ownWaiting(deps: BookingDeps, member: DocumentSnapshot, requestId: string) {
  const mirror = await deps.db.collection(REQUESTS).doc(requestId).get();
  if (!mirror.exists || mirror.get('memberId') !== member.id) throw new HttpError('not-found', 'There is no such request.');
  const status = mirror.get('status') as RequestStatus;
  if (status !== 'waiting') throw notWaiting(status);
  const offerId = mirror.get('offerId') as unknown;
  if (typeof offerId !== 'string' || offerId === '') throw notWaiting('without an offer');
  return { mirror, offerId, quarterId: String(mirror.get('quarterId')), childId: String(mirror.get('childId')), lessonId: String(mirror.get('lessonId')) };
}

/** AppSheet's row of a request, mapped: what it says now, whatever the mirror says. */
async function appSheetRow(deps: BookingDeps, requestId: string): Promise<MappedRequest | undefined> {
  const row = (await findRows(deps.appSheet, requests, [requestId])).get(requestId);
  return row ? mapRequestRows([row]).get(requestId) : undefined;
}

export async function joinWaitingList(deps: WaitingDeps, caller: { email: string }, member: DocumentSnapshot, body: JoinWaitingListBody): Promise<BookingRequest> {
  const { db, appSheet } = deps;
  const now = deps.now ?? new Date();
  const offer = await checkRequest(db, member, body, now);
  const requestId = requestKey(offer.quarterId, offer.lessonId, body.childId);
  const [mirror, places] = await Promise.all([db.collection(REQUESTS).doc(requestId).get(), db.collection(OFFER_PLACES).doc(offer.id).get()]);
  const status = mirror.get('status') as RequestStatus | undefined;
  if (mirror.exists && status && holdsPlaces(status)) throw alreadyRequested();
  if (mirror.exists && status === 'waiting') throw alreadyWaiting();
  // A time with a free place is requested, not waited for.
  const taken = (places.get('taken') as Record<string, number> | undefined) ?? {};
  const free = body.roomHourIds.filter((id) => (taken[id] ?? 0) < offer.places);
  if (free.length > 0) throw new HttpError('not-full', `A place is free at ${free.join(', ')}: request it instead.`, { roomHourIds: free });

  const cells: RequestCells = { ...newRequest(offer, body, caller.email, 'waiting', now), requestedAt: formatAppSheetDateTime(now) };
  let answer: AppSheetRow[];
  try {
    const existing = await appSheetRow(deps, requestId);
    if (existing && (holdsPlaces(existing.doc.status) || existing.doc.status === 'waiting')) {
      // AppSheet has it already (an earlier attempt whose answer was lost, or the office's entry): the mirror learns it.
      await storeMirrors(db, [{ id: requestId, mapped: existing, memberId: member.id }], now);
      await afterStep(deps, offer.id, now);
      throw existing.doc.status === 'waiting' ? alreadyWaiting() : alreadyRequested();
    }
    const row = requestRow(requestId, cells);
    answer = await writeOrFind(appSheet, requestId, () => (existing ? appSheet.edit(requests.appSheetTable, [row]) : appSheet.add(requests.appSheetTable, [row])));
  } catch (error) {
    if (error instanceof HttpError && error.code === 'request-unconfirmed') throw waitingUnconfirmed();
    throw error;
  }
  const mapped = mapRequestRows(answer).get(requestId);
  if (!mapped || mapped.doc.status !== 'waiting') throw appSheetFailed(new Error('AppSheet answered the waiting request with another status'));
  await storeMirrors(db, [{ id: requestId, mapped, memberId: member.id }], now);
  await auditStep(deps, waitingAudit('joined', { requestId, childId: body.childId, lessonId: offer.lessonId }, body.roomHourIds, caller.email, now.toISOString()));
  // A place may have freed between the check and now: the line gets it at once.
  await afterStep(deps, offer.id, now);
  return answerDoc(requestId, mapped, member.id);
}

export async function leaveWaitingList(deps: WaitingDeps, caller: { email: string }, member: DocumentSnapshot, requestId: string): Promise<BookingRequest> {
  const { db, appSheet } = deps;
  const now = deps.now ?? new Date();
  const own = await ownWaiting(deps, member, requestId);
  const current = await appSheetRow(deps, requestId);
  if (!current) throw new HttpError('not-found', 'There is no such request in the school office system.');
  if (current.doc.status !== 'waiting') {
    // The office decided in AppSheet (or the family took its place) before the sync brought it here.
    await storeMirrors(db, [{ id: requestId, mapped: current, memberId: member.id }], now);
    await afterStep(deps, own.offerId, now);
    throw notWaiting(current.doc.status);
  }
  const answer = await atAppSheet(() => appSheet.edit(requests.appSheetTable, [requestRow(requestId, { status: 'withdrawn' })]));
  const mapped = mapRequestRows(answer).get(requestId) ?? { doc: { ...current.doc, status: 'withdrawn' as const }, changedAt: null };
  await storeMirrors(db, [{ id: requestId, mapped, memberId: member.id }], now);
  await auditStep(deps, waitingAudit('left', { requestId, childId: own.childId, lessonId: own.lessonId }, stringsOf(own.mirror.get('roomHourIds')), caller.email, now.toISOString()));
  // A place held for the family now goes to the next in line.
  await afterStep(deps, own.offerId, now);
  return answerDoc(requestId, mapped, member.id);
}

/**
 * One tap turns the place offered into a request: the offered holder becomes the request's
 * claim ('reserving') in one change, which only an open offer allows (so a second device, or the
 * sweep ending the offer at the same moment, finds it gone), then AppSheet's row becomes
 * `Angefragt` at that time. AppSheet refusing gives the family its offer back; a lost answer keeps
 * the place as for any request (uncertain: the next sync settles it).
 */
export async function takeWaitingOffer(deps: WaitingDeps, caller: { email: string }, member: DocumentSnapshot, requestId: string): Promise<BookingRequest> {
  const { db, appSheet } = deps;
  const now = deps.now ?? new Date();
  const own = await ownWaiting(deps, member, requestId);
  const offer = await readOffer(db, own.offerId);
  if (!offer) throw offerEnded();
  const since = now.toISOString();
  const offered = await changeHolders(db, own.offerId, ({ holds, holders }) => {
    const holder = holders[requestId];
    if (holder && holder.state !== 'offered') throw alreadyRequested();
    if (!holder || !isOpenOffer(holder, now)) throw offerEnded();
    holders[requestId] = { roomHourIds: holder.roomHourIds, state: 'reserving', since, order: since, taking: true };
    return { result: holder, write: { quarterId: (holds.get('quarterId') as string | undefined) ?? own.quarterId, holders } };
  });
  const claim = { offerId: own.offerId, requestId, since };
  const cells: RequestCells = { status: 'requested', roomHourIds: offered.roomHourIds, requestedAt: formatAppSheetDateTime(now), requestedBy: caller.email, note: null, decidedAt: null };
  let mapped: MappedRequest | undefined;
  try {
    const answer = await writeOrFind(appSheet, requestId, () => appSheet.edit(requests.appSheetTable, [requestRow(requestId, cells)]));
    mapped = mapRequestRows(answer).get(requestId);
  } catch (error) {
    if (error instanceof HttpError && error.code === 'request-unconfirmed') await keepUncertain(db, claim, own.quarterId, now);
    else await giveOfferBack(deps, own.offerId, claim, offered);
    throw error;
  }
  if (!mapped || mapped.doc.status !== 'requested') {
    // AppSheet kept the row as it was: the edit did not land.
    await giveOfferBack(deps, own.offerId, claim, offered);
    throw appSheetFailed(new Error(`AppSheet kept the waiting request as ${mapped?.doc.status ?? 'nothing'}`));
  }
  await storeMirrors(db, [{ id: requestId, mapped, memberId: member.id }], now);
  await settle(db, claim, own.quarterId, offer.places, mapped.doc.roomHourIds);
  await auditStep(deps, waitingAudit('taken', { requestId, childId: own.childId, lessonId: own.lessonId }, offered.roomHourIds, caller.email, now.toISOString()));
  await afterStep(deps, own.offerId, now);
  return answerDoc(requestId, mapped, member.id);
}

/** The take's claim becomes the offer it was, while it is still this take's; logged when that fails. */
async function giveOfferBack(deps: BookingDeps, offerId: string, claim: { requestId: string; since: string }, offered: Holder): Promise<void> {
  try {
    await changeHolders(deps.db, offerId, ({ holds, holders }) => {
      const holder = holders[claim.requestId];
      const quarterId = holds.get('quarterId') as string | undefined;
      if (!holder || holder.since !== claim.since || !quarterId) return { result: undefined };
      holders[claim.requestId] = offered;
      return { result: undefined, write: { quarterId, holders } };
    });
  } catch (error) {
    logger.error('giving a waiting family its offer back failed; the next sync frees the place', { requestId: claim.requestId, reason: (error as Error).message });
  }
}

/** The family turns the place down: it goes to the next in line, and the family stays in line for its other times. */
export async function passWaitingOffer(deps: WaitingDeps, caller: { email: string }, member: DocumentSnapshot, requestId: string): Promise<{ requestId: string; roomHourId: string }> {
  const now = deps.now ?? new Date();
  const own = await ownWaiting(deps, member, requestId);
  const { events } = await refreshWaitingList(listDeps(deps, now), own.offerId, { requestId, by: caller.email });
  const passed = events.find((event) => event.step === 'passed' && event.request.requestId === requestId);
  if (!passed) throw offerEnded();
  return { requestId, roomHourId: passed.roomHourId };
}
