/** Every error answer is JSON {error: code, message: text} with a fitting HTTP status. */
import type { ErrorCode } from '@family-portal/contract';
import type { Response } from 'express';
import { logger } from 'firebase-functions';

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, 'invalid-argument', message);

export function sendError(response: Response, error: unknown): void {
  if (error instanceof HttpError) {
    response.status(error.status).json({ error: error.code, message: error.message, ...(error.data ? { data: error.data } : {}) });
    return;
  }
  // Unexpected: log the kind of failure, never request data.
  logger.error('unexpected error in an HTTP function', { name: (error as Error)?.name, message: (error as Error)?.message });
  response.status(500).json({ error: 'internal', message: 'Something went wrong on the server. Please try again.' });
}
