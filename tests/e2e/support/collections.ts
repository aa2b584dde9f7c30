/**
 * A collection run as the office makes one, through the real functions with the demo admin's ID
 * token (previewCollection, announceCollection, fileCollection, recordDebitReturn), for one demo
 * family that owes money and has an active mandate; and the demo data put back afterwards: the
 * family's Direct Debits rows deleted at the AppSheet demo server, its mandate `Aktiv` with First
 * and Last Used blank, its balances as they were, the runs gone, and a full sync.
 */
import { randomUUID } from 'node:crypto';
import type { CollectionCandidate, CollectionRun, Debit } from '@family-portal/contract';
import { expect } from '@playwright/test';
import { appSheetRow, DEMO, documentsWhere, editAppSheetRow, FIRESTORE, firestoreDocument, fullSyncAsAdmin, owner, PROJECT } from './emulators';
import { idTokenOf, post } from './noticeCalls';

const FUNCTIONS = 'http://127.0.0.1:5001/demo-family-portal/europe-west1';
const APPSHEET = 'http://127.0.0.1:8787/api/v2/apps/demo-app/tables';
const BALANCES = ['Balance', 'Children Balance', 'Membership Balance'] as const;

async function appSheetAction(table: string, body: Record<string, unknown>): Promise<Array<Record<string, string>>> {
  const response = await fetch(`${APPSHEET}/${encodeURIComponent(table)}/Action`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ApplicationAccessKey: 'demo-access-key' },
    body: JSON.stringify({ Properties: { Locale: 'de-DE' }, Rows: [], ...body }),
  });
  expect(response.ok, `AppSheet ${String(body.Action)} on ${table}: ${response.status}`).toBe(true);
  const answer = (await response.json()) as Array<Record<string, string>> | { Rows: Array<Record<string, string>> };
  return Array.isArray(answer) ? answer : answer.Rows;
}

/** The family's Direct Debits rows as the office sees them in AppSheet. */
export const debitRows = (memberId: string) =>
  appSheetAction('Direct Debits', { Action: 'Find', Properties: { Locale: 'de-DE', Selector: `Filter("Direct Debits", [Member ID] = "${memberId}")` } });

/** What a spec changes of a family, to be put back. */
export interface CollectedFamily {
  memberId: string;
  mandateReference: string;
  ibanMasked: string;
  /** The Members row's balances as AppSheet wrote them (de-DE), and as the sync stored them. */
  appSheetBalances: Record<(typeof BALANCES)[number], string>;
  storedBalance: number;
}

/**
 * The demo family of `email` made to owe `amount` (a decimal as de-DE writes it, "123,45") in
 * AppSheet, synced; its active mandate named. Whatever an earlier, broken run of the spec left
 * of its debits is taken away first, so that the family is in no open run.
 */
export async function owingFamily(email: string, amount: string): Promise<CollectedFamily> {
  const [member] = await documentsWhere('members', 'primaryEmail', email);
  if (!member) throw new Error(`no member with the e-mail ${email}`);
  const [mandate] = (await documentsWhere('mandate_views', 'memberId', member.id)).filter((view) => view.status === 'active' || view.status === 'suspended');
  if (!mandate) throw new Error(`${member.id} has no mandate to collect under`);
  const row = await appSheetRow('Members', 'Member ID', member.id);
  const family: CollectedFamily = {
    memberId: member.id,
    mandateReference: mandate.id,
    ibanMasked: String(mandate.ibanMasked),
    appSheetBalances: Object.fromEntries(BALANCES.map((column) => [column, row[column] ?? ''])) as CollectedFamily['appSheetBalances'],
    storedBalance: Number(member.balance),
  };
  await deleteDebitRows(family.memberId);
  await editAppSheetRow('Members', { 'Member ID': family.memberId, Balance: `-${amount}`, 'Children Balance': `-${amount}`, 'Membership Balance': '0' });
  await editAppSheetRow('Mandates', { 'Mandate Reference': family.mandateReference, Status: 'Aktiv', 'First Used': '', 'Last Used': '' });
  expect(await fullSyncAsAdmin()).toBe(200);
  return family;
}

