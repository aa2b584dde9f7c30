/**
 * A parent's e-mails go where the office's records lead at the moment of sending, not where they
 * led at the opt-in: after the office gives the family another address, after the address becomes
 * a duplicate, after the membership ends and after the account is disabled, the sync sends
 * nothing to the old address and deletes the choices. A family whose records did not move still
 * gets its e-mail.
 */
import { MAIL, NOTIFICATION_CHOICES } from '@family-portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { runFullSync } from '../../functions/src/wiring/syncRuns';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { PORTS } from '../../tools/lib/stack';
import { atSource } from '../support/appSheet';
import { createAccount, functionUrl, idTokenFor } from '../support/auth';

const { db, auth } = emulatorAdmin();
const appSheetUrl = `http://127.0.0.1:${PORTS.appsheet}`;
const appSheet = createAppSheetClient({ baseUrl: appSheetUrl, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY });
const ADMIN = 'recipients-admin@example.com';

async function post(name: string, token: string, body: unknown = {}) {
  const response = await fetch(functionUrl(name), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function sync(kind: 'Delta' | 'Full', body: unknown = {}) {
  const answer = await post(`trigger${kind}Sync`, await idTokenFor(ADMIN), body);
  expect(answer.status).toBe(200);
  return answer.body.data as { heldBackDeletions: Array<{ table: string; count: number }> };
}

const mailsTo = async (email: string) => (await db.collection(MAIL).where('to', '==', email).get()).docs.map((doc) => doc.get('message.subject') as string);
const choicesOf = async (email: string) => (await db.doc(`${NOTIFICATION_CHOICES}/${(await auth.getUserByEmail(email)).uid}`).get()).exists;

/** A family of this file's own, with a parent who signed up and turned every e-mail on. */
const families: string[] = [];
const payments: string[] = [];
let template: Record<string, unknown>;
async function optedInFamily(n: number) {
  const memberId = `M-RCP-${n}`;
  const email = `recipient${n}@example.com`;
  await atSource(appSheetUrl, 'Add', 'Members', [{ ...template, 'Member ID': memberId, Email: email, 'Primary Name': `Recipient ${n}`, Balance: '10' }]);
  families.push(memberId);
  await sync('Delta');
  await createAccount(email);
  const choices = { paymentDue: true, paymentReceived: true, cancellationConfirmed: true, language: 'en' };
  expect((await post('setNotificationChoices', await idTokenFor(email), choices)).status).toBe(200);
  return { memberId, email };
}

async function newPayment(memberId: string) {
  const id = `P-RCP-${payments.length + 1}`;
  payments.push(id);
  await atSource(appSheetUrl, 'Add', 'Payments', [{ 'Payment ID': id, 'Member ID': memberId, Date: '2026-11-25', Amount: 25, 'Payment Type': 'Überweisung', Direction: 'Eingang' }]);
}

beforeAll(async () => {
  await clearFirestore();
  expect((await runFullSync({ db, appSheet }, { triggeredBy: 'manual' })).error).toBeNull();
  template = (await appSheet.find('Members', 'Filter(Members, [Member ID] = "M0009")'))[0] as Record<string, unknown>;
  await createAccount(ADMIN, { admin: true });
});
afterAll(async () => {
  // One row at a time: a batch with a row already gone (the deleted membership) is refused whole.
  for (const id of payments) await atSource(appSheetUrl, 'Delete', 'Payments', [{ 'Payment ID': id }]).catch(() => undefined);
  for (const id of families) await atSource(appSheetUrl, 'Delete', 'Members', [{ 'Member ID': id }]).catch(() => undefined);
  expect((await appSheet.find('Members')).filter((row) => String(row['Member ID']).startsWith('M-RCP'))).toEqual([]);
  await clearFirestore();
});

describe("a parent's e-mails follow the office's records", () => {
  it('still go to a family whose address did not change', async () => {
    const { memberId, email } = await optedInFamily(1);
    await newPayment(memberId);
    await sync('Delta');
    expect(await mailsTo(email)).toEqual(['Family Portal: payment received']);
    expect(await choicesOf(email)).toBe(true);
  });

  it('stop when the office gives the family another address', async () => {
    const { memberId, email } = await optedInFamily(2);
    await appSheet.edit('Members', [{ 'Member ID': memberId, Email: 'new-parent2@example.com' }]);
    await newPayment(memberId);
    await sync('Delta');
    expect(await mailsTo(email)).toEqual([]);
    expect(await mailsTo('new-parent2@example.com')).toEqual([]);
    expect(await choicesOf(email)).toBe(false);
  });

  it('stop when another member row gets the same address', async () => {
    const { memberId, email } = await optedInFamily(3);
    await atSource(appSheetUrl, 'Add', 'Members', [{ ...template, 'Member ID': 'M-RCP-3b', Email: email, 'Primary Name': 'Recipient 3b' }]);
    families.push('M-RCP-3b');
    await appSheet.edit('Members', [{ 'Member ID': memberId, Balance: '-30' }]);
    await sync('Delta');
    expect(await mailsTo(email)).toEqual([]);
    expect(await choicesOf(email)).toBe(false);
  });

  it('stop when the membership ends and the office deletes the row', async () => {
    const { memberId, email } = await optedInFamily(4);
    await atSource(appSheetUrl, 'Delete', 'Members', [{ 'Member ID': memberId }]);
    const first = await sync('Full');
    const heldBack = first.heldBackDeletions.find((held) => held.table === 'members');
    if (heldBack) await sync('Full', { applyHeldBackDeletions: { table: 'members', count: heldBack.count } });
    expect((await db.doc(`members/${memberId}`).get()).exists).toBe(false);
    expect(await mailsTo(email)).toEqual([]);
    expect(await choicesOf(email)).toBe(false);
  });

  it('stop when an admin disables the account', async () => {
    const { memberId, email } = await optedInFamily(5);
    await auth.updateUser((await auth.getUserByEmail(email)).uid, { disabled: true });
    await newPayment(memberId);
    await sync('Delta');
    expect(await mailsTo(email)).toEqual([]);
    expect(await choicesOf(email)).toBe(false);
  });
});
