/**
 * Every endpoint a member calls holds under abuse: the 11th call of an account in a minute is
 * refused with HTTP 429 and Retry-After and changes nothing, while another account is still
 * served; the unsubscribe endpoints, which need no sign-in, are limited per client address. And
 * the one-click unsubscribe of mail programs (RFC 8058): a POST of List-Unsubscribe=One-Click to
 * the header's address turns the kind off, a GET changes nothing.
 */
import { MAIL, NOTIFICATION_CHOICES } from '@family-portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { runFullSync } from '../../functions/src/wiring/syncRuns';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { enforceKeyedLimit } from '../../functions/src/http/rateLimit';
import { unsubscribeToken } from '../../functions/src/notifications/unsubscribeToken';
import { DEMO_NOTIFICATION_LINK_KEY, PORTS } from '../../tools/lib/stack';
import { backdateAccount, createAccount, craftedToken, functionUrl, idTokenFor } from '../support/auth';

const { db, auth } = emulatorAdmin();
const appSheet = createAppSheetClient({ baseUrl: `http://127.0.0.1:${PORTS.appsheet}`, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY });
const LIMIT = 10;
const CHOICES = { paymentDue: true, paymentReceived: true, cancellationConfirmed: false, language: 'de' };

interface Call {
  method?: 'GET' | 'POST';
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  query?: string;
}

