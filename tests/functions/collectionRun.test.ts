/**
 * The office's collection run through the Functions emulator and the AppSheet demo server: the
 * families a date collects from, the announcement (Direct Debits rows in AppSheet first, each
 * family's pre-notification), the same key answered with the first run, a family never in two
 * open runs, a revoked mandate left out, and the bank's file: valid against the DK's schema, the
 * same file when created again, the run filed and each mandate marked used.
 */
import { readFileSync } from 'node:fs';
import { addDays, earliestCollectionDate, nextBusinessDay } from '@family-portal/contract/collectionDates';
import { MAIL } from '@family-portal/contract';
import { validateXML } from 'xmllint-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { filter } from '../../functions/src/sync/appsheet/selector';
import { dayIn } from '../../functions/src/lib/timeZone';
import { runFullSync } from '../../functions/src/wiring/syncRuns';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { PORTS } from '../../tools/lib/stack';
import { functionUrl, signedUpAccount } from '../support/auth';
import { atSource } from '../support/appSheet';

const { db } = emulatorAdmin();
const appSheetUrl = `http://127.0.0.1:${PORTS.appsheet}`;
const appSheet = createAppSheetClient({ baseUrl: appSheetUrl, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY });
const ADMIN = 'collections.admin@example.com';
const OLGA = { memberId: 'M0002', mandate: 'MNDT-M0002-DEMO1' };
const XSD = readFileSync(new URL('../../functions/src/payments/fixtures/pain.008.001.08_GBIC_4.xsd', import.meta.url), 'utf8');

let adminToken = '';
let parentToken = '';
const today = dayIn(new Date(), 'Europe/Berlin');
const earliest = earliestCollectionDate(today, 14);
let original: { balance: string; revokedFamily: string; revokedBalance: string; secondFamily: string; secondBalance: string };

