/**
 * A debit in AppSheet's Direct Debits table and its Firestore mirror `debits` (no IBAN in it:
 * the family reads its own). As with mandates, AppSheet is written first and holds the truth;
 * the mirror follows with the bookkeeping the sync uses, so the next sync finds it unchanged.
 */
import { APPSHEET_TABLES, debitStatusWord, type Debit, type DebitStatus } from '@family-portal/contract';
import type { Firestore } from 'firebase-admin/firestore';
import { chunk } from 'es-toolkit/array';
import { appSheetFailed as appSheetFailedFor, atAppSheet as atAppSheetFor } from '../http/appSheetWrites';
import type { AppSheetClient } from '../sync/appsheet/appsheetClient';
import { column, filter, text } from '../sync/appsheet/selector';
import { contentHash, HASH_FIELD, SYNCED_AT_FIELD } from '../sync/firestore/contentHash';
import { LAST_CHANGED_FIELD } from '../sync/firestore/freshness';
import { mapRow, type AppSheetRow, type SyncedDocument } from '../sync/mapping/mapRow';

export const debits = APPSHEET_TABLES.debits;

type DebitField = keyof typeof debits.columns;
export type DebitCells = Partial<{ [F in DebitField]: string | null }>;

/** "2027-01-15" as the office's app writes a Date: 15.01.2027. */
export const appSheetDate = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/** Whole cents as a Decimal in the requests' de-DE locale: 1234 → "12,34", by integer arithmetic. */
export const decimalEuros = (cents: number) => `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

export function debitRow(endToEndId: string, cells: DebitCells): AppSheetRow {
  const row: AppSheetRow = { [debits.keyColumn]: endToEndId };
  for (const [field, value] of Object.entries(cells)) {
    const name = debits.columns[field as DebitField].column;
    row[name] = field === 'status' ? debitStatusWord(value as DebitStatus) : (value ?? '');
  }
  return row;
}

export interface StoredDebit {
  debit: Debit;
  changedAt: string | null;
}

/** AppSheet's rows by end-to-end id; a row that does not map is left out, as the sync would. */
export function mapDebitRows(rows: AppSheetRow[]): Map<string, StoredDebit> {
  const mapped = new Map<string, StoredDebit>();
  for (const row of rows) {
    const result = mapRow(debits, row);
    if (result.ok) mapped.set(result.id, { debit: { id: result.id, ...result.doc }, changedAt: result.changedAt });
  }
  return mapped;
}

export const appSheetFailed = (error: unknown) => appSheetFailedFor(error, debits.appSheetTable);
export const atAppSheet = <T,>(call: () => Promise<T>): Promise<T> => atAppSheetFor(debits.appSheetTable, call);

/** A run's rows as AppSheet has them (a retry of an announcement finds what the first attempt added). */
export async function findRunDebits(appSheet: AppSheetClient, runId: string): Promise<Map<string, StoredDebit>> {
  const condition = `${column(debits.columns.runId.column)} = ${text(runId)}`;
  return mapDebitRows(await atAppSheet(() => appSheet.find(debits.appSheetTable, filter(debits.appSheetTable, condition))));
}

function mirrorOf({ debit, changedAt }: StoredDebit, now: Date) {
  const { id: _id, ...fields } = debit;
  const doc = fields as unknown as SyncedDocument;
  return { ...doc, [HASH_FIELD]: contentHash(doc), [SYNCED_AT_FIELD]: now.toISOString(), [LAST_CHANGED_FIELD]: changedAt ?? now.toISOString() };
}

/** Firestore's limit of writes in one batch. */
const BATCH_WRITES = 500;

/** Stores the mirrors of these debits, 500 to a batch. */
export async function storeDebits(db: Firestore, stored: StoredDebit[], now = new Date()): Promise<void> {
  for (const part of chunk(stored, BATCH_WRITES)) {
    const batch = db.batch();
    for (const one of part) batch.set(db.collection(debits.collection).doc(one.debit.id), mirrorOf(one, now));
    await batch.commit();
  }
}
