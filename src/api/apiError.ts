/** A failed call of an HTTP function, by code (kept apart from client.ts, which reads the build's settings). */
import type { ErrorCode } from '@family-portal/contract';

/**
 * The API's codes, plus what only the client can tell: the server could not be reached
 * (`network`), answered without the API's JSON (`unavailable`: a timeout or a proxy's page), or
 * answered something the contract does not describe (`invalid-answer`).
 */
export type ApiErrorCode = ErrorCode | 'network' | 'unavailable' | 'invalid-answer';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: ApiErrorCode,
    /** With a 429: how long until the call may be made again. */
    readonly retryAfterSeconds?: number,
    /** What the error's `data` says, for the codes that carry some (e.g. too-many-closures: its `max`). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
