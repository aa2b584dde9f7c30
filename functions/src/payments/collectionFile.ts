/**
 * The bank's file of an announced run (pain.008, pain008.ts). Creating it files the run: its
 * debits become `filed` in AppSheet and Firestore, each mandate's First Used / Last Used is set,
 * and the run can no longer change. What the file depends on (its id and time, the creditor's
 * account, each debit's sequence and amendment) is frozen on the run when it is first made, so a
 * file created again is byte for byte the same file.
 */
import { COLLECTION_RUNS, collectionRunSchema, debitCents, needsBic, previousBusinessDay, type CollectionRun, type Debit } from '@family-portal/contract';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { HttpError } from '../http/errors';
import { dayIn } from '../lib/timeZone';
import type { AppSheetWriter } from '../sync/appsheet/appsheetClient';
import { appSheetDate, atAppSheet, debitRow, debits, mapDebitRows, storeDebits } from './debitRecord';
import { mandateRow, mandates, mapMandateRows, storeMandates } from './mandateRecord';
import { pain008Xml, type CollectionCreditor, type CollectionDebit } from './pain008';
import { debtorAddress, familyWord, sequenceAndAmendment, type MandateFacts } from './debitTerms';
import { refusal, runDebits } from './collectionRun';

export interface FileDeps {
  db: Firestore;
  appSheet: AppSheetWriter;
  creditor: CollectionCreditor;
  timeZone: string;
  now?: Date;
}

/** What the run keeps so that its file can be made again unchanged. */
interface FrozenFile {
  messageId: string;
  createdAt: string;
  creditor: CollectionCreditor;
  debits: CollectionDebit[];
}

export interface CollectionFileAnswer {
  fileName: string;
  xml: string;
  run: CollectionRun;
}

const fileNameOf = (run: CollectionRun) => `Lastschrift-${run.collectionDate}-${run.id}.xml`;

const factsOf = (doc: DocumentSnapshot): MandateFacts => ({
  id: doc.id,
  iban: String(doc.get('iban')),
  signedAt: String(doc.get('signedAt')),
  status: String(doc.get('status')),
  firstUsed: (doc.get('firstUsed') as string | null) ?? null,
});

function debitFor(debit: Debit, mandate: DocumentSnapshot, family: DocumentSnapshot[], member: DocumentSnapshot, run: CollectionRun, timeZone: string): CollectionDebit {
  const iban = String(mandate.get('iban'));
  const address = needsBic(iban) ? debtorAddress(iban, (member.get('address') as string | null) ?? null) : null;
  if (needsBic(iban) && !address) {
    throw new HttpError('conflict', `${debit.memberId} pays from an account outside the EEA: the bank needs the family's address with post code and town. Correct it in AppSheet, or take the family out of the run.`, refusal('address-needed', { memberId: debit.memberId }));
  }
  return {
    endToEndId: debit.id,
    amountCents: debitCents(debit),
    mandateReference: mandate.id,
    // The day it was signed on the school's clock, as the mandate's copy says.
    mandateSignedOn: dayIn(new Date(String(mandate.get('signedAt'))), timeZone),
    ...sequenceAndAmendment(factsOf(mandate), family.map(factsOf)),
    debtorName: String(mandate.get('accountHolder')),
    debtorIban: iban,
    ...(mandate.get('bic') ? { debtorBic: String(mandate.get('bic')) } : {}),
    remittance: `${run.purpose}, Familie ${familyWord(String(member.get('primaryName') ?? ''))}, ${debit.memberId}`,
    ...(address ? { debtorAddress: address } : {}),
  };
}

/**
 * Each family's mandates, newest first: the one each debit is collected under and the one it
 * replaced. One read of the collection (a few per family), not a query per family: a run of
 * 2,000 families took 47 s with a query each.
 */
async function mandatesOf(db: Firestore, announced: Debit[]) {
  const families = new Set(announced.map((debit) => debit.memberId));
  const byMember = new Map<string, DocumentSnapshot[]>();
  for (const doc of (await db.collection('mandates').get()).docs) {
    const memberId = String(doc.get('memberId'));
    if (families.has(memberId)) byMember.set(memberId, [...(byMember.get(memberId) ?? []), doc]);
  }
  for (const docs of byMember.values()) docs.sort((a, b) => String(b.get('signedAt')).localeCompare(String(a.get('signedAt'))));
  return byMember;
}