async function call(name: string, { method = 'POST', body, token, headers = {}, query = '' }: Call) {
  const response = await fetch(functionUrl(name, query), {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(method === 'POST' && typeof body !== 'string' ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: method === 'POST' ? (typeof body === 'string' ? body : JSON.stringify(body ?? {})) : undefined,
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Record<string, any> };
}

/** Waits until at least this much of the current minute is left, so that a burst stays in one window. */
async function withinOneMinute(secondsNeeded = 8) {
  while (60 - (Date.now() / 1000) % 60 < secondsNeeded) await new Promise((resolve) => setTimeout(resolve, 250));
}

/** Ten calls that the endpoint answers (whatever it answers), then the 11th, which must be refused. */
async function eleventh(name: string, first: Call, last: Call = first) {
  await withinOneMinute();
  const answers = [];
  for (let n = 0; n < LIMIT; n++) answers.push(await call(name, first));
  expect(answers.map((answer) => answer.status)).not.toContain(429);
  const refused = await call(name, last);
  expect(refused.status).toBe(429);
  expect(refused.body.error).toBe('resource-exhausted');
  expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
  expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
  return { answered: answers[0]!, refused };
}

let memberId = '';
let email = '';
let otherEmail = '';
let otherMemberId = '';
let uid = '';
const memberDoc = async () => (await db.doc(`members/${memberId}`).get()).data();
const inAppSheet = async () => (await appSheet.find('Members', `Filter(Members, [Member ID] = "${memberId}")`))[0];

beforeAll(async () => {
  await clearFirestore();
  expect((await runFullSync({ db, appSheet }, { triggeredBy: 'manual' })).error).toBeNull();
  const active = (await db.collection('members').where('status', '==', 'active').get()).docs.filter((doc) => !doc.get('cancellationRequested') && !doc.get('membershipEndsAt'));
  const [member, other] = active.filter((doc) => doc.id >= 'M0011');
  memberId = member!.id;
  email = member!.get('primaryEmail');
  otherEmail = other!.get('primaryEmail');
  otherMemberId = other!.id;
  uid = (await createAccount(email)).uid;
  await createAccount(otherEmail);
});
afterAll(async () => {
  await appSheet.edit('Members', [{ 'Member ID': otherMemberId, 'Cancellation Requested': 'N', 'Cancellation Requested At': '', 'Cancellation Reason': '' }]);
  await clearFirestore();
});

describe('per-account limits on the member endpoints', () => {
  it('updateMemberData: the 11th call changes neither AppSheet nor Firestore', async () => {
    const token = await idTokenFor(email);
    const [firestoreBefore, appSheetBefore] = [await memberDoc(), await inAppSheet()];
    await eleventh('updateMemberData', { token, body: { updates: { phone: 12 } } }, { token, body: { updates: { phone: '+49 30 1234567' } } });
    expect(await memberDoc()).toEqual(firestoreBefore);
    expect(await inAppSheet()).toEqual(appSheetBefore);
  });

  it('cancelMembership: the 11th call records no cancellation', async () => {
    const token = await idTokenFor(email);
    await eleventh('cancelMembership', { token, body: { cancellationReason: 5 } }, { token, body: {} });
    expect((await memberDoc())?.cancellationRequested).toBe(false);
    expect((await inAppSheet())?.['Cancellation Requested']).not.toBe('Y');
  });

  it('setNotificationChoices: the 11th call stores nothing', async () => {
    const token = await idTokenFor(email);
    await eleventh('setNotificationChoices', { token, body: { paymentDue: 'yes' } }, { token, body: CHOICES });
    expect((await db.doc(`${NOTIFICATION_CHOICES}/${uid}`).get()).exists).toBe(false);
  });

  it('getNotificationChoices and exportMyData: the 11th call is refused', async () => {
    const token = await idTokenFor(email);
    await eleventh('getNotificationChoices', { method: 'GET', token });
    await eleventh('exportMyData', { method: 'GET', token });
  });

  it('deleteMyAccount: the 11th call deletes nothing', async () => {
    await backdateAccount(uid, 60 * 60);
    const stale = craftedToken({ sub: uid, user_id: uid, email, auth_time: Math.floor(Date.now() / 1000) - 600 });
    // Refused for the old sign-in, and counted all the same.
    const { answered } = await eleventh('deleteMyAccount', { token: stale }, { token: await idTokenFor(email) });
    expect(answered.body.error).toBe('recent-sign-in-required');
    expect((await auth.getUser(uid)).email).toBe(email);
  });

  it('another account is still served', async () => {
    const token = await idTokenFor(otherEmail);
    expect((await call('getNotificationChoices', { method: 'GET', token })).status).toBe(200);
    expect((await call('setNotificationChoices', { token, body: CHOICES })).status).toBe(200);
  });
});

describe('unsubscribing, without signing in', () => {
  const from = (address: string) => ({ 'X-Forwarded-For': address });

  it("is limited per link, not per address: a mail provider's server unsubscribes many families, one link gets five tries", async () => {
    const link = (uid: string) => unsubscribeToken({ uid, kind: 'paymentDue' }, DEMO_NOTIFICATION_LINK_KEY);
    await withinOneMinute(15);
    // One server of a mail provider, after a mass mailing: twelve families' links, all served.
    const provider = from('203.0.113.25');
    const many = [];
    for (let n = 0; n < 12; n++) many.push((await call('unsubscribe', { body: { token: link(`family-${n}`) }, headers: provider })).status);
    expect(many).toEqual(Array(12).fill(200));
    // One link, from ever new addresses: the sixth try in a minute is refused.
    const one = [];
    for (let n = 0; n < 5; n++) one.push((await call('unsubscribe', { body: { token: link('one-family') }, headers: from(`198.51.100.${40 + n}`) })).status);
    expect(one).toEqual(Array(5).fill(200));
    const refused = await call('unsubscribe', { body: { token: link('one-family') }, headers: from('198.51.100.60') });
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    // An altered link is refused before anything is counted: its first try and its twentieth alike.
    const altered = [];
    for (let n = 0; n < 20; n++) altered.push((await call('unsubscribe', { body: { token: `${link('one-family')}x` }, headers: provider })).status);
    expect(altered).toEqual(Array(20).fill(400));
  });

  it('keeps a ceiling across all links together', async () => {
    const limit = { scope: 'ceiling-check', perKeyPerMinute: 5, globalPerMinute: 3 };
    await withinOneMinute();
    for (const key of ['link-a', 'link-b', 'link-c']) await enforceKeyedLimit(db, limit, key);
    await expect(enforceKeyedLimit(db, limit, 'link-d')).rejects.toMatchObject({ code: 'resource-exhausted' });
  });

  it("with one click in the mail program: the header's address takes a POST of List-Unsubscribe=One-Click; a GET changes nothing", async () => {
    const token = await idTokenFor(otherEmail);
    const otherUid = (await auth.getUserByEmail(otherEmail)).uid;
    // A cancellation request with its confirmation turned on: one e-mail to read the header from.
    expect((await call('setNotificationChoices', { token, body: { ...CHOICES, cancellationConfirmed: true } })).status).toBe(200);
    expect((await call('cancelMembership', { token, body: {} })).status).toBe(200);
    const mail = (await db.collection(MAIL).where('uid', '==', otherUid).get()).docs[0];
    expect(mail).toBeDefined();
    const headers = mail!.get('headers') as Record<string, string>;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const target = /^<(https?:\/\/[^>]+)>$/.exec(headers['List-Unsubscribe']!)![1]!;
    expect(target).toContain('/unsubscribeOneClick?token=');
    const query = new URL(target).search;

    const opened = await fetch(functionUrl('unsubscribeOneClick', query));
    expect(opened.status).toBe(405);
    expect((await db.doc(`${NOTIFICATION_CHOICES}/${otherUid}`).get()).get('cancellationConfirmed')).toBe(true);
    const wrongBody = await call('unsubscribeOneClick', { query, body: 'List-Unsubscribe=Maybe', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(wrongBody.status).toBe(400);
    expect((await db.doc(`${NOTIFICATION_CHOICES}/${otherUid}`).get()).get('cancellationConfirmed')).toBe(true);

    const clicked = await call('unsubscribeOneClick', { query, body: 'List-Unsubscribe=One-Click', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(clicked).toMatchObject({ status: 200, body: { kind: 'cancellationConfirmed' } });
    const choices = (await db.doc(`${NOTIFICATION_CHOICES}/${otherUid}`).get()).data();
    expect(choices).toMatchObject({ cancellationConfirmed: false, paymentDue: true });
  });
});
