/**
 * A mandate in AppSheet's Mandates table and its two Firestore copies: the row's cells the
 * functions write, AppSheet's answer mapped by the contract, and the copies stored with the
 * bookkeeping the sync uses (so that the next sync finds them unchanged): `mandates` with the
 * full IBAN, `mandate_views` masked for the family.
 */
import { APPSHEET_TABLES, MANDATE_VIEWS, mandateStatusWord, mandateView, type Mandate, type MandateStatus } from '@family-portal/contract';
import { chunk } from 'es-toolkit/array';
import type { Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { appSheetFailed as appSheetFailedFor, atAppSheet as atAppSheetFor } from '../http/appSheetWrites';
import { withRetry } from '../lib/retry';
import type { AppSheetClient } from '../sync/appsheet/appsheetClient';
import { column, filter, keyIn, text } from '../sync/appsheet/selector';
import { contentHash, HASH_FIELD, SYNCED_AT_FIELD } from '../sync/firestore/contentHash';
import { LAST_CHANGED_FIELD } from '../sync/firestore/freshness';
import { mapRow, type AppSheetRow, type SyncedDocument } from '../sync/mapping/mapRow';

export const mandates = APPSHEET_TABLES.mandates;

type MandateField = keyof typeof mandates.columns;
/** What the functions write of a mandate, as stored values (null: blank the cell). */
export type MandateCells = Partial<{ [F in MandateField]: string | null }>;

/** One Mandates row with these cells; statuses in the office's words. */
export function mandateRow(reference: string, cells: MandateCells): AppSheetRow {
  const row: AppSheetRow = { [mandates.keyColumn]: reference };
  for (const [field, value] of Object.entries(cells)) {
    const name = mandates.columns[field as MandateField].column;
    row[name] = field === 'status' ? mandateStatusWord(value as MandateStatus) : (value ?? '');
  }
  return row;
}

/** A mandate as AppSheet has it, and when its row last changed. */
export interface StoredMandate {
  mandate: Mandate;
  changedAt: string | null;
}

/** Rows of AppSheet's answer by reference, mapped by the contract; a row that does not map is left out. */
export function mapMandateRows(rows: AppSheetRow[]): Map<string, StoredMandate> {
  const mapped = new Map<string, StoredMandate>();
  for (const row of rows) {
    const result = mapRow(mandates, row);
    if (result.ok) mapped.set(result.id, { mandate: { id: result.id, ...result.doc }, changedAt: result.changedAt });
    else logger.warn('a Mandates row AppSheet answered does not map', { reason: result.reason });
  }
  return mapped;
}

/** AppSheet could not be read or written (http/appSheetWrites.ts), for the Mandates table. */
export const appSheetFailed = (error: unknown) => appSheetFailedFor(error, mandates.appSheetTable);
export const atAppSheet = <T,>(call: () => Promise<T>): Promise<T> => atAppSheetFor(mandates.appSheetTable, call);

/** The family's mandates and the one with this reference (whoever's it is), in one Find. */
export async function findMandates(appSheet: AppSheetClient, memberId: string, reference?: string): Promise<Map<string, StoredMandate>> {
  const family = `${column(mandates.columns.memberId.column)} = ${text(memberId)}`;
  const condition = reference ? `OR(${family}, ${keyIn(mandates.keyColumn, [reference])})` : family;
  return mapMandateRows(await atAppSheet(() => appSheet.find(mandates.appSheetTable, filter(mandates.appSheetTable, condition))));
}

/** The mirror of a mandate as the sync would store it. */
function mirrorOf({ mandate, changedAt }: StoredMandate, now: Date) {
  const { id: _id, ...fields } = mandate;
  const doc = fields as unknown as SyncedDocument;
  return { ...doc, [HASH_FIELD]: contentHash(doc), [SYNCED_AT_FIELD]: now.toISOString(), [LAST_CHANGED_FIELD]: changedAt ?? now.toISOString() };
}

/**
 * Stores both copies of each mandate in one batch; a few attempts, then the next sync repairs
 * them from AppSheet, which already holds the truth.
 */
export async function storeMandates(db: Firestore, stored: StoredMandate[], now = new Date()): Promise<void> {
  if (stored.length === 0) return;
  try {
    await withRetry(
      async () => {
        // Two writes a mandate, within a batch's 500: a collection run marks every family's.
        for (const part of chunk(stored, 250)) {
          const batch = db.batch();
          for (const one of part) {
            batch.set(db.collection(mandates.collection).doc(one.mandate.id), mirrorOf(one, now));
            batch.set(db.collection(MANDATE_VIEWS).doc(one.mandate.id), mandateView(one.mandate));
          }
          await batch.commit();
        }
      },
      { attempts: 3, backoffMs: 300 },
    );
  } catch (error) {
    logger.error('AppSheet holds the mandates, but Firestore did not take them; the next sync repairs them', {
      references: stored.map(({ mandate }) => mandate.id).slice(0, 20),
      reason: (error as Error).message,
    });
  }
}