async function freeze(deps: FileDeps, run: CollectionRun, announced: Debit[]): Promise<FrozenFile> {
  const { db } = deps;
  const now = deps.now ?? new Date();
  const byMember = await mandatesOf(db, announced);
  const members = await db.getAll(...announced.map((debit) => db.collection('members').doc(debit.memberId)));
  const memberOf = new Map(members.map((member) => [member.id, member]));
  const collected = announced.map((debit) => {
    const family = byMember.get(debit.memberId) ?? [];
    const mandate = family.find((doc) => doc.id === debit.mandateReference);
    if (!mandate || mandate.get('status') !== 'active') {
      throw new HttpError('conflict', `The mandate ${debit.mandateReference} of ${debit.memberId} is no longer active: take the family out of the run first.`, refusal('mandate-inactive', { reference: debit.mandateReference, memberId: debit.memberId }));
    }
    return debitFor(debit, mandate, family, memberOf.get(debit.memberId) as DocumentSnapshot, run, deps.timeZone);
  });
  return { messageId: `${run.id}-${now.toISOString().slice(11, 19).replace(/:/g, '')}`, createdAt: now.toISOString().slice(0, 19), creditor: deps.creditor, debits: collected };
}

export async function fileCollection(deps: FileDeps, runId: string): Promise<CollectionFileAnswer> {
  const { db, appSheet } = deps;
  const now = deps.now ?? new Date();
  const runRef = db.collection(COLLECTION_RUNS).doc(runId);
  const runDoc = await runRef.get();
  if (!runDoc.exists) throw new HttpError('not-found', 'There is no such collection run.');
  const run = collectionRunSchema.parse(runDoc.data());
  const frozen = runDoc.get('file') as FrozenFile | undefined;
  if (run.status === 'filed' && frozen) return { fileName: fileNameOf(run), xml: xmlOf(run, frozen), run };

  const lastDay = previousBusinessDay(run.collectionDate);
  if (dayIn(now, deps.timeZone) > lastDay) {
    throw new HttpError('conflict', `The bank needed this file by ${lastDay}: announce a new run for a later date.`, refusal('file-too-late', { date: lastDay }));
  }
  const announced = (await runDebits(db, runId)).filter((debit) => debit.status === 'announced' || debit.status === 'filed');
  if (announced.length === 0) throw new HttpError('conflict', 'Every family was taken out of this run: there is nothing to collect.', refusal('all-taken-out'));
  const file = frozen ?? (await freeze(deps, run, announced));
  // Frozen before anything changes: a retry after a failure below makes the same file.
  if (!frozen) await runRef.update({ file, messageId: file.messageId });
  const xml = xmlOf(run, file);

  const filedRows = mapDebitRows(
    await atAppSheet(() => appSheet.edit(debits.appSheetTable, announced.map((debit) => debitRow(debit.id, { status: 'filed' })))),
  );
  await storeDebits(db, announced.map((debit) => filedRows.get(debit.id) ?? { debit: { ...debit, status: 'filed' }, changedAt: null }), now);
  await markMandatesUsed(deps, file.debits, run.collectionDate);
  const filed: CollectionRun = {
    ...run,
    status: 'filed',
    filedAt: now.toISOString(),
    messageId: file.messageId,
    debitCount: file.debits.length,
    totalCents: file.debits.reduce((sum, debit) => sum + debit.amountCents, 0),
  };
  await runRef.update({ status: 'filed', filedAt: filed.filedAt, debitCount: filed.debitCount, totalCents: filed.totalCents });
  return { fileName: fileNameOf(filed), xml, run: filed };
}

function xmlOf(run: CollectionRun, file: FrozenFile): string {
  return pain008Xml({ messageId: file.messageId, createdAt: file.createdAt, collectionDate: run.collectionDate, creditor: file.creditor, debits: file.debits });
}

/** First Used (if blank) and Last Used of each mandate collected under: FRST becomes RCUR next time. */
async function markMandatesUsed(deps: FileDeps, collected: CollectionDebit[], collectionDate: string) {
  const references = [...new Set(collected.map((debit) => debit.mandateReference))];
  const current = await deps.db.getAll(...references.map((reference) => deps.db.collection('mandates').doc(reference)));
  const rows = current.map((doc) =>
    mandateRow(doc.id, { lastUsed: appSheetDate(collectionDate), ...(doc.get('firstUsed') ? {} : { firstUsed: appSheetDate(collectionDate) }) }),
  );
  const answer = mapMandateRows(await atAppSheet(() => deps.appSheet.edit(mandates.appSheetTable, rows)));
  await storeMandates(deps.db, [...answer.values()]);
}
