/**
 * A failed request, withdrawal or waiting list step → its text in the reader's language: booking's
 * own wording where it reads better than the API's general text (errors.api.*), which covers every
 * other code (the waiting list's own, resource-exhausted, network, unavailable …). The server's
 * English message is never shown.
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

/**
 * After these the offer on screen is out of date (places taken or freed, the last day passed, a
 * request decided, a place no longer held, a waiting list step that may have been recorded): read it again.
 */
const STALE = ['full', 'requests-closed', 'already-requested', 'not-requested', 'not-found', 'request-unconfirmed', 'already-waiting', 'not-full', 'not-waiting', 'offer-ended', 'waiting-unconfirmed'];
export const staleOffer = (error: unknown) => error instanceof ApiError && STALE.includes(error.code);

/** The times a `not-full` answer names as free now (its data's roomHourIds). */
export function freedTimes(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.code !== 'not-full') return [];
  const ids = (error.data as { roomHourIds?: unknown } | undefined)?.roomHourIds;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}
