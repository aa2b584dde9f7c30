/**
 * The booking endpoints: a family requests a course of the next quarter and may withdraw it while
 * it waits; the office lists a quarter's requests and confirms or declines them. Members are
 * resolved from the token, admins checked against admin_users, and each counts against its own
 * per-account limit, as the other member and office endpoints do.
 */
import { bookingRequestsQuery, decideBookingRequestsBody, joinWaitingListBody, moveOnWaitingListBody, requestBookingBody, WAITING_ENTRIES, waitingRequestBody, withdrawBookingBody } from '@family-portal/contract';
import type { Request } from 'express';
import { adminDb } from '../admin';
import { appSheetForWrites } from '../sync/appsheet/configured';
import type { AccountLimit } from '../http/accountLimit';
import { parsedOr400 } from '../http/errors';
import { callerAndActiveMember, limitedAdmin } from '../http/memberCaller';
import { sendBookingDecisionMails } from '../notifications/bookingMail';
import { decideRequests } from './decideRequests';
import { listRequests } from './listRequests';
import { requestBooking as recordRequest } from './requestBooking';
import { moveOnWaitingList as recordMove } from './moveOnWaitingList';
import { refreshWaitingLists, sweepWaitingLists } from './waitingList';
import { joinWaitingList as recordJoin, leaveWaitingList as recordLeave, passWaitingOffer as recordPass, takeWaitingOffer as recordTake, type WaitingDeps } from './waitingRequests';
import { waitingListConfig } from './waitingSettings';
import { withdrawBooking as recordWithdrawal } from './withdrawBooking';

/** A family sends a handful of requests a quarter; the office decides in batches of up to 100. */
export const BOOKING_LIMITS = {
  requestBooking: { scope: 'requestBooking', perMinute: 10, perDay: 100 },
  withdrawBooking: { scope: 'withdrawBooking', perMinute: 10, perDay: 100 },
  decideBookingRequests: { scope: 'decideBookingRequests', perMinute: 30, perDay: 2000 },
  listBookingRequests: { scope: 'listBookingRequests', perMinute: 30, perDay: 2000 },
  waitingList: { scope: 'waitingList', perMinute: 10, perDay: 100 },
  moveOnWaitingList: { scope: 'moveOnWaitingList', perMinute: 30, perDay: 2000 },
} satisfies Record<string, AccountLimit>;



const waitingDeps = (): WaitingDeps => {
  const db = adminDb();
  return { db, appSheet: appSheetForWrites(), ...waitingListConfig(db) };
};

/** A place freed by a withdrawal or a decline goes to the first family waiting for it. */
async function offerFreedPlaces(offerIds: Array<string | null>): Promise<void> {
  const offered = offerIds.filter((id): id is string => typeof id === 'string' && id !== '');
  if (offered.length === 0) return;
  const db = adminDb();
  await refreshWaitingLists({ db, ...waitingListConfig(db) }, offered);
}

/** POST {childId, offerId, roomHourIds}: the request as AppSheet now holds it. */
export async function requestBooking(request: Request) {
  const { caller, member } = await callerAndActiveMember(request, BOOKING_LIMITS.requestBooking);
  const body = parsedOr400(requestBookingBody.safeParse(request.body));
  const db = adminDb();
  const requested = await recordRequest({ db, appSheet: appSheetForWrites() }, caller, member, body);
  // A family on the waiting list that books a free time directly leaves the line (and its offer).
  if ((await db.collection(WAITING_ENTRIES).doc(requested.id).get()).exists) await offerFreedPlaces([requested.offerId]);
  return { data: requested };
}

/** POST {requestId}: the withdrawn request. */
export async function withdrawBooking(request: Request) {
  const { member } = await callerAndActiveMember(request, BOOKING_LIMITS.withdrawBooking);
  const { requestId } = parsedOr400(withdrawBookingBody.safeParse(request.body));
  const withdrawn = await recordWithdrawal({ db: adminDb(), appSheet: appSheetForWrites() }, member, requestId);
  await offerFreedPlaces([withdrawn.offerId]);
  return { data: withdrawn };
}

