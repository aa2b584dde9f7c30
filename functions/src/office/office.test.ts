import { accountsQuery } from '@family-portal/contract';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { invitationMail, resetLink, signUpLink } from './invitationMail';
import { invitationPlan, takeFromDay, type Candidate } from './invitations';
import { csvOf, filteredRows, memberRows, overviewOf, pageOf, type School } from './memberRows';

const school: School = {
  members: [
    { memberId: 'M3', name: 'Ömer Yılmaz', email: 'OMER@example.com', status: 'active' },
    { memberId: 'M1', name: 'Anna Berg', email: 'anna@example.com', status: 'active' },
    { memberId: 'M2', name: 'Zoe Adler', email: 'zoe@example.com', status: 'active' },
    { memberId: 'M10', name: '=HYPERLINK("x")', email: 'twin@example.com', status: 'active' },
    { memberId: 'M11', name: 'Twin Two', email: 'twin@example.com', status: 'Ausgetreten' },
    { memberId: 'M4', name: 'Old Member', email: 'old@example.com', status: 'inactive' },
  ],
  accounts: new Map([
    ['omer@example.com', { verified: true }],
    ['zoe@example.com', { verified: false }],
  ]),
  duplicates: new Map([['twin@example.com', ['M11', 'M10']]]),
  invitations: new Map([['M10', { lastSentAt: '2026-11-01T09:00:00.000Z', count: 2 }]]),
};
const rows = memberRows(school);
const query = (input: Record<string, string> = {}) => accountsQuery.parse(input);

describe('the accounts overview', () => {
  it('counts members by status, the active ones by account, and names the refused addresses', () => {
    expect(overviewOf(school, rows)).toEqual({
      byStatus: { active: 4, Ausgetreten: 1, inactive: 1 },
      // An address's case never hides its account.
      active: { verified: 1, unverified: 1, none: 2 },
      duplicates: [{ email: 'twin@example.com', memberIds: ['M10', 'M11'] }],
    });
    expect(rows.find((row) => row.memberId === 'M10')).toMatchObject({ account: 'none', duplicate: true, lastInvitedAt: '2026-11-01T09:00:00.000Z', invitations: 2 });
  });

  it('lists members without an account by default, in member-id order with numbers read as numbers', () => {
    expect(filteredRows(rows, query()).map((row) => row.memberId)).toEqual(['M1', 'M4', 'M10', 'M11']);
    expect(filteredRows(rows, query({ account: 'all' })).map((row) => row.memberId)).toEqual(['M1', 'M2', 'M3', 'M4', 'M10', 'M11']);
  });

  it('filters by any part of id, name or address, by account and by never invited', () => {
    expect(filteredRows(rows, query({ account: 'all', search: 'YILMAZ' })).map((row) => row.memberId)).toEqual(['M3']);
    expect(filteredRows(rows, query({ account: 'all', search: 'Omer@' })).map((row) => row.memberId)).toEqual(['M3']);
    expect(filteredRows(rows, query({ account: 'unverified' })).map((row) => row.memberId)).toEqual(['M2']);
    expect(filteredRows(rows, query({ notInvited: 'true' })).map((row) => row.memberId)).toEqual(['M1', 'M4', 'M11']);
  });

  it('sorts by name as a German reader expects, either way, and by last invitation with the never invited first', () => {
    expect(filteredRows(rows, query({ account: 'all', sort: 'name' })).map((row) => row.name)).toEqual(['=HYPERLINK("x")', 'Anna Berg', 'Old Member', 'Ömer Yılmaz', 'Twin Two', 'Zoe Adler']);
    expect(filteredRows(rows, query({ account: 'all', sort: 'name', direction: 'desc' })).map((row) => row.name).at(0)).toBe('Zoe Adler');
    expect(filteredRows(rows, query({ sort: 'lastInvitedAt' })).map((row) => row.memberId)).toEqual(['M1', 'M4', 'M11', 'M10']);
  });

  it('pages without overlap and says how many rows the filter keeps', () => {
    const first = pageOf(rows, query({ account: 'all', limit: '4' }));
    const second = pageOf(rows, query({ account: 'all', limit: '4', offset: '4' }));
    expect(first.total).toBe(6);
    expect([...first.rows, ...second.rows].map((row) => row.memberId)).toEqual(['M1', 'M2', 'M3', 'M4', 'M10', 'M11']);
  });

  it('refuses a query it does not know', () => {
    expect(accountsQuery.safeParse({ sort: 'balance' }).success).toBe(false);
    expect(accountsQuery.safeParse({ limit: '1000' }).success).toBe(false);
    expect(accountsQuery.safeParse({ extra: '1' }).success).toBe(false);
  });

  it('writes a CSV a spreadsheet reads back as the table, and never as a formula', () => {
    const table = parse(csvOf(filteredRows(rows, query({ account: 'all' }))), { columns: true }) as Array<Record<string, string>>;
    expect(table).toHaveLength(6);
    expect(table[4]).toMatchObject({ 'Member ID': 'M10', Name: `'=HYPERLINK("x")`, 'Duplicate address': 'yes', Invitations: '2' });
    expect(table[2]).toMatchObject({ Name: 'Ömer Yılmaz', 'Portal account': 'verified', 'Last invitation': '' });
  });
});

