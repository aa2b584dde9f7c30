/**
 * Parents' e-mails through the Functions emulator: choices only for a verified member, nothing
 * without an opt-in or about what happened before it, payment due once per change, payment
 * received per new incoming payment, the cancellation's confirmation, and the unsubscribe link.
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
const appSheet = createAppSheetClient({ baseUrl: `http://127.0.0.1:${PORTS.appsheet}`, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY });
const ADMIN = 'office-admin@example.com';

async function call(name: string, token: string | null, body?: unknown, method = 'POST') {
  const response = await fetch(functionUrl(name), {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), 'Content-Type': 'application/json' },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}
const deltaSync = async () => expect((await call('triggerDeltaSync', await idTokenFor(ADMIN))).status).toBe(200);

interface Mail {
  to: string;
  message: { subject: string; text: string };
}
const mailsTo = async (email: string) => (await db.collection(MAIL).where('to', '==', email).get()).docs.map((doc) => doc.data() as Mail);

let memberId = '';
let email = '';
let token = '';
let originalBalance = '';
// The demo app reads numbers as de-DE writes them.
const setBalance = (balance: number) => appSheet.edit('Members', [{ 'Member ID': memberId, Balance: String(balance).replace('.', ',') }]);

beforeAll(async () => {
  await clearFirestore();
  expect((await runFullSync({ db, appSheet }, { triggeredBy: 'manual' })).error).toBeNull();
  // An active member no other file signs in as, with payments.
  const member = (await db.collection('members').where('status', '==', 'active').get()).docs.find((doc) => doc.id >= 'M0008' && !doc.get('cancellationRequested'))!;
  memberId = member.id;
  email = member.get('primaryEmail');
  originalBalance = String((await appSheet.find('Members', `Filter(Members, [Member ID] = "${memberId}")`))[0]?.Balance ?? '0');
  await createAccount(email);
  await createAccount(ADMIN, { admin: true });
  token = await idTokenFor(email);
});
afterAll(async () => {
  await appSheet.edit('Members', [{ 'Member ID': memberId, Balance: originalBalance, 'Cancellation Requested': 'N', 'Cancellation Requested At': '', 'Cancellation Reason': '' }]);
  await atSource(`http://127.0.0.1:${PORTS.appsheet}`, 'Delete', 'Payments', [{ 'Payment ID': 'P-NOTIFY-1' }]).catch(() => undefined);
  await clearFirestore();
});

describe("parents' e-mails", () => {
  it('are off at first but cancelled lessons, and only a verified member can turn them on', async () => {
    expect(await call('getNotificationChoices', token, undefined, 'GET')).toMatchObject({
      status: 200,
      body: { data: { paymentDue: false, paymentReceived: false, cancellationConfirmed: false, bookingDecided: false, notices: false, lessonCancelled: true } },
    });
    await createAccount('unverified@example.com', { verified: false });
    const unverified = await call('setNotificationChoices', await idTokenFor('unverified@example.com'), { paymentDue: true, paymentReceived: false, cancellationConfirmed: false, language: 'de' });
    expect(unverified).toMatchObject({ status: 403, body: { error: 'email-not-verified' } });
    expect((await call('setNotificationChoices', token, { paymentDue: 'yes' })).status).toBe(400);
  });

  it('send nothing without an opt-in, nor about a balance that was due before it', async () => {
    await setBalance(-30);
    await deltaSync();
    expect(await mailsTo(email)).toEqual([]);
    expect((await call('setNotificationChoices', token, { paymentDue: true, paymentReceived: true, cancellationConfirmed: true, language: 'de' })).status).toBe(200);
    await deltaSync();
    expect(await mailsTo(email)).toEqual([]);
  });

  it('send "payment due" once when the balance turns due, in the language chosen, with the amount and the transfer details', async () => {
    await setBalance(10);
    await deltaSync();
    await setBalance(-42.5);
    await deltaSync();
    await deltaSync();
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.message.subject).toBe('Familienportal: Eine Zahlung ist fällig');
    const text = mails[0]!.message.text.replace(/\u00a0/g, ' ');
    expect(text).toContain('42,50 €');
    expect(text).toContain('IBAN: DE89 3704 0044 0532 0130 00');
    // The stack's own app origin, which the emulated functions link to.
    expect(text).toContain(`Details im Portal ansehen: http://127.0.0.1:${PORTS.app}/`);
  });

  it('send "payment received" for a new incoming payment', async () => {
    await atSource(`http://127.0.0.1:${PORTS.appsheet}`, 'Add', 'Payments', [
      { 'Payment ID': 'P-NOTIFY-1', 'Member ID': memberId, Date: '2026-11-25', Amount: 42.5, 'Payment Type': 'Überweisung', Direction: 'Eingang' },
    ]);
    await deltaSync();
    const received = (await mailsTo(email)).filter((mail) => mail.message.subject === 'Familienportal: Zahlung eingegangen');
    expect(received).toHaveLength(1);
    expect(received[0]!.message.text).toContain('/transactions?transaction=P-NOTIFY-1');
  });

  it('confirm a cancellation request', async () => {
    expect((await call('cancelMembership', token, { cancellationReason: 'Umzug' })).status).toBe(200);
    const confirmations = (await mailsTo(email)).filter((mail) => mail.message.subject === 'Familienportal: Kündigungsantrag eingegangen');
    expect(confirmations).toHaveLength(1);
  });

  it('stop with one click on the link, without signing in; an altered link is refused', async () => {
    const [due] = (await mailsTo(email)).filter((mail) => mail.message.subject.includes('fällig'));
    const link = /\/unsubscribe\?token=([\w.-]+)/.exec(due!.message.text)![1]!;
    const altered = `${link.slice(0, 5)}${link[5] === 'A' ? 'B' : 'A'}${link.slice(6)}`;
    expect(await call('unsubscribe', null, { token: altered })).toMatchObject({ status: 400, body: { error: 'invalid-argument' } });
    expect(await call('unsubscribe', null, { token: link })).toMatchObject({ status: 200, body: { kind: 'paymentDue' } });
    expect((await call('getNotificationChoices', token, undefined, 'GET')).body.data).toMatchObject({ paymentDue: false, paymentReceived: true });
    const uid = (await auth.getUserByEmail(email)).uid;
    expect((await db.doc(`${NOTIFICATION_CHOICES}/${uid}`).get()).get('paymentDue')).toBe(false);
  });
});
