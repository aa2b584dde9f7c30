/**
 * A family's direct debit mandate through the Functions emulator and the AppSheet demo server:
 * given, retried, replaced and revoked, AppSheet first and then Firestore's two copies (the full
 * IBAN only where no client reads it), the confirmation e-mail in the parent's language; every
 * refusal (bad input, an old sign-in, a former member, another family's mandate, a school without
 * direct debit, AppSheet down, slow or answering late) changes nothing.
 */
import { MAIL, mandateViewSchema, type GiveMandateBody } from '@family-portal/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { giveMandate } from '../../functions/src/payments/giveMandate';
import { createAppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { filter } from '../../functions/src/sync/appsheet/selector';
import { runFullSync } from '../../functions/src/wiring/syncRuns';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { PORTS } from '../../tools/lib/stack';
import { backdateAccount, craftedToken, functionUrl, signedUpAccount } from '../support/auth';
import { atSource } from '../support/appSheet';

const { db } = emulatorAdmin();
const appSheetUrl = `http://127.0.0.1:${PORTS.appsheet}`;
const appSheet = createAppSheetClient({ baseUrl: appSheetUrl, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY, attempts: 2, backoffMs: 20 });
const CREDITOR_ID = 'DE98ZZZ09999999999';
const TABLE = 'Mandates';
const ANNA = { memberId: 'M0001', email: 'anna.mueller@example.com' };
const OLGAS = 'MNDT-M0002-DEMO1';
const GERMAN_IBAN = 'DE89 3704 0044 0532 0130 00';
const OTHER_IBAN = 'DE02500105170137075030';

let annaToken = '';
let annaUid = '';
let attempts = 0;
/** A new form's attempt id, as the web app makes one when the form opens. */
const attempt = () => `test${String(Date.now())}${String((attempts += 1)).padStart(4, '0')}`;
const form = (overrides: Partial<GiveMandateBody> = {}): GiveMandateBody => ({
  attempt: attempt(),
  accountHolder: 'Anna Müller',
  iban: GERMAN_IBAN,
  agreed: true,
  language: 'de',
  ...overrides,
});

async function call(name: string, token: string, body: unknown) {
  const response = await fetch(functionUrl(name), { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}
const setFault = (fault: string | null, times?: number) =>
  fetch(`${appSheetUrl}/__demo/faults/${encodeURIComponent(TABLE)}`, { method: 'PUT', body: JSON.stringify({ fault, times }) });
/** The family's rows as the office sees them in AppSheet. */
const rowsOf = async (memberId: string) => (await appSheet.find(TABLE, filter(TABLE, `[Member ID] = "${memberId}"`))).map((row) => ({ reference: row['Mandate Reference'], iban: row.IBAN, status: row.Status }));
const firestoreState = async () => ({
  mandates: (await db.collection('mandates').get()).docs.map((doc) => [doc.id, doc.get('status')]),
  views: (await db.collection('mandate_views').get()).docs.map((doc) => [doc.id, doc.get('status')]),
  mails: (await db.collection(MAIL).get()).size,
});
const view = async (reference: string) => mandateViewSchema.parse((await db.doc(`mandate_views/${reference}`).get()).data());

beforeAll(async () => {
  await clearFirestore();
  expect((await runFullSync({ db, appSheet }, { triggeredBy: 'manual' })).error).toBeNull();
  ({ token: annaToken, uid: annaUid } = await signedUpAccount(ANNA.email));
});
afterEach(() => setFault(null));
afterAll(async () => {
  // The demo school is shared by the suite: Anna's mandates go, Olga's is as before.
  const added = (await rowsOf(ANNA.memberId)).map(({ reference }) => ({ 'Mandate Reference': reference }));
  if (added.length > 0) await atSource(appSheetUrl, 'Delete', TABLE, added);
  await atSource(appSheetUrl, 'Edit', TABLE, [{ 'Mandate Reference': OLGAS, Status: 'Aktiv', 'Revoked At': '' }]);
  await clearFirestore();
});

describe('giving, changing and stopping a mandate', () => {
  it('records a new mandate in AppSheet, shows the family its masked copy and confirms it by e-mail in German', async () => {
    const { status, body } = await call('giveMandate', annaToken, form());
    expect(status).toBe(200);
    const reference: string = body.data.id;
    expect(reference).toMatch(/^MNDT-M0001-TEST/);
    expect(body.data).toMatchObject({ memberId: 'M0001', accountHolder: 'Anna Müller', ibanMasked: 'DE•• •••• •••• •••• ••30 00', status: 'active', signedBy: ANNA.email, bic: null });
    expect(JSON.stringify(body)).not.toContain('DE89370400440532013000');
    expect(await rowsOf(ANNA.memberId)).toEqual([{ reference, iban: 'DE89370400440532013000', status: 'Aktiv' }]);
    expect((await db.doc(`mandates/${reference}`).get()).get('iban')).toBe('DE89370400440532013000');
    expect(await view(reference)).toEqual(body.data);

    const mails = (await db.collection(MAIL).where('to', '==', ANNA.email).get()).docs.map((doc) => doc.data());
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ uid: annaUid, message: { subject: 'Ihr SEPA-Lastschriftmandat' } });
    const text: string = mails[0]!.message.text;
    for (const part of [reference, CREDITOR_ID, 'Schulverein Lindenhof e.V.', 'DE•• •••• •••• •••• ••30 00', 'innerhalb von acht Wochen']) expect(text).toContain(part);
    expect(text).not.toContain('DE89370400440532013000');
  });

  it('gives one mandate, not two, when the same form is sent again after a lost answer', async () => {
    const sent = form();
    const first = await call('giveMandate', annaToken, sent);
    const again = await call('giveMandate', annaToken, sent);
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect((await rowsOf(ANNA.memberId)).filter(({ reference }) => reference === first.body.data.id)).toHaveLength(1);
    // The form's attempt with another account is someone else's form: refused.
    expect(await call('giveMandate', annaToken, { ...sent, iban: OTHER_IBAN })).toMatchObject({ status: 409, body: { error: 'conflict' } });
  });

  it('replaces the active mandate with a new one for another account, keeping one active mandate', async () => {
    const before = (await rowsOf(ANNA.memberId)).filter(({ status }) => status === 'Aktiv');
    expect(before).toHaveLength(1);
    const { status, body } = await call('giveMandate', annaToken, form({ iban: OTHER_IBAN }));
    expect(status).toBe(200);
    const rows = await rowsOf(ANNA.memberId);
    expect(rows.filter(({ status: word }) => word === 'Aktiv')).toEqual([{ reference: body.data.id, iban: OTHER_IBAN, status: 'Aktiv' }]);
    expect(rows.find(({ reference }) => reference === before[0]!.reference)?.status).toBe('Ersetzt');
    expect(await view(String(before[0]!.reference))).toMatchObject({ status: 'replaced', revokedAt: expect.any(String) });
    const mail = (await db.collection(MAIL).where('to', '==', ANNA.email).get()).docs.map((doc) => doc.data().message.text as string);
    expect(mail.some((text) => text.includes(`Es ersetzt das Mandat ${String(before[0]!.reference)}`))).toBe(true);
  });

  it('stops the direct debit, answers a retry as done, and refuses a replaced mandate and another family\'s', async () => {
    const active = (await rowsOf(ANNA.memberId)).find(({ status }) => status === 'Aktiv')!;
    const replaced = (await rowsOf(ANNA.memberId)).find(({ status }) => status === 'Ersetzt')!;
    const stop = { mandateReference: active.reference, language: 'en' };
    const { status, body } = await call('revokeMandate', annaToken, stop);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: active.reference, status: 'revoked', revokedAt: expect.any(String) });
    expect((await rowsOf(ANNA.memberId)).find(({ reference }) => reference === active.reference)?.status).toBe('Widerrufen');
    expect(await view(String(active.reference))).toMatchObject({ status: 'revoked' });
    const mails = (await db.collection(MAIL).where('message.subject', '==', 'Your SEPA direct debit has been stopped').get()).docs;
    expect(mails.map((doc) => doc.get('to'))).toEqual([ANNA.email]);

    expect(await call('revokeMandate', annaToken, stop)).toMatchObject({ status: 200, body: { data: { status: 'revoked' } } });
    expect(await call('revokeMandate', annaToken, { mandateReference: replaced.reference, language: 'en' })).toMatchObject({ status: 409, body: { error: 'mandate-replaced' } });
    expect(await call('revokeMandate', annaToken, { mandateReference: OLGAS, language: 'en' })).toMatchObject({ status: 404, body: { error: 'not-found' } });
    expect((await rowsOf('M0002')).find(({ reference }) => reference === OLGAS)?.status).toBe('Aktiv');
  });
});