async function call(name: string, body: unknown, token = adminToken) {
  const response = await fetch(functionUrl(name), { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}
const memberRow = async (memberId: string) => (await appSheet.find('Members', filter('Members', `[Member ID] = "${memberId}"`)))[0] ?? {};
const debitRows = async (runId: string) => appSheet.find('Direct Debits', filter('Direct Debits', `[Run ID] = "${runId}"`));
const sync = async () => expect((await runFullSync({ db, appSheet }, { triggeredBy: 'manual' })).error).toBeNull();

beforeAll(async () => {
  await clearFirestore();
  await sync();
  const revoked = (await db.collection('mandates').where('status', '==', 'revoked').get()).docs[0];
  expect(revoked, 'the demo has a revoked mandate').toBeDefined();
  const revokedFamily = String(revoked?.get('memberId'));
  const second = (await db.collection('mandates').where('status', '==', 'active').get()).docs.find((doc) => doc.get('memberId') !== OLGA.memberId);
  expect(second, 'the demo has a second family paying by direct debit').toBeDefined();
  const secondFamily = String(second?.get('memberId'));
  original = {
    balance: String((await memberRow(OLGA.memberId)).Balance ?? ''),
    revokedFamily,
    revokedBalance: String((await memberRow(revokedFamily)).Balance ?? ''),
    secondFamily,
    secondBalance: String((await memberRow(secondFamily)).Balance ?? ''),
  };
  // Olga owes 123.45 € and a second family 20 €; the family whose mandate was revoked owes too,
  // and must not be collected from.
  await atSource(appSheetUrl, 'Edit', 'Members', [
    { 'Member ID': OLGA.memberId, Balance: '-123,45' },
    { 'Member ID': revokedFamily, Balance: '-50,00' },
    { 'Member ID': secondFamily, Balance: '-20,00' },
  ]);
  await sync();
  adminToken = (await signedUpAccount(ADMIN, { admin: true })).token;
  parentToken = (await signedUpAccount('olga.petrova@example.com')).token;
});

afterAll(async () => {
  // The demo school is shared by the suite: its balances, mandates and Direct Debits as before.
  await atSource(appSheetUrl, 'Edit', 'Members', [
    { 'Member ID': OLGA.memberId, Balance: original.balance },
    { 'Member ID': original.revokedFamily, Balance: original.revokedBalance },
    { 'Member ID': original.secondFamily, Balance: original.secondBalance },
  ]);
  const added = (await appSheet.find('Direct Debits')).map((row) => ({ 'End To End ID': row['End To End ID'] }));
  if (added.length > 0) await atSource(appSheetUrl, 'Delete', 'Direct Debits', added);
  await atSource(appSheetUrl, 'Edit', 'Mandates', [{ 'Mandate Reference': OLGA.mandate, Status: 'Aktiv', 'First Used': '', 'Last Used': '' }]);
  await clearFirestore();
});

describe('a collection run', () => {
  let runId = '';

  it('refuses a date sooner than the pre-notification period or on a closing day, naming the first possible one', async () => {
    const soon = await call('previewCollection', { collectionDate: nextBusinessDay(today) });
    expect(soon.status).toBe(400);
    expect(soon.body.message).toContain(`the first possible date is ${earliest}`);
    expect(soon.body.data).toEqual({ reason: 'too-soon', earliest, days: 14 });
    const saturday = await call('previewCollection', { collectionDate: '2027-05-01' });
    expect(saturday.status).toBe(400);
    expect(saturday.body.message).toContain('TARGET2 business day');
  });

  it('lists the families with an active mandate who owe money, with the amount in cents and the masked IBAN', async () => {
    const { status, body } = await call('previewCollection', { collectionDate: earliest });
    expect(status).toBe(200);
    expect(body.data.earliest).toBe(earliest);
    const olga = body.data.families.find((family: { memberId: string }) => family.memberId === OLGA.memberId);
    expect(olga).toEqual({ memberId: OLGA.memberId, name: 'Olga Petrova', amountCents: 12345, mandateReference: OLGA.mandate, ibanMasked: expect.stringMatching(/^DE•• /), openRunId: null });
    expect(body.data.families.map((family: { memberId: string }) => family.memberId)).not.toContain(original.revokedFamily);
  });

  it('refuses a parent, and a caller without a token', async () => {
    expect((await call('previewCollection', { collectionDate: earliest }, parentToken)).status).toBe(403);
    expect((await call('announceCollection', { collectionDate: earliest, purpose: 'x', leaveOut: [], idempotencyKey: 'parent-try-1' }, parentToken)).status).toBe(403);
    expect((await call('fileCollection', { runId: 'R1' }, '')).status).toBe(401);
  });

  it('announces: Direct Debits rows in AppSheet, the mirror, and one pre-notification per family; the same key answers the same run', async () => {
    // Olga reads her e-mails in Russian and turned every kind off: the pre-notification is a
    // legal notice, and goes in her language anyway, with a push to her devices.
    const choices = { paymentDue: false, paymentReceived: false, cancellationConfirmed: false, bookingDecided: false, notices: false, lessonCancelled: false, language: 'ru' };
    expect((await call('setNotificationChoices', choices, parentToken)).status).toBe(200);
    const mailsBefore = (await db.collection(MAIL).get()).size;
    const body = { collectionDate: earliest, purpose: 'Kursgebühren 2026 Q4', leaveOut: [], idempotencyKey: 'collection-run-test-1' };
    const first = await call('announceCollection', body);
    expect(first.status).toBe(200);
    runId = first.body.data.run.id;
    expect(first.body.data.run).toMatchObject({ status: 'announced', collectionDate: earliest, purpose: 'Kursgebühren 2026 Q4' });

    const rows = await debitRows(runId);
    expect(rows.length).toBe(first.body.data.run.debitCount);
    const olgas = rows.find((row) => row['Member ID'] === OLGA.memberId);
    expect(olgas).toMatchObject({ 'Mandate Reference': OLGA.mandate, Status: 'Angekündigt' });
    expect(Number(String(olgas?.Amount).replace(',', '.'))).toBe(123.45);
    const mirror = (await db.doc(`debits/${String(olgas?.['End To End ID'])}`).get()).data();
    expect(mirror).toMatchObject({ runId, memberId: OLGA.memberId, amount: 123.45, status: 'announced', collectionDate: earliest });

    const mails = (await db.collection(MAIL).get()).docs.filter((doc) => String(doc.get('message.subject')).includes('SEPA'));
    expect(mails.length).toBe((await db.collection(MAIL).get()).size - mailsBefore);
    const olgasMail = mails.find((doc) => doc.get('to') === 'olga.petrova@example.com');
    expect(olgasMail?.get('message.subject')).toBe('Уведомление о предстоящем списании SEPA');
    for (const fact of ['123,45\u00a0€', OLGA.mandate, 'DE98ZZZ09999999999']) expect(String(olgasMail?.get('message.text'))).toContain(fact);
    expect(olgasMail?.get('push')).toMatchObject({ kind: 'directDebitAnnounced', language: 'ru', title: 'Предстоящее списание', body: expect.stringContaining('123,45') });
    // The second family has no account: German, at its member address, without a push.
    const secondEmail = String((await memberRow(original.secondFamily)).Email);
    const secondMail = mails.find((doc) => doc.get('to') === secondEmail);
    expect(secondMail?.get('message.subject')).toBe('Vorabankündigung Ihrer SEPA-Lastschrift');
    expect(secondMail?.get('push')).toBeUndefined();

    const again = await call('announceCollection', body);
    expect(again.body.data.run).toEqual(first.body.data.run);
    expect((await db.collection(MAIL).get()).size).toBe(mails.length + mailsBefore);
  });

  it('keeps a family out of a second open run', async () => {
    const preview = await call('previewCollection', { collectionDate: nextBusinessDay(addDays(earliest, 7)) });
    const olga = preview.body.data.families.find((family: { memberId: string }) => family.memberId === OLGA.memberId);
    expect(olga.openRunId).toBe(runId);
    const second = await call('announceCollection', { collectionDate: earliest, purpose: 'Nochmal', leaveOut: [], idempotencyKey: 'collection-run-test-2' });
    expect(second.status).toBe(400);
    expect(second.body.message).toContain('No family is left');
  });

  it('takes a family that paid by transfer out of the announced run, which it may then join again', async () => {
    const before = (await call('previewCollection', { collectionDate: earliest })).body.data;
    const run = (await db.doc(`collection_runs/${runId}`).get()).data();
    expect(before.families.find((family: { memberId: string }) => family.memberId === original.secondFamily).openRunId).toBe(runId);
    const { status, body } = await call('removeFromCollection', { runId, memberId: original.secondFamily });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ memberId: original.secondFamily, status: 'withdrawn' });
    const row = (await debitRows(runId)).find((one) => one['Member ID'] === original.secondFamily);
    expect(row?.Status).toBe('Zurückgezogen');
    const after = (await call('previewCollection', { collectionDate: earliest })).body.data;
    expect(after.families.find((family: { memberId: string }) => family.memberId === original.secondFamily).openRunId).toBeNull();
    expect((await db.doc(`collection_runs/${runId}`).get()).data()).toMatchObject({ debitCount: run?.debitCount - 1, totalCents: run?.totalCents - 2000 });
  });

  it("creates the bank's file: valid against the DK's schema, the run filed, the mandate used; created again, the same file", async () => {
    const { status, body } = await call('fileCollection', { runId });
    expect(status).toBe(200);
    const xml = String(body.data.xml);
    const { errors } = await validateXML({ xml: [{ fileName: 'run.xml', contents: xml }], schema: [{ fileName: 'pain.008.001.08_GBIC_4.xsd', contents: XSD }] });
    expect(errors).toEqual([]);
    expect(xml).toContain('<MndtId>MNDT-M0002-DEMO1</MndtId>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">123.45</InstdAmt>');
    expect(xml).toContain('Kursgebuehren 2026 Q4, Familie Petrova, M0002');
    expect(xml).toContain(`<ReqdColltnDt>${earliest}</ReqdColltnDt>`);
    expect(body.data.run).toMatchObject({ status: 'filed' });
    const statuses = (await debitRows(runId)).map((row) => [row['Member ID'], row.Status]);
    expect(statuses.filter(([memberId]) => memberId !== original.secondFamily).every(([, word]) => word === 'Eingereicht')).toBe(true);
    expect(statuses).toContainEqual([original.secondFamily, 'Zurückgezogen']);
    const mandate = (await appSheet.find('Mandates', filter('Mandates', `[Mandate Reference] = "${OLGA.mandate}"`)))[0];
    expect(mandate?.['First Used']).toBeTruthy();

    expect(xml).not.toContain(`${original.secondFamily}</Ustrd>`);
    const again = await call('fileCollection', { runId });
    expect(again.body.data.xml).toBe(xml);
    expect((await call('removeFromCollection', { runId, memberId: OLGA.memberId })).status).toBe(409);
  });

  it('records a return; MD01 pauses the mandate until the family confirms it, and the family is collectable again', async () => {
    const olgas = String((await debitRows(runId)).find((row) => row['Member ID'] === OLGA.memberId)?.['End To End ID']);
    expect((await call('recordDebitReturn', { endToEndId: olgas, reason: 'md01' })).status).toBe(400);
    const { status, body } = await call('recordDebitReturn', { endToEndId: olgas, reason: 'MD01' });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ status: 'returned', returnReason: 'MD01' });
    expect((await debitRows(runId)).find((row) => row['Member ID'] === OLGA.memberId)).toMatchObject({ Status: 'Zurückgegeben', 'Return Reason': 'MD01' });
    expect((await appSheet.find('Mandates', filter('Mandates', `[Mandate Reference] = "${OLGA.mandate}"`)))[0]?.Status).toBe('Ausgesetzt');
    expect((await db.doc(`mandate_views/${OLGA.mandate}`).get()).get('status')).toBe('suspended');
    const paused = (await call('previewCollection', { collectionDate: earliest })).body.data.families;
    expect(paused.map((family: { memberId: string }) => family.memberId)).not.toContain(OLGA.memberId);

    const confirmed = await call('confirmMandate', { mandateReference: OLGA.mandate }, parentToken);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ id: OLGA.mandate, status: 'active' });
    const again = (await call('previewCollection', { collectionDate: earliest })).body.data.families;
    expect(again.find((family: { memberId: string }) => family.memberId === OLGA.memberId)).toMatchObject({ openRunId: null, amountCents: 12345 });
    expect((await call('confirmMandate', { mandateReference: OLGA.mandate }, parentToken)).status).toBe(409);
  });

  it('a return the office types in AppSheet reaches the family at the next sync; a refund claim (MD06) pauses the mandate too', async () => {
    const olgas = String((await debitRows(runId)).find((row) => row['Member ID'] === OLGA.memberId)?.['End To End ID']);
    await atSource(appSheetUrl, 'Edit', 'Direct Debits', [{ 'End To End ID': olgas, 'Return Reason': 'AM04' }]);
    await sync();
    expect((await db.doc(`debits/${olgas}`).get()).get('returnReason')).toBe('AM04');
    expect((await db.doc(`mandate_views/${OLGA.mandate}`).get()).get('status')).toBe('active');
    await atSource(appSheetUrl, 'Edit', 'Direct Debits', [{ 'End To End ID': olgas, 'Return Reason': 'MD06' }]);
    await sync();
    expect((await appSheet.find('Mandates', filter('Mandates', `[Mandate Reference] = "${OLGA.mandate}"`)))[0]?.Status).toBe('Ausgesetzt');
    expect((await db.doc(`mandate_views/${OLGA.mandate}`).get()).get('status')).toBe('suspended');
    // Confirmed again, it stays active at the next run: the row did not change since.
    expect((await call('confirmMandate', { mandateReference: OLGA.mandate }, parentToken)).status).toBe(200);
    await sync();
    expect((await db.doc(`mandate_views/${OLGA.mandate}`).get()).get('status')).toBe('active');
  });
});
