/** A family's booking calls (requestBooking, withdrawBooking), with the parent's ID token. */
import type { BookingRequest, RequestBookingBody } from '@family-portal/contract';
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
