/**
 * updateMemberData and cancelMembership through the Functions emulator: AppSheet first, then
 * Firestore; only the caller's own record; bad input and AppSheet failures change nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { runFullSync } from '../../functions/src/wiring/syncRuns';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { PORTS } from '../../tools/lib/stack';
import { craftedToken, createAccount, functionUrl, idTokenFor } from '../support/auth';
import { atSource } from '../support/appSheet';

const { db } = emulatorAdmin();
const appSheetUrl = `http://127.0.0.1:${PORTS.appsheet}`;
const appSheet = createAppSheetClient({ baseUrl: appSheetUrl, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY });
let ownToken: string;
let otherEmail: string;

async function post(name: string, body: unknown, token: string | null = ownToken) {
  const response = await fetch(functionUrl(name), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const stored = async (id: string) => (await db.doc(`members/${id}`).get()).data() ?? {};
const inAppSheet = async (id: string) => (await appSheet.find('Members', `Filter(Members, [Member ID] = "${id}")`))[0] ?? {};
const setFault = (fault: string | null) => fetch(`${appSheetUrl}/__demo/faults/Members`, { method: 'PUT', body: JSON.stringify({ fault }) });

beforeAll(async () => {
  await clearFirestore();
  await setFault(null);
  const sync = await runFullSync({ db, appSheet }, { triggeredBy: 'manual' });
  expect(sync.status).toBe('success');
  const ownEmail = (await stored('M0004')).primaryEmail as string;
  otherEmail = (await stored('M0005')).primaryEmail as string;
  await createAccount(ownEmail);
  ownToken = await idTokenFor(ownEmail);
});
beforeEach(() => setFault(null));
afterAll(() => setFault(null));

describe('updateMemberData', () => {
  it("changes the caller's own record in AppSheet and Firestore, and a full sync keeps it", async () => {
    const other = await stored('M0005');
    const { status, body } = await post('updateMemberData', { updates: { phone: ' +49 30 5550101 ', address: 'Neue Straße 1, 10115 Berlin', secondaryName: '' } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, data: { id: 'M0004', phone: '+49 30 5550101', address: 'Neue Straße 1, 10115 Berlin', secondaryName: null } });
    expect(await stored('M0004')).toMatchObject({ phone: '+49 30 5550101', address: 'Neue Straße 1, 10115 Berlin', secondaryName: null });
    expect(await inAppSheet('M0004')).toMatchObject({ Phone: '+49 30 5550101', Address: 'Neue Straße 1, 10115 Berlin', 'Secondary Name': '' });
    expect(await stored('M0005')).toEqual(other);

    const sync = await runFullSync({ db, appSheet }, { triggeredBy: 'manual' });
    expect(sync.tables.members.written).toBe(0);
    expect((await stored('M0004')).phone).toBe('+49 30 5550101');
  });

  it.each([
    ['no updates', {}],
    ['empty updates', { updates: {} }],
    ['a blank primary name', { updates: { primaryName: '   ' } }],
    ['the e-mail', { updates: { primaryEmail: 'new@example.com' } }],
    ['another member', { updates: { phone: '1' }, memberId: 'M0005' }],
    ['a number', { updates: { phone: 12345 } }],
    ['an oversized address', { updates: { address: 'x'.repeat(201) } }],
  ])('answers 400 to %s and writes nothing', async (_what, body) => {
    const before = [await stored('M0004'), await inAppSheet('M0004'), await stored('M0005')];
    const answer = await post('updateMemberData', body);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('invalid-argument');
    expect([await stored('M0004'), await inAppSheet('M0004'), await stored('M0005')]).toEqual(before);
  });

  it.each([
    ['no token', null],
    ['a forged token', craftedToken({ sub: 'ghost', user_id: 'ghost', email: 'whoever@example.com' })],
  ])('refuses %s and changes nothing', async (_what, token) => {
    const before = await stored('M0004');
    expect((await post('updateMemberData', { updates: { phone: '0' } }, token)).status).toBe(401);
    expect(await stored('M0004')).toEqual(before);
  });

  it("uses the token's member, so another member's token changes only that member", async () => {
    await createAccount(otherEmail);
    const otherToken = await idTokenFor(otherEmail);
    const mine = await stored('M0004');
    const { status, body } = await post('updateMemberData', { updates: { phone2: '+49 30 7777' } }, otherToken);
    expect(status).toBe(200);
    expect(body.data.id).toBe('M0005');
    expect(await stored('M0004')).toEqual(mine);
  });

  it('answers 502 when AppSheet is down, and changes nothing', async () => {
    const before = [await stored('M0004'), await inAppSheet('M0004')];
    await setFault('error');
    const { status, body } = await post('updateMemberData', { updates: { phone: '+49 1' } });
    expect(status).toBe(502);
    expect(body).toEqual({ error: 'appsheet-failed', message: expect.stringContaining('Nothing was changed') });
    await setFault(null);
    expect([await stored('M0004'), await inAppSheet('M0004')]).toEqual(before);
  });
});

describe('cancelMembership', () => {
  it('records the request with its time and trimmed reason in AppSheet and Firestore, once', async () => {
    const started = Date.now();
    const { status, body } = await post('cancelMembership', { cancellationReason: '  Umzug nach Hamburg ' });
    expect(status).toBe(200);
    expect(body.message).toMatch(/cancellation request has been recorded/);
    const member = await stored('M0004');
    expect(member).toMatchObject({ cancellationRequested: true, cancellationReason: 'Umzug nach Hamburg' });
    expect(Date.parse(member.cancellationRequestedAt)).toBeGreaterThanOrEqual(Math.floor(started / 1000) * 1000 - 1000);
    expect(await inAppSheet('M0004')).toMatchObject({ 'Cancellation Requested': 'Y', 'Cancellation Reason': 'Umzug nach Hamburg' });

    const again = await post('cancelMembership', {});
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('already-requested');
  });

  it("refuses an already cancelled membership with 'already cancelled'", async () => {
    await appSheet.edit('Members', [{ 'Member ID': 'M0005', 'Member Until': '31.03.2027' }]);
    await runFullSync({ db, appSheet }, { triggeredBy: 'manual' });
    const token = await idTokenFor(otherEmail);
    const { status, body } = await post('cancelMembership', { cancellationReason: 'x' }, token);
    expect(status).toBe(409);
    expect(body.message).toContain('already cancelled');
  });

  it('answers 400 to unknown fields and 401 without a token', async () => {
    expect((await post('cancelMembership', { reason: 'typo' })).status).toBe(400);
    expect((await post('cancelMembership', {}, null)).status).toBe(401);
  });
});

describe('a caller the member index does not name', () => {
  const sync = async () => {
    const log = await runFullSync({ db, appSheet }, { triggeredBy: 'manual' });
    expect(log.error).toBeNull();
    return log;
  };
  /** Everything a refused call must leave alone, here and in AppSheet. */
  const snapshot = (ids: string[]) => Promise.all(ids.flatMap((id) => [stored(id), inAppSheet(id)]));

  async function expectRefused(token: string, ids: string[]) {
    const before = await snapshot(ids);
    for (const [name, body] of [
      ['updateMemberData', { updates: { phone: '+49 30 0000' } }],
      ['cancelMembership', { cancellationReason: 'probe' }],
    ] as const) {
      const answer = await post(name, body, token);
      expect(answer, name).toEqual({ status: 404, body: { error: 'not-a-member', message: expect.stringContaining('contact the school office') } });
    }
    expect(await snapshot(ids)).toEqual(before);
  }

  it('two member rows with one e-mail: both parents are refused, nothing is written or sent; the fix restores both', async () => {
    const twinEmail = (await stored('M0006')).primaryEmail as string;
    await createAccount(twinEmail);
    const twinToken = await idTokenFor(twinEmail);
    const otherToken = await idTokenFor(otherEmail);
    // The office types M0005's address into M0006's row, in other letter case.
    await appSheet.edit('Members', [{ 'Member ID': 'M0006', Email: otherEmail.toUpperCase() }]);
    try {
      const log = await sync();
      expect(log.rowErrors).toEqual(
        expect.arrayContaining([
          { table: 'members', key: 'M0005', reason: expect.stringContaining('M0005, M0006') },
          { table: 'members', key: 'M0006', reason: expect.stringContaining('M0005, M0006') },
        ]),
      );
      // The holder of the shared address, and the parent whose address vanished from the rows.
      await expectRefused(otherToken, ['M0005', 'M0006']);
      await expectRefused(twinToken, ['M0005', 'M0006']);
    } finally {
      await appSheet.edit('Members', [{ 'Member ID': 'M0006', Email: twinEmail }]);
      await sync();
    }
    for (const [token, id] of [[otherToken, 'M0005'], [twinToken, 'M0006']] as const) {
      const answer = await post('updateMemberData', { updates: { phone2: '+49 30 1212' } }, token);
      expect(answer.status).toBe(200);
      expect(answer.body.data.id).toBe(id);
    }
  });

  it('a member whose row was deleted is refused after the next sync, and the index no longer names it', async () => {
    const [row] = await appSheet.find('Members', 'Filter(Members, [Member ID] = "M0007")');
    const email = (await stored('M0007')).primaryEmail as string;
    await createAccount(email);
    const token = await idTokenFor(email);
    expect((await post('updateMemberData', { updates: { phone2: '+49 30 3434' } }, token)).status).toBe(200);

    await atSource(appSheetUrl, 'Delete', 'Members', [{ 'Member ID': 'M0007' }]);
    try {
      await sync();
      expect((await db.doc(`member_emails/${email}`).get()).exists).toBe(false);
      await expectRefused(token, []);
      expect((await db.doc('members/M0007').get()).exists).toBe(false);
    } finally {
      const { _RowNumber, ...values } = row ?? {};
      await atSource(appSheetUrl, 'Add', 'Members', [values]);
      await sync();
    }
    expect((await post('updateMemberData', { updates: { phone2: '+49 30 5656' } }, token)).status).toBe(200);
  });
});