/** POST {childId, offerId, roomHourIds}: the waiting request, its times in the family's order of preference. */
export async function joinWaitingList(request: Request) {
  const { caller, member } = await callerAndActiveMember(request, BOOKING_LIMITS.waitingList);
  const body = parsedOr400(joinWaitingListBody.safeParse(request.body));
  return { data: await recordJoin(waitingDeps(), caller, member, body) };
}

/** POST {requestId}: the request, withdrawn from the waiting list. */
export async function leaveWaitingList(request: Request) {
  const { caller, member } = await callerAndActiveMember(request, BOOKING_LIMITS.waitingList);
  const { requestId } = parsedOr400(waitingRequestBody.safeParse(request.body));
  return { data: await recordLeave(waitingDeps(), caller, member, requestId) };
}

/** POST {requestId}: the place offered, taken: the request, waiting for the office. */
export async function takeWaitingOffer(request: Request) {
  const { caller, member } = await callerAndActiveMember(request, BOOKING_LIMITS.waitingList);
  const { requestId } = parsedOr400(waitingRequestBody.safeParse(request.body));
  return { data: await recordTake(waitingDeps(), caller, member, requestId) };
}

/** POST {requestId}: the place offered, turned down; the family stays in line for its other times. */
export async function passWaitingOffer(request: Request) {
  const { caller, member } = await callerAndActiveMember(request, BOOKING_LIMITS.waitingList);
  const { requestId } = parsedOr400(waitingRequestBody.safeParse(request.body));
  return { data: await recordPass(waitingDeps(), caller, member, requestId) };
}

/** POST {requestId, move: up | off, note?} (office): the request as AppSheet now holds it. */
export async function moveOnWaitingList(request: Request) {
  const admin = await limitedAdmin(request, BOOKING_LIMITS.moveOnWaitingList);
  const body = parsedOr400(moveOnWaitingListBody.safeParse(request.body));
  return { data: await recordMove(waitingDeps(), admin.email, body) };
}

/**
 * POST {requestIds, decision, note?}: per request what became of it. The families of the requests
 * decided now get the e-mail they turned on (it never fails the decision: what it could not send,
 * the next sync sends).
 */
export async function decideBookingRequests(request: Request) {
  await limitedAdmin(request, BOOKING_LIMITS.decideBookingRequests);
  const body = parsedOr400(decideBookingRequestsBody.safeParse(request.body));
  const db = adminDb();
  const results = await decideRequests({ db, appSheet: appSheetForWrites() }, body);
  const decided = results.filter((result) => result.outcome === 'confirmed' || result.outcome === 'declined').map((result) => result.requestId);
  if (decided.length > 0) await sendBookingDecisionMails(db, decided);
  const declined = results.filter((result) => result.outcome === 'declined').map((result) => db.collection('bookingRequests').doc(result.requestId));
  // The results name requests only: their offers are read once, after the decisions.
  if (declined.length > 0) await offerFreedPlaces((await db.getAll(...declined, { fieldMask: ['offerId'] })).map((doc) => (doc.get('offerId') as string | null) ?? null));
  return { data: { results } };
}

/** GET ?quarterId=: a quarter's offer with places taken, and its requests. */
export async function listBookingRequests(request: Request) {
  await limitedAdmin(request, BOOKING_LIMITS.listBookingRequests);
  const { quarterId } = parsedOr400(bookingRequestsQuery.safeParse(request.query), 'parameter');
  return { data: await listRequests(adminDb(), quarterId) };
}

/** The schedule's sweep: offers that ran out end, and their places go to the next in line. */
export async function sweepWaitingOffers(): Promise<void> {
  const db = adminDb();
  await sweepWaitingLists({ db, ...waitingListConfig(db) });
}
