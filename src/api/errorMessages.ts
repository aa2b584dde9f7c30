/**
 * The functions' error codes → translated texts, as authErrors.ts does for Auth. The API's own
 * `message` is English for logs and other callers; a screen shows only the text of the code.
 */
import { ApiError, type ApiErrorCode } from './apiError';

export type ApiErrorKey = `errors.api.${ApiErrorCode}`;

/** The text of a failed call; anything that is not an API error is unexpected. */
export function apiErrorKey(error: unknown): ApiErrorKey | 'errors.unexpected' {
  return error instanceof ApiError ? `errors.api.${error.code}` : 'errors.unexpected';
}

/** True for an answer the platform gave instead of the function: a gateway timeout, say. */
export const isTimeout = (error: unknown) => error instanceof ApiError && error.code === 'unavailable' && (error.status === 504 || error.status === 408);
