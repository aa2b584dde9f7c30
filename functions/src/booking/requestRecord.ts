/**
 * A booking request in AppSheet's Course Requests table and its Firestore mirror: the cells the
 * functions write, AppSheet's answer mapped by the contract, and the mirror document stored with
 * the bookkeeping the sync uses, so that the next sync finds it unchanged.
 */
import { APPSHEET_TABLES, requestStatusWord, type BookingRequest, type RequestStatus } from '@family-portal/contract';
import type { Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { appSheetFailed as appSheetFailedFor, atAppSheet as atAppSheetFor } from '../http/appSheetWrites';
import { withRetry } from '../lib/retry';
import type { AppSheetClient } from '../sync/appsheet/appsheetClient';
import { filter, keyIn } from '../sync/appsheet/selector';
import { contentHash, HASH_FIELD, SYNCED_AT_FIELD } from '../sync/firestore/contentHash';
import { LAST_CHANGED_FIELD } from '../sync/firestore/freshness';
import { mapRow, type AppSheetRow, type SyncedDocument } from '../sync/mapping/mapRow';

export const requests = APPSHEET_TABLES.bookingRequests;
export const REQUESTS = requests.collection;

type RequestField = keyof typeof requests.columns;
/** What the functions write of a request, as stored values (null: blank the cell). */
export type RequestCells = Partial<{ [F in RequestField]: string | number | string[] | null }>;

/** AppSheet's EnumList form, as values.ts reads it back: "RH1 , RH2". */
export const listCell = (ids: readonly string[]) => ids.join(' , ');

/** One Course Requests row with these cells; statuses in the office's words. */
export function requestRow(requestId: string, cells: RequestCells): AppSheetRow {
  const row: AppSheetRow = { [requests.keyColumn]: requestId };
  for (const [field, value] of Object.entries(cells)) {
    const column = requests.columns[field as RequestField].column;
    if (field === 'status') row[column] = requestStatusWord(value as RequestStatus);
    else row[column] = Array.isArray(value) ? listCell(value) : value === null ? '' : String(value);
  }
  return row;
}

/** The request as the sync would store it (without memberId), and its Last Changed. */
export interface MappedRequest {
  doc: Omit<BookingRequest, 'id' | 'memberId'>;
  changedAt: string | null;
}

const keyOf = (row: AppSheetRow, keyColumn: string) => String(row[keyColumn] ?? '').trim();

/** Rows of AppSheet's answer by key, mapped by the contract; a row that does not map is left out. */
export function mapRequestRows(rows: AppSheetRow[]): Map<string, MappedRequest> {
  const mapped = new Map<string, MappedRequest>();
  for (const row of rows) {
    const result = mapRow(requests, row);
    if (result.ok) mapped.set(result.id, { doc: result.doc, changedAt: result.changedAt });
    else logger.warn('a Course Requests row AppSheet answered does not map', { key: keyOf(row, requests.keyColumn), reason: result.reason });
  }
  return mapped;
}

/** AppSheet could not be read or written (http/appSheetWrites.ts), for the Course Requests table. */
export const appSheetFailed = (error: unknown) => appSheetFailedFor(error, requests.appSheetTable);
export const atAppSheet = <T,>(call: () => Promise<T>): Promise<T> => atAppSheetFor(requests.appSheetTable, call);

/** Rows of a table by key, in one Find. */
export async function findRows(appSheet: AppSheetClient, table: { appSheetTable: string; keyColumn: string }, keys: string[]): Promise<Map<string, AppSheetRow>> {
  const found = new Map<string, AppSheetRow>();
  if (keys.length === 0) return found;
  const rows = await atAppSheet(() => appSheet.find(table.appSheetTable, filter(table.appSheetTable, keyIn(table.keyColumn, keys))));
  for (const row of rows) found.set(keyOf(row, table.keyColumn), row);
  return found;
}

/** The mirror document of a request: AppSheet's row as the sync maps it, the family, bookkeeping. */
export function mirrorOf(mapped: MappedRequest, memberId: string, now: Date) {
  const doc: SyncedDocument = { ...(mapped.doc as SyncedDocument), memberId };
  return { ...doc, [HASH_FIELD]: contentHash(doc), [SYNCED_AT_FIELD]: now.toISOString(), [LAST_CHANGED_FIELD]: mapped.changedAt ?? now.toISOString() };
}

/**
 * Stores mirrors; a few attempts, then the next sync repairs them from AppSheet, which already
 * holds the truth.
 */
export async function storeMirrors(db: Firestore, docs: Array<{ id: string; mapped: MappedRequest; memberId: string }>, now = new Date()): Promise<void> {
  if (docs.length === 0) return;
  try {
    await withRetry(
      async () => {
        const batch = db.batch();
        for (const { id, mapped, memberId } of docs) batch.set(db.collection(REQUESTS).doc(id), mirrorOf(mapped, memberId, now));
        await batch.commit();
      },
      { attempts: 3, backoffMs: 300 },
    );
  } catch (error) {
    logger.error('AppSheet accepted booking requests, but Firestore did not; the next sync repairs them', {
      requestIds: docs.map(({ id }) => id).slice(0, 20),
      reason: (error as Error).message,
    });
  }
}

/** The answer's document: id, the mapped fields and the family. */
export const answerDoc = (id: string, mapped: MappedRequest, memberId: string): BookingRequest => ({ id, ...mapped.doc, memberId });
