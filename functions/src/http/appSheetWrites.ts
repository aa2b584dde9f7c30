/**
 * What a parent's write to AppSheet answers when AppSheet fails: 502 `appsheet-failed`, and the
 * logs keep the HTTP status and a code, never AppSheet's text, which may echo the row (a
 * parent's address, an IBAN). Shared by the features that write rows (booking, payments).
 */
import { logger } from 'firebase-functions';
import { AppSheetError } from '../sync/appsheet/appsheetClient';
import { HttpError } from './errors';

export const failureOf = (error: unknown) =>
  error instanceof AppSheetError
    ? { status: error.status, code: error.status === null ? (/timed out/.test(error.message) ? 'timeout' : 'network') : error.transient ? 'transient' : 'refused' }
    : { status: null, code: error instanceof Error ? error.name : 'unknown' };

/** AppSheet could not be read or written: the caller gets 502, and nothing is half-written. */
export function appSheetFailed(error: unknown, table: string): HttpError {
  logger.warn('AppSheet write failed', { table, ...failureOf(error) });
  return new HttpError('appsheet-failed', 'The school office system could not be updated. Nothing was changed; please try again later.');
}

/** Runs one AppSheet call; any failure becomes `appsheet-failed`. */
export async function atAppSheet<T>(table: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw appSheetFailed(error, table);
  }
}