describe('refusals change nothing', () => {
  // Each refusal counts against the endpoint's per-account limit (10 a minute): fresh counters here.
  beforeEach(async () => {
    const counters = await db.collection('rate_limits').get();
    await Promise.all(counters.docs.map((doc) => doc.ref.delete()));
  });

  const unchanged = async (attemptIt: () => Promise<unknown>) => {
    const before = { rows: await rowsOf(ANNA.memberId), firestore: await firestoreState() };
    await attemptIt();
    expect({ rows: await rowsOf(ANNA.memberId), firestore: await firestoreState() }).toEqual(before);
  };

  it.each([
    ['a wrong check digit', { iban: 'DE88 3704 0044 0532 0130 00' }, 400, 'iban-invalid'],
    ['a country outside SEPA', { iban: 'BR1800360305000010009795493C1' }, 400, 'iban-not-sepa'],
    ['a Swiss account without its BIC', { iban: 'CH9300762011623852957' }, 400, 'bic-required'],
    ['an empty account holder', { accountHolder: '  ' }, 400, 'invalid-argument'],
    ['a 71-character account holder', { accountHolder: 'A'.repeat(71) }, 400, 'invalid-argument'],
    ['markup in the account holder', { accountHolder: '<img src=x onerror=alert(1)>' }, 400, 'invalid-argument'],
    ['the box not ticked', { agreed: false }, 400, 'invalid-argument'],
    ['a member id in the body', { memberId: 'M0002' }, 400, 'invalid-argument'],
  ])('refuses %s', async (_what, overrides, status, error) => {
    await unchanged(async () => expect(await call('giveMandate', annaToken, { ...form(), ...overrides })).toMatchObject({ status, body: { error } }));
  });

  it('asks for the password again when the sign-in is older than five minutes', async () => {
    // The account's tokens count from an hour ago: a sign-in six minutes ago is old, not revoked.
    await backdateAccount(annaUid, 60 * 60);
    const stale = craftedToken({ sub: annaUid, user_id: annaUid, email: ANNA.email, auth_time: Math.floor(Date.now() / 1000) - 6 * 60 });
    await unchanged(async () => expect(await call('giveMandate', stale, form())).toMatchObject({ status: 401, body: { error: 'recent-sign-in-required' } }));
  });

  it('refuses a mandate from a former member, who may still stop the one it gave', async () => {
    // As the sync leaves a family whose membership the office ended: indexed, no longer active.
    const former = db.doc('members/M0004');
    const { given } = await giveMandate({ db, appSheet, creditorId: CREDITOR_ID }, { email: 'former@example.com' }, await former.get(), form());
    await former.update({ status: 'inactive' });
    try {
      const { token } = await signedUpAccount(String((await former.get()).get('primaryEmail')));
      await unchanged(async () => expect(await call('giveMandate', token, form())).toMatchObject({ status: 403, body: { error: 'membership-ended' } }));
      expect(await call('revokeMandate', token, { mandateReference: given.id, language: 'de' })).toMatchObject({ status: 200, body: { data: { id: given.id, status: 'revoked' } } });
      expect((await rowsOf('M0004')).find(({ reference }) => reference === given.id)?.status).toBe('Widerrufen');
    } finally {
      await former.update({ status: 'active' });
      await atSource(appSheetUrl, 'Delete', TABLE, [{ 'Mandate Reference': given.id }]);
    }
  });

  it('refuses when the school offers no direct debit', async () => {
    await db.doc('direct_debit/school').set({ offered: false });
    try {
      await unchanged(async () => expect(await call('giveMandate', annaToken, form())).toMatchObject({ status: 409, body: { error: 'direct-debit-not-offered' } }));
    } finally {
      await db.doc('direct_debit/school').set({ offered: true });
    }
  });
});

