/**
 * A failed request or withdrawal → its text in the reader's language: booking's own wording where
 * it reads better than the API's general text (errors.api.*), which covers every other code
 * (resource-exhausted, network, unavailable …). The server's English message is never shown.
 */
import { ApiError } from '../../api/client';
import { apiErrorKey, type CallErrorKey } from '../../api/errorMessages';

const BOOKING_CODES = ['full', 'requests-closed', 'already-requested', 'permission-denied', 'not-found', 'invalid-argument', 'appsheet-failed', 'not-requested', 'not-active'] as const;
type BookingCode = (typeof BOOKING_CODES)[number];
export type BookingErrorKey = `booking.errors.${BookingCode}` | CallErrorKey;

const isBookingCode = (code: string): code is BookingCode => (BOOKING_CODES as readonly string[]).includes(code);

export function bookingErrorKey(error: unknown): BookingErrorKey {
  if (error instanceof ApiError && isBookingCode(error.code)) return `booking.errors.${error.code}`;
  return apiErrorKey(error);
}

/** After these the offer on screen is out of date (places taken, the last day passed, a request decided): read it again. */
export const staleOffer = (error: unknown) =>
  error instanceof ApiError && ['full', 'requests-closed', 'already-requested', 'not-requested', 'not-found', 'request-unconfirmed'].includes(error.code);
