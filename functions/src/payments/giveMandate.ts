/**
 * A family gives a direct debit mandate, or a new one for another account. Every check comes
 * before anything is written. AppSheet's rows are the truth: the family's mandates are read
 * there first; the new row is added under a reference made from the form's attempt, so that a
 * retry after a lost answer finds it and never adds a second; then the family's other active
 * mandates are marked replaced (a retry of the same form finishes that too). Firestore's copies
 * follow, and the next sync repairs them if they fail.
 */
import {
  accountProblem,
  DIRECT_DEBIT,
  DIRECT_DEBIT_SCHOOL,
  ibanOf,
  mandateReferenceFor,
  mandateView,
  type AccountProblem,
  type ErrorCode,
  type GiveMandateBody,
  type MandateView,
} from '@family-portal/contract';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { HttpError } from '../http/errors';
import { formatAppSheetDateTime, type AppSheetWriter } from '../sync/appsheet/appsheetClient';
import { appSheetFailed, atAppSheet, findMandates, mandateRow, mandates, mapMandateRows, storeMandates, type StoredMandate } from './mandateRecord';

export interface MandateDeps {
  db: Firestore;
  appSheet: AppSheetWriter;
  /** The association's creditor identifier (SEPA_CREDITOR_ID); empty: no direct debit. */
  creditorId: string;
  now?: Date;
}

/** The API's words for each account problem; the web app shows its own translated text by code. */
const ACCOUNT_REFUSALS: Record<AccountProblem, [code: ErrorCode, message: string]> = {
  ibanInvalid: ['iban-invalid', 'This IBAN is not valid: check its length and check digits.'],
  ibanNotSepa: ['iban-not-sepa', 'This IBAN is of a country outside SEPA: the school cannot collect from it.'],
  bicRequired: ['bic-required', 'An account outside the EEA needs its BIC.'],
  bicInvalid: ['bic-invalid', 'This BIC is not valid (8 or 11 characters).'],
};

/** Whether the school offers direct debit: a creditor identifier, and a Mandates table the sync found. */
export async function assertOffered(db: Firestore, creditorId: string) {
  const school = await db.collection(DIRECT_DEBIT).doc(DIRECT_DEBIT_SCHOOL).get();
  if (!creditorId || school.get('offered') !== true) {
    throw new HttpError('direct-debit-not-offered', 'The school does not offer direct debit.');
  }
}

export interface GivenMandate {
  given: MandateView;
  /** The family's mandates this one replaced, now `replaced`. */
  replaced: MandateView[];
}

export async function giveMandate(deps: MandateDeps, caller: { email: string }, member: DocumentSnapshot, body: GiveMandateBody): Promise<GivenMandate> {
  const { db, appSheet } = deps;
  const now = deps.now ?? new Date();
  const problem = accountProblem(body.iban, body.bic);
  if (problem) throw new HttpError(...ACCOUNT_REFUSALS[problem]);
  await assertOffered(db, deps.creditorId);
  const iban = ibanOf(body.iban);
  const bic = (body.bic ?? '').replace(/\s+/g, '').toUpperCase() || null;
  const reference = mandateReferenceFor(member.id, body.attempt);

  const rows = await findMandates(appSheet, member.id, reference);
  const earlier = rows.get(reference);
  // The form's attempt id is the parent's own: reused for another family or account, it is refused.
  if (earlier && (earlier.mandate.memberId !== member.id || earlier.mandate.iban !== iban)) {
    throw new HttpError('conflict', 'This form was already used for another mandate. Please reload the page and fill it in again.');
  }
  const given = earlier ?? (await addRow(appSheet, reference, {
    memberId: member.id,
    accountHolder: body.accountHolder,
    iban,
    bic,
    signedAt: formatAppSheetDateTime(now),
    signedBy: caller.email,
    status: 'active',
  }));

  const others = [...rows.values()].filter(({ mandate }) => mandate.id !== reference && mandate.memberId === member.id && (mandate.status === 'active' || mandate.status === 'suspended'));
  const replaced = others.length === 0 ? [] : await replace(appSheet, others, now);
  await storeMandates(db, [given, ...replaced], now);
  return { given: mandateView(given.mandate), replaced: replaced.map(({ mandate }) => mandateView(mandate)) };
}

/** Adds the row; on a failure, AppSheet's row decides (found by its key): there, it is the answer. */
async function addRow(appSheet: AppSheetWriter, reference: string, cells: Parameters<typeof mandateRow>[1]): Promise<StoredMandate> {
  try {
    const answer = mapMandateRows(await appSheet.add(mandates.appSheetTable, [mandateRow(reference, cells)]));
    const added = answer.get(reference);
    if (added) return added;
  } catch (error) {
    const landed = await findMandates(appSheet, String(cells.memberId), reference).then(
      (found) => found.get(reference),
      () => undefined,
    );
    if (landed) return landed;
    throw appSheetFailed(error);
  }
  // AppSheet took the row but answered with something else: what it was sent is the mandate.
  const landed = (await findMandates(appSheet, String(cells.memberId), reference)).get(reference);
  if (!landed) throw appSheetFailed(new Error('the added row is not in the answer'));
  return landed;
}

/** Marks the family's other active mandates replaced as of now; AppSheet's answer is what is stored. */
async function replace(appSheet: AppSheetWriter, others: StoredMandate[], now: Date): Promise<StoredMandate[]> {
  const revokedAt = formatAppSheetDateTime(now);
  const answer = mapMandateRows(
    await atAppSheet(() => appSheet.edit(mandates.appSheetTable, others.map(({ mandate }) => mandateRow(mandate.id, { status: 'replaced', revokedAt })))),
  );
  return others.map((other) => answer.get(other.mandate.id) ?? { mandate: { ...other.mandate, status: 'replaced', revokedAt: now.toISOString() }, changedAt: null });
}