describe('AppSheet down, slow or answering late', () => {
  const member = async () => db.doc(`members/${ANNA.memberId}`).get();
  const deps = (client = appSheet) => ({ db, appSheet: client, creditorId: CREDITOR_ID });

  it('writes nothing when AppSheet is down', async () => {
    const before = { rows: await rowsOf(ANNA.memberId), firestore: await firestoreState() };
    await setFault('error');
    await expect(giveMandate(deps(), ANNA, await member(), form())).rejects.toMatchObject({ code: 'appsheet-failed' });
    await setFault(null);
    expect({ rows: await rowsOf(ANNA.memberId), firestore: await firestoreState() }).toEqual(before);
  });

  it('writes nothing when AppSheet does not answer in time', async () => {
    const impatient = createAppSheetClient({ baseUrl: appSheetUrl, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY, attempts: 1, timeoutMs: 300 });
    const before = { rows: await rowsOf(ANNA.memberId), firestore: await firestoreState() };
    await setFault('hang');
    await expect(giveMandate(deps(impatient), ANNA, await member(), form())).rejects.toMatchObject({ code: 'appsheet-failed' });
    await setFault(null);
    expect({ rows: await rowsOf(ANNA.memberId), firestore: await firestoreState() }).toEqual(before);
  });

  it('finds the row AppSheet wrote though its answer was lost, and gives one mandate', async () => {
    await setFault('lost-answer', 1);
    const { given } = await giveMandate(deps(), ANNA, await member(), form());
    expect(given).toMatchObject({ status: 'active', ibanMasked: 'DE•• •••• •••• •••• ••30 00' });
    expect((await rowsOf(ANNA.memberId)).filter(({ status }) => status === 'Aktiv')).toEqual([{ reference: given.id, iban: 'DE89370400440532013000', status: 'Aktiv' }]);
    expect(await view(given.id)).toEqual(given);
  });
});
