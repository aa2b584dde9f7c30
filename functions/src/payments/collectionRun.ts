/**
 * A collection run: the families with an active mandate who owe money (the dashboard's rule,
 * isPaymentDue), each amount frozen when the office announces it. A family is in one open run at
 * most: one whose debit is announced or filed and not yet collected. AppSheet's Direct Debits
 * rows are written first, under end-to-end ids made from the run; a retry with the same key finds
 * them and adds nothing, and answers with the first attempt's run.
 */
import { createHash } from 'node:crypto';
import {
  collectionDateProblem,
  COLLECTION_RUNS,
  collectionRunSchema,
  debitCents,
  isPaymentDue,
  maskIban,
  type CollectionCandidate,
  type CollectionRefusal,
  type CollectionRun,
  type Debit,
} from '@family-portal/contract';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { HttpError } from '../http/errors';
import { dayIn } from '../lib/timeZone';
import type { AppSheetWriter } from '../sync/appsheet/appsheetClient';
import { appSheetDate, atAppSheet, debitRow, debits, decimalEuros, findRunDebits, mapDebitRows, storeDebits } from './debitRecord';

export interface CollectionDeps {
  db: Firestore;
  appSheet: AppSheetWriter;
  creditorId: string;
  preNotificationDays: number;
  timeZone: string;
  now?: Date;
}

/** Debits still to be collected: announced or filed, their date today or later. */
export async function openDebits(db: Firestore, today: string): Promise<Debit[]> {
  const snapshot = await db.collection(debits.collection).where('status', 'in', ['announced', 'filed']).get();
  return snapshot.docs.map((doc) => ({ ...(doc.data() as Debit), id: doc.id })).filter((debit) => debit.collectionDate >= today);
}

/** The newest active mandate of each family (two given in the same second: the later one counts). */
async function activeMandates(db: Firestore): Promise<Map<string, DocumentSnapshot>> {
  const snapshot = await db.collection('mandates').where('status', '==', 'active').get();
  const newest = new Map<string, DocumentSnapshot>();
  for (const doc of snapshot.docs) {
    const memberId = doc.get('memberId') as string;
    const other = newest.get(memberId);
    if (!other || String(doc.get('signedAt')) > String(other.get('signedAt'))) newest.set(memberId, doc);
  }
  return newest;
}

export async function collectionCandidates(db: Firestore, today: string): Promise<CollectionCandidate[]> {
  const [owing, mandates, open] = await Promise.all([db.collection('members').where('balance', '<', 0).get(), activeMandates(db), openDebits(db, today)]);
  const openRun = new Map(open.map((debit) => [debit.memberId, debit.runId]));
  return owing.docs
    .filter((member) => isPaymentDue(member.get('balance') as number) && mandates.has(member.id))
    .map((member) => {
      const mandate = mandates.get(member.id) as DocumentSnapshot;
      return {
        memberId: member.id,
        name: String(member.get('primaryName') ?? ''),
        amountCents: Math.round(-(member.get('balance') as number) * 100),
        mandateReference: mandate.id,
        ibanMasked: maskIban(String(mandate.get('iban'))),
        openRunId: openRun.get(member.id) ?? null,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'de') || a.memberId.localeCompare(b.memberId));
}

/** The error's data the console reads (contract: COLLECTION_REFUSALS). */
export const refusal = (reason: CollectionRefusal, details: Record<string, string | number> = {}) => ({ reason, ...details });

/** Refuses a collection date the rules do not allow, naming the first possible one. */
export function checkCollectionDate(collectionDate: string, today: string, preNotificationDays: number) {
  const problem = collectionDateProblem(collectionDate, today, preNotificationDays);
  if (!problem) return;
  if (problem.kind === 'not-a-day') throw new HttpError('invalid-argument', 'The collection date is not a calendar day.');
  const why = problem.kind === 'too-soon' ? `at least ${preNotificationDays} days after today` : 'a TARGET2 business day';
  throw new HttpError('invalid-argument', `The collection date must be ${why}: the first possible date is ${problem.earliest}.`, refusal(problem.kind, { earliest: problem.earliest, days: preNotificationDays }));
}

/** The run's id, from the console's key: short enough for the bank's ids (35 characters), the same for a retry. */
export const runIdFor = (collectionDate: string, key: string) =>
  `R${collectionDate.replace(/-/g, '')}${createHash('sha256').update(key).digest('hex').slice(0, 8).toUpperCase()}`;

export const endToEndIdFor = (runId: string, index: number) => `${runId}-${String(index + 1).padStart(4, '0')}`;

export interface AnnounceInput {
  collectionDate: string;
  purpose: string;
  leaveOut: string[];
  idempotencyKey: string;
  announcedBy: string;
}

export interface Announced {
  run: CollectionRun;
  debits: Debit[];
  /** False for a retry of an announcement already made: nothing new is sent. */
  fresh: boolean;
}

export async function announceCollection(deps: CollectionDeps, input: AnnounceInput): Promise<Announced> {
  const { db, appSheet } = deps;
  const now = deps.now ?? new Date();
  const runId = runIdFor(input.collectionDate, input.idempotencyKey);
  const runRef = db.collection(COLLECTION_RUNS).doc(runId);
  const existing = await runRef.get();
  if (existing.exists) return { run: collectionRunSchema.parse(existing.data()), debits: await runDebits(db, runId), fresh: false };

  const today = dayIn(now, deps.timeZone);
  checkCollectionDate(input.collectionDate, today, deps.preNotificationDays);
  if (!deps.creditorId) throw new HttpError('direct-debit-not-offered', 'The school has no creditor identifier (SEPA_CREDITOR_ID): it cannot collect.');

  let stored = await findRunDebits(appSheet, runId);
  if (stored.size === 0) {
    const leaveOut = new Set(input.leaveOut);
    const chosen = (await collectionCandidates(db, today)).filter((family) => !family.openRunId && !leaveOut.has(family.memberId));
    if (chosen.length === 0) throw new HttpError('invalid-argument', 'No family is left to collect from on this date.', refusal('nobody-left'));
    const rows = chosen.map((family, index) =>
      debitRow(endToEndIdFor(runId, index), {
        runId,
        memberId: family.memberId,
        mandateReference: family.mandateReference,
        amount: decimalEuros(family.amountCents),
        collectionDate: appSheetDate(input.collectionDate),
        status: 'announced',
      }),
    );
    stored = mapDebitRows(await atAppSheet(() => appSheet.add(debits.appSheetTable, rows)));
    if (stored.size !== rows.length) stored = await findRunDebits(appSheet, runId);
  }
  await storeDebits(db, [...stored.values()], now);
  const announced = [...stored.values()].map(({ debit }) => debit);
  const run: CollectionRun = {
    id: runId,
    collectionDate: input.collectionDate,
    status: 'announced',
    purpose: input.purpose,
    debitCount: announced.length,
    totalCents: announced.reduce((sum, debit) => sum + debitCents(debit), 0),
    announcedAt: now.toISOString(),
    announcedBy: input.announcedBy,
    filedAt: null,
    messageId: null,
  };
  await runRef.set(run);
  return { run, debits: announced, fresh: true };
}

export async function runDebits(db: Firestore, runId: string): Promise<Debit[]> {
  const snapshot = await db.collection(debits.collection).where('runId', '==', runId).get();
  return snapshot.docs.map((doc) => ({ ...(doc.data() as Debit), id: doc.id })).sort((a, b) => a.id.localeCompare(b.id));
}