async function deleteDebitRows(memberId: string): Promise<string[]> {
  const rows = await debitRows(memberId);
  if (rows.length > 0) await appSheetAction('Direct Debits', { Action: 'Delete', Rows: rows.map((row) => ({ 'End To End ID': row['End To End ID'] })) });
  return [...new Set(rows.map((row) => row['Run ID'] as string))];
}

/** Puts the family back as the demo data had it, runs included, and checks that it is. */
export async function restoreFamily(family: CollectedFamily): Promise<void> {
  const runIds = await deleteDebitRows(family.memberId);
  await editAppSheetRow('Mandates', { 'Mandate Reference': family.mandateReference, Status: 'Aktiv', 'First Used': '', 'Last Used': '' });
  await editAppSheetRow('Members', { 'Member ID': family.memberId, ...family.appSheetBalances });
  // Their copies too: once the table is empty, the sync holds back deleting every row of it.
  const copies = [...runIds.map((runId) => `collection_runs/${runId}`), ...(await documentsWhere('debits', 'memberId', family.memberId)).map((debit) => `debits/${debit.id}`)];
  for (const path of copies) {
    const response = await fetch(`${FIRESTORE}/v1/projects/${PROJECT}/databases/(default)/documents/${path}`, { method: 'DELETE', headers: owner });
    expect(response.ok, `deleting ${path}`).toBe(true);
  }
  expect(await fullSyncAsAdmin()).toBe(200);
  expect(await debitRows(family.memberId)).toEqual([]);
  expect(await documentsWhere('debits', 'memberId', family.memberId)).toEqual([]);
  expect((await firestoreDocument(`members/${family.memberId}`))?.balance).toBe(family.storedBalance);
  const mandate = await appSheetRow('Mandates', 'Mandate Reference', family.mandateReference);
  expect([mandate.Status, mandate['First Used'] ?? '', mandate['Last Used'] ?? '']).toEqual(['Aktiv', '', '']);
}

/** The uid in an ID token (the Auth emulator's tokens are unsigned JWTs). */
const uidOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { user_id: string }).user_id;

/**
 * Forgets the account's counts of these endpoints (functions' http/accountLimit.ts): announcing
 * is limited to 20 a day, which repeated runs of the spec would reach.
 */
export async function forgetLimits(email: string, scopes: readonly string[]): Promise<void> {
  const uid = uidOf(await idTokenOf(email));
  for (const scope of scopes) {
    const response = await fetch(`${FIRESTORE}/v1/projects/${PROJECT}/databases/(default)/documents/rate_limits/${scope}-account-${uid}`, { method: 'DELETE', headers: owner });
    expect(response.ok, `forgetting the ${scope} count`).toBe(true);
  }
}

export const OFFICE_SCOPES = ['previewCollection', 'announceCollection', 'fileCollection', 'recordDebitReturn'] as const;

/** The office's steps, as the demo admin. */
export const office = {
  /** The first collection date the functions allow: a date too soon is refused with it. */
  async earliestDate(): Promise<string> {
    const response = await fetch(`${FUNCTIONS}/previewCollection`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await idTokenOf(DEMO.admin)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ collectionDate: '2000-01-03' }),
    });
    const answer = (await response.json()) as { data?: { earliest?: string } };
    expect(response.status, JSON.stringify(answer)).toBe(400);
    return answer.data?.earliest as string;
  },
  preview: async (collectionDate: string) => post<{ families: CollectionCandidate[] }>('previewCollection', await idTokenOf(DEMO.admin), { collectionDate }),
  /** A run of this date for this family alone: every other family the preview lists is left out. */
  async announceFor(memberId: string, collectionDate: string): Promise<CollectionRun> {
    const { families } = await office.preview(collectionDate);
    expect(families.map((family) => family.memberId)).toContain(memberId);
    const leaveOut = families.filter((family) => family.memberId !== memberId && family.openRunId === null).map((family) => family.memberId);
    const body = { collectionDate, purpose: 'Kursgebühren Test', leaveOut, idempotencyKey: randomUUID() };
    return (await post<{ run: CollectionRun }>('announceCollection', await idTokenOf(DEMO.admin), body)).run;
  },
  file: async (runId: string) => post<{ run: CollectionRun }>('fileCollection', await idTokenOf(DEMO.admin), { runId }),
  recordReturn: async (endToEndId: string, reason: string) => post<Debit>('recordDebitReturn', await idTokenOf(DEMO.admin), { endToEndId, reason }),
};
