/**
 * The booking endpoints: a family requests a course of the next quarter and may withdraw it while
 * it waits; the office lists a quarter's requests and confirms or declines them. Members are
 * resolved from the token, admins checked against admin_users, and each counts against its own
 * per-account limit, as the other member and office endpoints do.
 */
import { bookingRequestsQuery, decideBookingRequestsBody, requestBookingBody, withdrawBookingBody } from '@family-portal/contract';
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
import { withdrawBooking as recordWithdrawal } from './withdrawBooking';

/** A family sends a handful of requests a quarter; the office decides in batches of up to 100. */
export const BOOKING_LIMITS = {
  requestBooking: { scope: 'requestBooking', perMinute: 10, perDay: 100 },
  withdrawBooking: { scope: 'withdrawBooking', perMinute: 10, perDay: 100 },
  decideBookingRequests: { scope: 'decideBookingRequests', perMinute: 30, perDay: 2000 },
  listBookingRequests: { scope: 'listBookingRequests', perMinute: 30, perDay: 2000 },
} satisfies Record<string, AccountLimit>;



/** POST {childId, offerId, roomHourIds}: the request as AppSheet now holds it. */
export async function requestBooking(request: Request) {
  const { caller, member } = await callerAndActiveMember(request, BOOKING_LIMITS.requestBooking);
  const body = parsedOr400(requestBookingBody.safeParse(request.body));
  return { data: await recordRequest({ db: adminDb(), appSheet: appSheetForWrites() }, caller, member, body) };
}

/** POST {requestId}: the withdrawn request. */
export async function withdrawBooking(request: Request) {
  const { member } = await callerAndActiveMember(request, BOOKING_LIMITS.withdrawBooking);
  const { requestId } = parsedOr400(withdrawBookingBody.safeParse(request.body));
  return { data: await recordWithdrawal({ db: adminDb(), appSheet: appSheetForWrites() }, member, requestId) };
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
  return { data: { results } };
}

/** GET ?quarterId=: a quarter's offer with places taken, and its requests. */
export async function listBookingRequests(request: Request) {
  await limitedAdmin(request, BOOKING_LIMITS.listBookingRequests);
  const { quarterId } = parsedOr400(bookingRequestsQuery.safeParse(request.query), 'parameter');
  return { data: await listRequests(adminDb(), quarterId) };
}
