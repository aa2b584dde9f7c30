/**
 * What the office's accounts overview reads: every member (four fields each), the addresses the
 * index refuses, the invitations, the Auth accounts (with the Admin SDK, a thousand a page; only
 * the address and whether it is verified leave this module) and how many parents turned each
 * e-mail on (aggregation queries, no documents).
 */
import {
  INVITATIONS,
  INVITATIONS_PER_DAY,
  MAIL_KINDS_ON_BY_DEFAULT,
  MEMBER_EMAIL_DUPLICATES,
  NOTIFICATION_CHOICES,
  PARENT_MAIL_KINDS,
  type AccountsOverview,
  type AccountsPage,
  type AccountsQuery,
} from '@family-portal/contract';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { RATE_LIMITS } from '../http/rateLimit';
import { HASH_FIELD, REJECTED_HASH } from '../sync/firestore/contentHash';
import { memberRows, overviewOf, pageOf, type AccountFacts, type InvitationFacts, type School, type StoredMember } from './memberRows';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

async function members(db: Firestore): Promise<StoredMember[]> {
  const snapshot = await db.collection('members').select('primaryName', 'primaryEmail', 'status', HASH_FIELD).get();
  // A row the sync rejected is no member of the portal's (the office sees it in the sync log).
  return snapshot.docs
    .filter((doc) => doc.get(HASH_FIELD) !== REJECTED_HASH)
    .map((doc) => ({ memberId: doc.id, name: text(doc.get('primaryName')), email: text(doc.get('primaryEmail')), status: text(doc.get('status')) }));
}

/** Every Auth account by lower-cased address, page by page. */
export async function accountsByAddress(auth: Auth): Promise<Map<string, AccountFacts>> {
  const accounts = new Map<string, AccountFacts>();
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(1000, pageToken);
    for (const user of page.users) {
      if (user.email) accounts.set(user.email.toLowerCase(), { verified: user.emailVerified });
    }
    pageToken = page.pageToken;
  } while (pageToken);
  return accounts;
}

async function duplicates(db: Firestore): Promise<Map<string, string[]>> {
  const snapshot = await db.collection(MEMBER_EMAIL_DUPLICATES).get();
  return new Map(snapshot.docs.map((doc) => [doc.id, ((doc.get('memberIds') as unknown[] | undefined) ?? []).map(String)]));
}

export async function invitations(db: Firestore): Promise<Map<string, InvitationFacts>> {
  const snapshot = await db.collection(INVITATIONS).select('lastSentAt', 'count').get();
  return new Map(snapshot.docs.map((doc) => [doc.id, { lastSentAt: text(doc.get('lastSentAt')), count: Number(doc.get('count') ?? 0) }]));
}

export async function readSchool(db: Firestore, auth: Auth): Promise<School> {
  const [stored, accounts, refused, invited] = await Promise.all([members(db), accountsByAddress(auth), duplicates(db), invitations(db)]);
  return { members: stored, accounts, duplicates: refused, invitations: invited };
}

/**
 * How many parents get each e-mail, from the choices' counts: a kind off by default counts who
 * turned it on; a kind on by default (a cancelled lesson) reaches the verified accounts of
 * active members less who turned it off (a parent who never saved choices gets it all the same).
 */
export async function mailChoiceCounts(db: Firestore): Promise<(verifiedAccounts: number) => AccountsOverview['mailChoices']> {
  const counts = await Promise.all(
    PARENT_MAIL_KINDS.map(async (kind) => {
      const onByDefault = MAIL_KINDS_ON_BY_DEFAULT.includes(kind);
      const stored = (await db.collection(NOTIFICATION_CHOICES).where(kind, '==', !onByDefault).count().get()).data().count;
      return { kind, onByDefault, stored };
    }),
  );
  return (verifiedAccounts) =>
    Object.fromEntries(counts.map(({ kind, onByDefault, stored }) => [kind, onByDefault ? Math.max(0, verifiedAccounts - stored) : stored])) as AccountsOverview['mailChoices'];
}

/** The school's day counter of invitations: one document in rate_limits, spent after a day (its TTL). */
export const dayCounter = (db: Firestore) => db.collection(RATE_LIMITS).doc('school-invitations-day');
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** What the counter holds for today (or for a later day: its day never goes back, see invitations.ts). */
export async function sentToday(db: Firestore, now = new Date()): Promise<number> {
  const counter = await dayCounter(db).get();
  const day = counter.get('day') as unknown;
  return typeof day === 'string' && day >= dayOf(now) ? Number(counter.get('count') ?? 0) : 0;
}

/** What the accounts tab shows: the counts, and one page of the members table. */
export async function accountsPage(db: Firestore, auth: Auth, query: AccountsQuery): Promise<AccountsPage> {
  const [school, mailChoicesOf, sent] = await Promise.all([readSchool(db, auth), mailChoiceCounts(db), sentToday(db)]);
  const rows = memberRows(school);
  const counts = overviewOf(school, rows);
  const overview: AccountsOverview = { ...counts, mailChoices: mailChoicesOf(counts.active.verified), invitationsToday: { sent, limit: INVITATIONS_PER_DAY } };
  return { overview, ...pageOf(rows, query) };
}
