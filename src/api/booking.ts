/**
 * A family's booking calls, with the parent's ID token: requestBooking and withdrawBooking, and
 * the waiting list of a full time (joinWaitingList, leaveWaitingList, takeWaitingOffer,
 * passWaitingOffer).
 */
import type { BookingRequest, JoinWaitingListBody, RequestBookingBody } from '@family-portal/contract';
import { callFunction } from './client';
import { currentIdToken } from './idToken';

/** Sends a request for one child, one offered course and its times: the request as the office now has it. */
export async function requestBooking(body: RequestBookingBody): Promise<BookingRequest> {
  const { data } = await callFunction('requestBooking', (schemas) => schemas.bookingRequestAnswer, { body, idToken: currentIdToken });
  return data;
}

/** Withdraws a request the office has not decided yet: the withdrawn request. */
export async function withdrawBooking(requestId: string): Promise<BookingRequest> {
  const { data } = await callFunction('withdrawBooking', (schemas) => schemas.bookingRequestAnswer, { body: { requestId }, idToken: currentIdToken });
  return data;
}

/** Puts one child on the waiting list of a course's full times, in the family's order of preference: the waiting request. */
export async function joinWaitingList(body: JoinWaitingListBody): Promise<BookingRequest> {
  const { data } = await callFunction('joinWaitingList', (schemas) => schemas.bookingRequestAnswer, { body, idToken: currentIdToken });
  return data;
}

/** Takes a waiting request off the waiting list: the request, withdrawn. */
export async function leaveWaitingList(requestId: string): Promise<BookingRequest> {
  const { data } = await callFunction('leaveWaitingList', (schemas) => schemas.bookingRequestAnswer, { body: { requestId }, idToken: currentIdToken });
  return data;
}

/** Takes the place held for a waiting request: the request, now waiting for the office. */
export async function takeWaitingOffer(requestId: string): Promise<BookingRequest> {
  const { data } = await callFunction('takeWaitingOffer', (schemas) => schemas.bookingRequestAnswer, { body: { requestId }, idToken: currentIdToken });
  return data;
}

/** Turns down the place held for a waiting request: the time turned down (the family stays in line for its others). */
export async function passWaitingOffer(requestId: string): Promise<{ requestId: string; roomHourId: string }> {
  const { data } = await callFunction('passWaitingOffer', (schemas) => schemas.passWaitingOfferAnswer, { body: { requestId }, idToken: currentIdToken });
  return data;
}
