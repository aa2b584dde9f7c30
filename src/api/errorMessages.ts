/**
 * The functions' error codes → translated texts, as authErrors.ts does for Auth. The API's own
 * `message` is English for logs and other callers; a screen shows only the text of the code.
 */
import { ApiError, type ApiErrorCode } from './apiError';

export type ApiErrorKey = `errors.api.${ApiErrorCode}`;
/** Every text a failed call may show. */
export type CallErrorKey = ApiErrorKey | 'errors.unexpected' | 'errors.tooManyLater';

/** A wait past this is a day's limit, not a minute's: "try again tomorrow", not "in a minute". */
const MINUTE_LIMIT_SECONDS = 60;

/** The text of a failed call; anything that is not an API error is unexpected. */
export function apiErrorKey(error: unknown): CallErrorKey {
  if (!(error instanceof ApiError)) return 'errors.unexpected';
  if (error.code === 'resource-exhausted' && (error.retryAfterSeconds ?? 0) > MINUTE_LIMIT_SECONDS) return 'errors.tooManyLater';
  return `errors.api.${error.code}`;
}

/** True for an answer the platform gave instead of the function: a gateway timeout, say. */
export const isTimeout = (error: unknown) => error instanceof ApiError && error.code === 'unavailable' && (error.status === 504 || error.status === 408);
