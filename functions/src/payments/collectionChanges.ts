/**
 * What changes a debit after its announcement: the office takes a family out of a run not yet
 * filed (it paid by transfer before the date), or records that the bank returned a filed debit,
 * with the bank's reason code. A return as unauthorised (MD01) or a refund claim (MD06) suspends
 * the mandate until the family confirms it again (confirmMandate). AppSheet first, then Firestore.
 */
import { COLLECTION_RUNS, debitCents, SUSPENDING_REASONS, type CollectionRun, type Debit } from '@family-portal/contract';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { HttpError } from '../http/errors';
import type { AppSheetClient } from '../sync/appsheet/appsheetClient';
import { refusal } from './collectionRun';
import { atAppSheet, debitRow, debits, mapDebitRows, storeDebits, type StoredDebit } from './debitRecord';
import { appSheetFailed as mandateWriteFailed, atAppSheet as atMandates, mandateRow, mandates, mapMandateRows, storeMandates, type StoredMandate } from './mandateRecord';

export interface ChangeDeps {
  db: Firestore;
  appSheet: AppSheetClient;
  now?: Date;
}

async function storedDebit(db: Firestore, endToEndId: string): Promise<Debit> {
  const doc = await db.collection(debits.collection).doc(endToEndId).get();
  if (!doc.exists) throw new HttpError('not-found', 'There is no such debit.');
  return { ...(doc.data() as Debit), id: doc.id };
}

async function editDebit(deps: ChangeDeps, debit: Debit, cells: Parameters<typeof debitRow>[1]): Promise<Debit> {
  const answer = mapDebitRows(await atAppSheet(() => deps.appSheet.edit(debits.appSheetTable, [debitRow(debit.id, cells)])));
  const changed: StoredDebit = answer.get(debit.id) ?? { debit: { ...debit, ...(cells as Partial<Debit>) }, changedAt: null };
  await storeDebits(deps.db, [changed], deps.now);
  return changed.debit;
}

/** Takes the family out of an announced run; the run's count and total follow. */
export async function removeFromCollection(deps: ChangeDeps, runId: string, memberId: string): Promise<Debit> {
  const run = await deps.db.collection(COLLECTION_RUNS).doc(runId).get();
  if (!run.exists) throw new HttpError('not-found', 'There is no such collection run.');
  if ((run.data() as CollectionRun).status !== 'announced') throw new HttpError('conflict', 'The bank file of this run is made: it can no longer change.', refusal('run-filed'));
  const found = await deps.db.collection(debits.collection).where('runId', '==', runId).where('memberId', '==', memberId).get();
  const doc = found.docs[0];
  if (!doc) throw new HttpError('not-found', 'This family is not in the run.');
  const debit = { ...(doc.data() as Debit), id: doc.id };
  if (debit.status === 'withdrawn') return debit;
  const withdrawn = await editDebit(deps, debit, { status: 'withdrawn' });
  await run.ref.update({ debitCount: FieldValue.increment(-1), totalCents: FieldValue.increment(-debitCents(debit)) });
  return withdrawn;
}

/** The bank returned a filed debit; on MD01 or MD06 its mandate is suspended. */
export async function recordDebitReturn(deps: ChangeDeps, endToEndId: string, reason: string): Promise<Debit> {
  const debit = await storedDebit(deps.db, endToEndId);
  if (debit.status !== 'filed' && debit.status !== 'returned') throw new HttpError('conflict', 'Only a debit whose bank file was made can come back from the bank.', refusal('not-filed'));
  // A retry of the same return writes the row no more, but still finishes pausing the mandate.
  const returned = debit.status === 'returned' && debit.returnReason === reason ? debit : await editDebit(deps, debit, { status: 'returned', returnReason: reason });
  if (SUSPENDING_REASONS.includes(reason)) await setMandateStatus(deps, debit.mandateReference, 'suspended', 'active');
  return returned;
}

/**
 * Moves a mandate from one status to another, in AppSheet and then Firestore, and gives the
 * mandate as AppSheet now has it; a mandate in any other status is left alone (null).
 */
export async function setMandateStatus(deps: ChangeDeps, reference: string, to: 'active' | 'suspended', from: 'active' | 'suspended'): Promise<StoredMandate | null> {
  const current = await deps.db.collection(mandates.collection).doc(reference).get();
  if (current.get('status') !== from) return null;
  const answer = mapMandateRows(await atMandates(() => deps.appSheet.edit(mandates.appSheetTable, [mandateRow(reference, { status: to })])));
  const changed = answer.get(reference);
  if (changed?.mandate.status !== to) throw mandateWriteFailed(new Error('AppSheet did not answer with the mandate changed'));
  await storeMandates(deps.db, [changed], deps.now);
  return changed;
}
