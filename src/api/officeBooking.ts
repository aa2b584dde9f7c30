/** The office's booking calls (listBookingRequests, decideBookingRequests, moveOnWaitingList), with the signed-in admin's ID token. */
import type { BookingRequest, BookingRequestsAnswer, DecideBookingRequestsBody, decisionResultSchema, MoveOnWaitingListBody } from '@family-portal/contract';
import type * as z from 'zod/mini';
import { callFunction } from './client';
import { currentIdToken } from './idToken';

export type BookingDecisionResult = z.infer<typeof decisionResultSchema>;

/** A quarter's offer with its places taken, and its requests; the next quarter unless one is named. */
export async function fetchBookingRequests(quarterId?: string): Promise<BookingRequestsAnswer> {
  const { data } = await callFunction('listBookingRequests', (schemas) => schemas.bookingRequestsAnswer, {
    method: 'GET',
    query: quarterId ? { quarterId } : undefined,
    idToken: currentIdToken,
  });
  return data;
}

/** Confirms or declines several requests at once: per request what became of it. */
export async function decideBookingRequests(body: DecideBookingRequestsBody): Promise<BookingDecisionResult[]> {
  const { data } = await callFunction('decideBookingRequests', (schemas) => schemas.decideBookingRequestsAnswer, { body, idToken: currentIdToken });
  return data.results;
}

/** Moves a waiting family one place up, or takes it off the waiting list, with an optional note to it: the request as AppSheet now holds it. */
export async function moveOnWaitingList(body: MoveOnWaitingListBody): Promise<BookingRequest> {
  const { data } = await callFunction('moveOnWaitingList', (schemas) => schemas.bookingRequestAnswer, { body, idToken: currentIdToken });
  return data;
}
