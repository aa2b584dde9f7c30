/**
 * The office's console beyond the sync, through the emulated functions: the accounts overview on
 * a school with verified, unverified, missing and refused accounts; invitations only to those who
 * may get one, and no more than the day allows (also across midnight, with a stubbed clock); an
 * unverified account taken over by the invited member through the password reset; a family's
 * view and each CSV download in the audit log, paged; and nothing of it for a parent or for an
 * admin whose record is inactive.
 */
import { ADMIN_AUDIT, AUDIT_LOG_LENGTH, INVITATIONS, MAIL, MEMBER_EMAIL_DUPLICATES, MEMBER_EMAILS, NOTIFICATION_CHOICES } from '@family-portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inviteMembers } from '../../functions/src/office/invitations';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { EMULATOR_HOST, PORTS, PROJECT_ID } from '../../tools/lib/stack';
import { createAccount, functionUrl, idTokenFor } from '../support/auth';

const { db, auth } = emulatorAdmin();
const ADMIN = 'office-admin@example.com';
const address = (n: number) => `office-family${n}@example.com`;
const TWIN = 'office-twins@example.com';
const DAY_MS = 86_400_000;

async function call(name: string, token: string, options: { body?: unknown; query?: string } = {}) {
  const response = await fetch(functionUrl(name, options.query ?? ''), {
    method: options.body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${token}`, ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function member(id: string, email: string, status = 'active', indexed = true) {
  await db.doc(`members/${id}`).set({ primaryName: `Family ${id}`, primaryEmail: email, status, balance: -12.5 });
  if (indexed) await db.doc(`${MEMBER_EMAILS}/${email}`).set({ memberId: id });
}

const mailsTo = async (email: string) => (await db.collection(MAIL).where('to', '==', email).get()).docs;

/** The Auth API as the web SDK calls it. */
async function identityToolkit(method: string, body: object) {
  const response = await fetch(`http://${EMULATOR_HOST}:${PORTS.auth}/identitytoolkit.googleapis.com/v1/${method}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The code of the newest password-reset e-mail the Auth emulator "sent" to the address. */
async function resetCodeFor(email: string): Promise<string> {
  const response = await fetch(`http://${EMULATOR_HOST}:${PORTS.auth}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await response.json()) as { oobCodes: Array<{ email: string; requestType: string; oobCode: string }> };
  const code = oobCodes.filter((entry) => entry.email === email && entry.requestType === 'PASSWORD_RESET').at(-1);
  if (!code) throw new Error(`no password reset e-mail for ${email}`);
  return code.oobCode;
}
let adminToken = '';

beforeAll(async () => {
  await clearFirestore();
  await member('O1', address(1));
  await member('O2', address(2));
  await member('O3', address(3));
  await member('O4', address(4));
  await member('O5', TWIN, 'active', false);
  await member('O6', TWIN, 'active', false);
  await db.doc(`${MEMBER_EMAIL_DUPLICATES}/${TWIN}`).set({ memberIds: ['O5', 'O6'] });
  await member('O7', address(7), 'inactive');
  await db.doc(`${INVITATIONS}/O4`).set({ lastSentAt: new Date(Date.now() - 10 * DAY_MS).toISOString(), lastSentBy: ADMIN, count: 1 });
  await createAccount(address(1));
  await createAccount(address(2), { verified: false });
  await createAccount(ADMIN, { admin: true });
  await db.doc(`${NOTIFICATION_CHOICES}/some-parent`).set({ paymentDue: true, paymentReceived: false, cancellationConfirmed: true });
  // Booking decisions on; a parent whose choices predate the kind has none stored: off.
  await db.doc(`${NOTIFICATION_CHOICES}/booking-parent`).set({ paymentDue: false, paymentReceived: false, cancellationConfirmed: false, bookingDecided: true });
  adminToken = await idTokenFor(ADMIN);
});
afterAll(() => clearFirestore());

describe("the office's accounts overview", () => {
  it('counts members by status and the active ones by account, names refused addresses and e-mail choices', async () => {
    const answer = await call('getAccounts', adminToken);
    expect(answer.status).toBe(200);
    expect(answer.body.data.overview).toEqual({
      byStatus: { active: 6, inactive: 1 },
      active: { verified: 1, unverified: 1, none: 4 },
      duplicates: [{ email: TWIN, memberIds: ['O5', 'O6'] }],
      // Cancelled lessons reach every verified account of an active member unless turned off.
      mailChoices: { paymentDue: 1, paymentReceived: 0, cancellationConfirmed: 1, bookingDecided: 1, notices: 0, lessonCancelled: 1 },
      invitationsToday: { sent: 0, limit: 500 },
    });
    // The table lists members without an account by default.
    expect(answer.body.data.rows.map((row: { memberId: string }) => row.memberId)).toEqual(['O3', 'O4', 'O5', 'O6', 'O7']);
    expect(answer.body.data.rows[1]).toMatchObject({ memberId: 'O4', name: 'Family O4', email: address(4), account: 'none', invitations: 1 });
  });

  it('filters, sorts and pages on the server, and gives the filtered table as CSV', async () => {
    const page = await call('getAccounts', adminToken, { query: '?account=all&sort=memberId&direction=desc&limit=2&offset=1' });
    expect(page.body.data).toMatchObject({ total: 7, offset: 1, limit: 2 });
    expect(page.body.data.rows.map((row: { memberId: string }) => row.memberId)).toEqual(['O6', 'O5']);
    const csv = await call('getAccountsCsv', adminToken, { query: '?account=none&notInvited=true' });
    expect(csv.body.data.rows).toBe(4);
    const lines = (csv.body.data.csv as string).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Member ID,Name,E-mail,Status,Portal account,Duplicate address,Last invitation,Invitations');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['O3', 'O5', 'O6', 'O7']);
    expect((await call('getAccounts', adminToken, { query: '?sort=balance' })).status).toBe(400);
  });
});

describe('invitations', () => {
  it('go to active members without a verified account whose address the index gives them, once in 30 days', async () => {
    const before = (await db.collection(MAIL).get()).size;
    const answer = await call('inviteMembers', adminToken, { body: { memberIds: ['O1', 'O2', 'O3', 'O4', 'O5', 'O6', 'O7', 'O99'], language: 'de' } });
    expect(answer.status).toBe(200);
    // O2's address has an account nobody verified: it does not stop the invitation.
    expect(answer.body.data.sent).toEqual(['O2', 'O3']);
    expect(Object.fromEntries(answer.body.data.skipped.map((skip: { memberId: string; reason: string }) => [skip.memberId, skip.reason]))).toEqual({
      O1: 'has-account',
      O4: 'invited-recently',
      O5: 'duplicate-address',
      O6: 'duplicate-address',
      O7: 'inactive',
      O99: 'not-found',
    });
    const [mail] = await mailsTo(address(3));
    expect((await db.collection(MAIL).get()).size).toBe(before + 2);
    expect(mail?.get('message.subject')).toMatch(/^Einladung ins Familienportal/);
    expect(mail?.get('message.text')).toContain(`/login?mode=signup&email=${encodeURIComponent(address(3))}`);
    expect(mail?.get('message.text')).not.toContain('/forgot-password');
    // O2's leads to the password reset first.
    const [withAccount] = await mailsTo(address(2));
    expect(withAccount?.get('message.text')).toContain(`Mein Passwort wählen: http://127.0.0.1:${PORTS.app}/forgot-password?email=${encodeURIComponent(address(2))}`);
    expect((await db.doc(`${INVITATIONS}/O3`).get()).data()).toMatchObject({ lastSentBy: ADMIN, count: 1 });

    // Asked again at once: nothing more.
    const again = await call('inviteMembers', adminToken, { body: { memberIds: ['O3'], language: 'en' } });
    expect(again.body.data).toEqual({ sent: [], skipped: [{ memberId: 'O3', reason: 'invited-recently' }] });
    expect(await mailsTo(address(3))).toHaveLength(1);
  });

  it("stop at the school's 500 a day", async () => {
    await member('O8', address(8));
    await member('O9', address(9));
    const today = new Date().toISOString().slice(0, 10);
    await db.doc('rate_limits/school-invitations-day').set({ day: today, count: 499 });
    const answer = await call('inviteMembers', adminToken, { body: { allNotInvited: true, language: 'en' } });
    expect(answer.body.data).toEqual({ sent: ['O8'], skipped: [{ memberId: 'O9', reason: 'daily-limit' }] });
    expect(await mailsTo(address(9))).toHaveLength(0);
    expect((await db.doc('rate_limits/school-invitations-day').get()).get('count')).toBe(500);
    expect((await call('getAccounts', adminToken)).body.data.overview.invitationsToday).toEqual({ sent: 500, limit: 500 });
    await db.doc('rate_limits/school-invitations-day').delete();
  });

  it("lead a member whose address has someone else's unverified account to the reset, which makes the account the member's", async () => {
    const email = address(10);
    await member('O10', email);
    // A repeat in the same emulator session finds the account the run before made its own: gone first.
    await auth.getUserByEmail(email).then((user) => auth.deleteUser(user.uid), () => undefined);
    // Someone who knows the address made an account with a password of their own.
    await auth.createUser({ email, password: 'stranger-pass', emailVerified: false });
    const answer = await call('inviteMembers', adminToken, { body: { memberIds: ['O10'], language: 'en' } });
    expect(answer.body.data).toEqual({ sent: ['O10'], skipped: [] });

    // The member follows the link: the reset form with the address, which asks for the e-mail.
    const [mail] = await mailsTo(email);
    const link = new URL(/Choose my password: (\S+)/.exec(mail?.get('message.text') as string)![1]!);
    expect(link.pathname).toBe('/forgot-password');
    expect(link.searchParams.get('email')).toBe(email);
    const sent = await identityToolkit('accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email: link.searchParams.get('email') });
    expect(sent.status).toBe(200);
    // The link in that e-mail proves the mailbox: a new password, and the account is the member's.
    const reset = await identityToolkit('accounts:resetPassword', { oobCode: await resetCodeFor(email), newPassword: 'member-pass' });
    expect(reset.status).toBe(200);
    // The reset revokes every token from its second on, in whole seconds (http/auth.ts isRevoked):
    // the member signs in once that second is over, as a person does.
    const resetSecond = Math.floor(Date.now() / 1000);
    while (Math.floor(Date.now() / 1000) <= resetSecond) await new Promise((resolve) => setTimeout(resolve, 20));
    const token = await idTokenFor(email, 'member-pass');
    expect((await call('getNotificationChoices', token)).status).toBe(200);
    await expect(idTokenFor(email, 'stranger-pass')).rejects.toThrow(/INVALID_PASSWORD|INVALID_LOGIN_CREDENTIALS/);
    const overview = await call('getAccounts', adminToken, { query: '?account=all&search=O10' });
    expect(overview.body.data.rows).toMatchObject([{ memberId: 'O10', account: 'verified' }]);
  });

  it('refuse a request that names no one, or both ways at once', async () => {
    expect((await call('inviteMembers', adminToken, { body: { language: 'de' } })).status).toBe(400);
    expect((await call('inviteMembers', adminToken, { body: { memberIds: ['O9'], allNotInvited: true, language: 'de' } })).status).toBe(400);
    expect((await call('inviteMembers', adminToken, { body: { memberIds: [], language: 'de' } })).status).toBe(400);
    expect(await mailsTo(address(9))).toHaveLength(0);
  });
});

describe("the day's invitation counter, with a stubbed clock", () => {
  const COUNTER = 'rate_limits/school-invitations-day';
  const settings = { appOrigin: 'http://127.0.0.1:5173', association: { name: 'Schulverein', address: '' } };
  const invite = (memberId: string, clock: () => Date) => inviteMembers(db, auth, settings, { memberIds: [memberId], language: 'en', adminEmail: ADMIN }, clock);
  /** A request that began at 23:59:59.9 and reads the clock again after midnight. */
  const slowRequest = () => {
    const times = [new Date('2026-12-01T23:59:59.900Z')];
    return () => times.shift() ?? new Date('2026-12-02T00:00:00.400Z');
  };

  it('takes the day inside the transaction: a request begun before midnight counts on the day it commits in', async () => {
    await member('O30', address(30));
    // Today's first invitation is in.
    await db.doc(COUNTER).set({ day: '2026-12-02', count: 1 });
    expect(await invite('O30', slowRequest())).toEqual({ sent: ['O30'], skipped: [] });
    expect((await db.doc(COUNTER).get()).data()).toMatchObject({ day: '2026-12-02', count: 2 });
  });

  it("never lets the counter's day go back, so a full day stays full", async () => {
    await member('O31', address(31));
    await member('O32', address(32));
    await db.doc(COUNTER).set({ day: '2026-12-02', count: 500 });
    expect(await invite('O31', slowRequest())).toEqual({ sent: [], skipped: [{ memberId: 'O31', reason: 'daily-limit' }] });
    // An instance whose clock is still before midnight when it commits.
    const behind = () => new Date('2026-12-01T23:59:58.000Z');
    expect(await invite('O32', behind)).toEqual({ sent: [], skipped: [{ memberId: 'O32', reason: 'daily-limit' }] });
    expect((await db.doc(COUNTER).get()).data()).toMatchObject({ day: '2026-12-02', count: 500 });
    expect(await mailsTo(address(31))).toHaveLength(0);
    expect(await mailsTo(address(32))).toHaveLength(0);
    await db.doc(COUNTER).delete();
  });
});

describe("a family's view", () => {
  it("answers the family's documents and records who looked, shown newest first", async () => {
    await db.doc('payments/OP1').set({ memberId: 'O1', date: '2026-11-20', amount: 30, paymentType: 'Überweisung', direction: 'Eingang' });
    const view = await call('viewFamily', adminToken, { body: { memberId: 'O1' } });
    expect(view.status).toBe(200);
    expect(view.body.data.member).toMatchObject({ id: 'O1', primaryEmail: address(1), balance: -12.5 });
    expect(view.body.data.payments.map((payment: { id: string }) => payment.id)).toEqual(['OP1']);
    await call('viewFamily', adminToken, { body: { memberId: 'O3' } });
    const log = await call('getAdminAudit', adminToken);
    expect(log.body.data.entries.slice(0, 2)).toMatchObject([
      { adminEmail: ADMIN, memberId: 'O3', memberName: 'Family O3' },
      { adminEmail: ADMIN, memberId: 'O1', memberName: 'Family O1' },
    ]);
    expect((await call('viewFamily', adminToken, { body: { memberId: 'nobody' } })).status).toBe(404);
    expect((await db.collection(ADMIN_AUDIT).where('memberId', '==', 'nobody').get()).size).toBe(0);
  });
});

describe('the audit log', () => {
  const newest = async () => (await call('getAdminAudit', adminToken)).body.data.entries as Array<Record<string, unknown>>;

  it('has one entry per CSV download, saying who and how many members, and none for paging the table', async () => {
    const before = (await db.collection(ADMIN_AUDIT).get()).size;
    const first = await call('getAccountsCsv', adminToken, { query: '?account=all' });
    const second = await call('getAccountsCsv', adminToken, { query: '?account=none&search=office-family' });
    await call('getAccounts', adminToken, { query: '?account=all&offset=0&limit=2' });
    await call('getAccounts', adminToken, { query: '?account=all&offset=2&limit=2' });
    expect((await db.collection(ADMIN_AUDIT).get()).size).toBe(before + 2);
    expect((await newest()).slice(0, 2)).toMatchObject([
      { kind: 'accountsCsv', adminEmail: ADMIN, rows: second.body.data.rows },
      { kind: 'accountsCsv', adminEmail: ADMIN, rows: first.body.data.rows },
    ]);
    const [stored] = (await db.collection(ADMIN_AUDIT).orderBy('at', 'desc').limit(1).get()).docs;
    expect(stored?.get('filter')).toEqual({ account: 'none', search: 'office-family', notInvited: 'false' });
  });

  it('pages beyond the newest 50, newest first, without gaps or repeats', async () => {
    const batch = db.batch();
    for (let n = 0; n < 70; n++) {
      batch.set(db.collection(ADMIN_AUDIT).doc(), { kind: 'familyView', adminEmail: ADMIN, memberId: 'O1', memberName: 'Family O1', at: new Date(Date.UTC(2020, 0, 1) + n * 1000).toISOString() });
    }
    await batch.commit();
    const all = (await db.collection(ADMIN_AUDIT).get()).size;
    const seen: Array<{ id: string; at: string }> = [];
    let after: string | null = null;
    do {
      const page = await call('getAdminAudit', adminToken, { query: after ? `?after=${after}` : '' });
      expect(page.status).toBe(200);
      expect(page.body.data.entries.length).toBeLessThanOrEqual(AUDIT_LOG_LENGTH);
      seen.push(...page.body.data.entries);
      after = page.body.data.next;
    } while (after);
    expect(seen).toHaveLength(all);
    expect(new Set(seen.map((entry) => entry.id)).size).toBe(all);
    expect(seen.map((entry) => entry.at)).toEqual(seen.map((entry) => entry.at).sort().reverse());
    expect((await call('getAdminAudit', adminToken, { query: '?after=no-such-entry' })).status).toBe(400);
    expect((await call('getAdminAudit', adminToken, { query: '?before=x' })).status).toBe(400);
  });
});

describe('for anyone but an active admin', () => {
  const calls: Array<[string, { body?: unknown; query?: string }]> = [
    ['getAccounts', {}],
    ['getAccountsCsv', {}],
    ['inviteMembers', { body: { memberIds: ['O9'], language: 'de' } }],
    ['viewFamily', { body: { memberId: 'O1' } }],
    ['getAdminAudit', {}],
  ];

  it('every admin endpoint answers 403 to an admin whose record is inactive, and changes nothing', async () => {
    await createAccount('former-admin@example.com', { admin: 'inactive' });
    const former = await idTokenFor('former-admin@example.com');
    const audited = (await db.collection(ADMIN_AUDIT).get()).size;
    const mails = (await db.collection(MAIL).get()).size;
    // Every admin endpoint of functions/src/index.ts, each with a request an active admin would get an answer to.
    const adminCalls: Array<[string, { body?: unknown; query?: string }]> = [
      ['getSyncStatus', {}],
      ['getSyncHistory', { query: '?limit=20' }],
      ['triggerFullSync', { body: {} }],
      ['triggerDeltaSync', { body: {} }],
      ...calls,
    ];
    for (const [name, options] of adminCalls) {
      const answer = await call(name, former, options);
      expect([name, answer.status, answer.body]).toEqual([name, 403, { error: 'permission-denied', message: 'Admin access required.' }]);
    }
    expect((await db.collection('sync_logs').get()).size).toBe(0);
    expect((await db.collection(ADMIN_AUDIT).get()).size).toBe(audited);
    expect((await db.collection(MAIL).get()).size).toBe(mails);
  });

  it('every office endpoint answers 403 to a parent and 401 without a token, and changes nothing', async () => {
    const parent = await idTokenFor(address(1));
    const audited = (await db.collection(ADMIN_AUDIT).get()).size;
    for (const [name, options] of calls) {
      expect([name, (await call(name, parent, options)).status]).toEqual([name, 403]);
      expect([name, (await call(name, '', options)).status]).toEqual([name, 401]);
    }
    expect(await mailsTo(address(9))).toHaveLength(0);
    expect((await db.collection(ADMIN_AUDIT).get()).size).toBe(audited);
  });
});
