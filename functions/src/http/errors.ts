/** Every error answer is JSON {error: code, message: text} with the code's HTTP status. */
import { ERROR_STATUS, type ErrorCode } from '@family-portal/contract';
import type { Response } from 'express';
import type { z } from 'zod/mini';
import { logger } from 'firebase-functions';

export class HttpError extends Error {
  /** The contract's status for the code: a caller reads both, so they can never disagree. */
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly data?: unknown,
    /** Sent as Retry-After (seconds): with a 429, or a 503 that asks to try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = ERROR_STATUS[code];
  }
}

export const badRequest = (message: string) => new HttpError('invalid-argument', message);

/** What zod refused, field by field, for a 400's message ("body" or "parameter" where no field is named). */
export function describeIssues(error: z.core.$ZodError, whole = 'body'): string {
  return error.issues.map((issue) => `${issue.path.join('.') || whole}: ${issue.message}`).join('; ');
}

/** The parsed input, or a 400 naming each field zod refused ("body" or "parameter" where none is named). */
export function parsedOr400<T>(result: { success: true; data: T } | { success: false; error: z.core.$ZodError }, whole = 'body'): T {
  if (result.success) return result.data;
  throw badRequest(`Invalid request: ${describeIssues(result.error, whole)}`);
}

export function sendError(response: Response, error: unknown): void {
  if (error instanceof HttpError) {
    if (error.retryAfterSeconds !== undefined) response.set('Retry-After', String(error.retryAfterSeconds));
    response.status(error.status).json({ error: error.code, message: error.message, ...(error.data ? { data: error.data } : {}) });
    return;
  }
  // Unexpected: log the kind of failure, never request data.
  logger.error('unexpected error in an HTTP function', { name: (error as Error)?.name, message: (error as Error)?.message });
  response.status(500).json({ error: 'internal', message: 'Something went wrong on the server. Please try again.' });
}