describe('the invitation plan', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  const candidate = (memberId: string, changes: Partial<Candidate> = {}): Candidate => ({
    memberId,
    member: { name: 'Eve', email: `${memberId.toLowerCase()}@example.com`, status: 'active' },
    indexedTo: memberId,
    duplicate: false,
    account: 'none',
    lastSentAt: null,
    ...changes,
  });

  it('invites active members the index gives their address, and says why it skips the others', () => {
    const plan = invitationPlan(
      [
        candidate('M1'),
        candidate('M2', { lastSentAt: '2026-11-17T10:00:00Z' }),
        candidate('M3', { lastSentAt: '2026-10-27T09:59:00Z' }),
        candidate('M4', { account: 'verified' }),
        candidate('M5', { duplicate: true, indexedTo: null }),
        candidate('M6', { member: null, indexedTo: null }),
        candidate('M7', { member: { name: 'Old', email: 'm7@example.com', status: 'inactive' } }),
        candidate('M8', { indexedTo: null }),
        // Anyone who knows the address can make an unverified account: it does not stop the member's invitation.
        candidate('M9', { account: 'unverified' }),
      ],
      now,
      10,
    );
    expect(plan.send.map((c) => c.memberId)).toEqual(['M1', 'M3', 'M9']);
    expect(plan.skipped).toEqual([
      { memberId: 'M2', reason: 'invited-recently' },
      { memberId: 'M4', reason: 'has-account' },
      { memberId: 'M5', reason: 'duplicate-address' },
      { memberId: 'M6', reason: 'not-found' },
      { memberId: 'M7', reason: 'inactive' },
      { memberId: 'M8', reason: 'not-found' },
    ]);
  });

  it("stops at what is left of the day's limit", () => {
    const plan = invitationPlan([candidate('M1'), candidate('M2'), candidate('M3')], now, 2);
    expect(plan.send.map((c) => c.memberId)).toEqual(['M1', 'M2']);
    expect(plan.skipped).toEqual([{ memberId: 'M3', reason: 'daily-limit' }]);
  });
});

describe("the day's invitation counter", () => {
  it('starts a new day at 0 and stops at 500', () => {
    expect(takeFromDay({ day: '2026-11-27', count: 498 }, '2026-11-28', 3)).toEqual({ day: '2026-11-28', count: 3, taken: 3 });
    expect(takeFromDay({ day: '2026-11-28', count: 498 }, '2026-11-28', 3)).toEqual({ day: '2026-11-28', count: 500, taken: 2 });
    expect(takeFromDay({}, '2026-11-28', 1)).toEqual({ day: '2026-11-28', count: 1, taken: 1 });
  });

  it('never goes back a day: a request whose clock says yesterday counts on the newer day', () => {
    expect(takeFromDay({ day: '2026-11-28', count: 500 }, '2026-11-27', 10)).toEqual({ day: '2026-11-28', count: 500, taken: 0 });
    expect(takeFromDay({ day: '2026-11-28', count: 1 }, '2026-11-27', 2)).toEqual({ day: '2026-11-28', count: 3, taken: 2 });
  });
});

describe('the invitation e-mail', () => {
  const settings = { appOrigin: 'https://portal.example.org', association: { name: 'Schulverein <Lindenhof> e.V.', address: 'Lindenstraße 1' } };

  it('speaks the office language first, then the other two, with the sign-up link in each', () => {
    const mail = invitationMail({ name: 'Eve Example', email: 'eve+kids@example.com' }, settings, 'ru');
    expect(mail.subject.indexOf('Приглашение')).toBe(0);
    expect(mail.subject).toContain('Einladung');
    expect(mail.subject).toContain('Invitation');
    const [ru, en, de] = ['Здравствуйте, Eve Example!', 'Dear Eve Example,', 'Guten Tag Eve Example,'].map((greeting) => mail.text.indexOf(greeting));
    expect(ru).toBe(mail.text.indexOf('\n\n') + 2);
    expect(en).toBeGreaterThan(ru!);
    expect(de).toBeGreaterThan(en!);
    const link = signUpLink(settings.appOrigin, 'eve+kids@example.com');
    expect(link).toBe('https://portal.example.org/login?mode=signup&email=eve%2Bkids%40example.com');
    expect(mail.text.split(link)).toHaveLength(4);
    expect(mail.html).toContain('Schulverein &lt;Lindenhof&gt; e.V.');
    expect(mail.html).not.toContain('<Lindenhof>');
    expect(mail.text).not.toContain('/forgot-password');
  });

  it('leads a member whose address has an unverified account to the password reset, in each language, with the sign-up after it', () => {
    const mail = invitationMail({ name: 'Eve Example', email: 'eve+kids@example.com' }, settings, 'en', { unverifiedAccount: true });
    const reset = resetLink(settings.appOrigin, 'eve+kids@example.com');
    expect(reset).toBe('https://portal.example.org/forgot-password?email=eve%2Bkids%40example.com');
    expect(mail.text).toContain(`A portal account was started with your e-mail address eve+kids@example.com but never confirmed.`);
    expect(mail.text).toContain(`Choose my password: ${reset}`);
    expect(mail.text).toContain('Mein Passwort wählen');
    expect(mail.text).toContain('Выбрать пароль');
    expect(mail.text.split(reset)).toHaveLength(4);
    // After the reset in each language: the sign-up, for an account the cleanup deleted meanwhile.
    const signUp = signUpLink(settings.appOrigin, 'eve+kids@example.com');
    expect(mail.text.split(signUp)).toHaveLength(4);
    expect(mail.text.indexOf(signUp)).toBeGreaterThan(mail.text.indexOf(reset));
    expect(mail.html).toContain(`href="${reset.replace(/&/g, '&amp;')}"`);
  });
});
