/**
 * Invitations to the portal: to active members whose address the index gives them and
 * who have no verified portal account; at most one per member in 30 days and 500 a day per
 * school. Each is a `mail` document for the Trigger Email extension and a record in
 * invitations/{memberId} (closed to clients), written together in one transaction per member, so
 * that two admins inviting at once never send one family two e-mails.
 *
 * An unverified account does not stop an invitation: anyone who knows a member's address can
 * make one through the Auth API, and it would block the member until the 48-hour cleanup. Such a
 * member's invitation leads to the password reset, which proves the mailbox and makes the
 * account the member's (invitationMail.ts).
 */
import {
  isActiveMember,
  INVITATION_INTERVAL_DAYS,
  INVITATIONS,
  INVITATIONS_PER_DAY,
  MAIL,
  MEMBER_EMAIL_DUPLICATES,
  MEMBER_EMAILS,
  type AccountState,
  type InvitationResult,
  type InvitationSkip,
} from '@family-portal/contract';
import { chunk } from 'es-toolkit/array';
import { limitAsync } from 'es-toolkit/promise';
import type { Auth } from 'firebase-admin/auth';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import type { MailLanguage } from '../notifications/mailBody';
import { HASH_FIELD, REJECTED_HASH } from '../sync/firestore/contentHash';
import { invitationMail, type InvitationSettings } from './invitationMail';
import { dayCounter, dayOf, readSchool } from './school';
import { memberRows } from './memberRows';

const DAY_MS = 86_400_000;

/** What decides whether a member gets an invitation now. */
export interface Candidate {
  memberId: string;
  /** Null: no such member (or a row the sync rejected). */
  member: { name: string; email: string; status: string } | null;
  /** The member the address resolves to through the index, or null (a duplicate, or unusable). */
  indexedTo: string | null;
  duplicate: boolean;
  /** The portal account of the member's address: only a verified one means the member is in. */
  account: AccountState;
  lastSentAt: string | null;
}

export interface Plan {
  send: Candidate[];
  skipped: InvitationResult['skipped'];
}

function skipOf(candidate: Candidate, now: Date): InvitationSkip | null {
  if (!candidate.member) return 'not-found';
  if (!isActiveMember(candidate.member)) return 'inactive';
  if (candidate.duplicate) return 'duplicate-address';
  if (candidate.indexedTo !== candidate.memberId) return 'not-found';
  if (candidate.account === 'verified') return 'has-account';
  if (candidate.lastSentAt && now.getTime() - Date.parse(candidate.lastSentAt) < INVITATION_INTERVAL_DAYS * DAY_MS) return 'invited-recently';
  return null;
}

/** Who gets an invitation and who does not and why; `left` is what today's cap still allows. Pure. */
export function invitationPlan(candidates: readonly Candidate[], now: Date, left: number): Plan {
  const plan: Plan = { send: [], skipped: [] };
  for (const candidate of candidates) {
    const reason = skipOf(candidate, now) ?? (plan.send.length >= left ? 'daily-limit' : null);
    if (reason) plan.skipped.push({ memberId: candidate.memberId, reason });
    else plan.send.push(candidate);
  }
  return plan;
}

/**
 * The day counter after taking up to `wanted` of a day's invitations, and how many it took. Pure.
 * The counter's day never goes back: a request whose clock says yesterday (it began before
 * midnight, or its instance's clock is behind) counts on the newer day the counter already has,
 * instead of starting yesterday afresh and, the next moment, today afresh again.
 */
export function takeFromDay(stored: { day?: unknown; count?: unknown }, today: string, wanted: number) {
  const storedDay = typeof stored.day === 'string' ? stored.day : '';
  const day = storedDay > today ? storedDay : today;
  const count = storedDay === day ? Number(stored.count ?? 0) : 0;
  const taken = Math.max(0, Math.min(wanted, INVITATIONS_PER_DAY - count));
  return { day, count: count + taken, taken };
}

/** Takes up to `wanted` of today's invitations; returns how many it took. */
async function reserve(db: Firestore, wanted: number, clock: () => Date): Promise<number> {
  return db.runTransaction(async (transaction) => {
    const counter = await transaction.get(dayCounter(db));
    // The day is read here, in the transaction (again on each retry), not when the request began.
    const now = clock();
    const next = takeFromDay(counter.data() ?? {}, dayOf(now), wanted);
    transaction.set(dayCounter(db), { day: next.day, count: next.count, expiresAt: Timestamp.fromMillis(now.getTime() + 2 * DAY_MS) });
    return next.taken;
  });
}

async function candidatesByIds(db: Firestore, auth: Auth, memberIds: readonly string[]): Promise<Candidate[]> {
  const ids = [...new Set(memberIds)];
  const members = await db.getAll(...ids.map((id) => db.collection('members').doc(id)));
  const addressOf = new Map(
    members.filter((doc) => doc.exists && doc.get(HASH_FIELD) !== REJECTED_HASH).map((doc) => [doc.id, String(doc.get('primaryEmail') ?? '').trim().toLowerCase()]),
  );
  const addresses = [...new Set([...addressOf.values()].filter(Boolean))];
  const [index, invited, accounts] = await Promise.all([
    addresses.length > 0 ? db.getAll(...addresses.map((address) => db.collection(MEMBER_EMAILS).doc(address))) : [],
    db.getAll(...ids.map((id) => db.collection(INVITATIONS).doc(id))),
    Promise.all(chunk(addresses, 100).map((batch) => auth.getUsers(batch.map((email) => ({ email }))))),
  ]);
  const indexed = new Map(index.map((doc) => [doc.id, doc.exists ? String(doc.get('memberId')) : null]));
  const lastSent = new Map(invited.filter((record) => record.exists).map((record) => [record.id, String(record.get('lastSentAt'))]));
  const accountOf = new Map(accounts.flatMap((result) => result.users.map((user) => [user.email?.toLowerCase(), user.emailVerified ? 'verified' : 'unverified'] as const)));
  const duplicates = await duplicatesAmong(db, addresses);
  return members.map((doc) => {
    const address = addressOf.get(doc.id);
    return {
      memberId: doc.id,
      member: address === undefined ? null : { name: String(doc.get('primaryName') ?? ''), email: String(doc.get('primaryEmail') ?? ''), status: String(doc.get('status') ?? '') },
      indexedTo: address ? (indexed.get(address) ?? null) : null,
      duplicate: address ? duplicates.has(address) : false,
      account: (address && accountOf.get(address)) || 'none',
      lastSentAt: lastSent.get(doc.id) ?? null,
    };
  });
}

async function duplicatesAmong(db: Firestore, addresses: readonly string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set();
  const docs = await db.getAll(...addresses.map((address) => db.collection(MEMBER_EMAIL_DUPLICATES).doc(address)));
  return new Set(docs.filter((doc) => doc.exists).map((doc) => doc.id));
}

/** Every active member without a verified account who was never invited, with what the index says of its address. */
async function candidatesNotInvited(db: Firestore, auth: Auth): Promise<Candidate[]> {
  const school = await readSchool(db, auth);
  const rows = memberRows(school).filter((row) => isActiveMember(row) && row.account !== 'verified' && row.lastInvitedAt === null && !row.duplicate);
  const addresses = rows.map((row) => row.email.trim().toLowerCase()).filter(Boolean);
  const index = addresses.length > 0 ? await db.getAll(...addresses.map((address) => db.collection(MEMBER_EMAILS).doc(address))) : [];
  const indexed = new Map(index.map((doc) => [doc.id, doc.exists ? String(doc.get('memberId')) : null]));
  return rows
    .sort((a, b) => a.memberId.localeCompare(b.memberId))
    .map((row) => ({
      memberId: row.memberId,
      member: row,
      indexedTo: indexed.get(row.email.trim().toLowerCase()) ?? null,
      duplicate: false,
      account: row.account,
      lastSentAt: null,
    }));
}

export interface InvitationRequest {
  memberIds?: string[];
  allNotInvited?: true;
  language: MailLanguage;
  adminEmail: string;
}

/**
 * Sends what the plan allows, one transaction per member; returns what was sent and skipped.
 * `clock` gives the time: when the request begins, and the day when it takes from the day's limit.
 */
export async function inviteMembers(
  db: Firestore,
  auth: Auth,
  settings: InvitationSettings,
  request: InvitationRequest,
  clock: () => Date = () => new Date(),
): Promise<InvitationResult> {
  const now = clock();
  const candidates = request.allNotInvited ? await candidatesNotInvited(db, auth) : await candidatesByIds(db, auth, request.memberIds ?? []);
  const eligible = invitationPlan(candidates, now, Number.POSITIVE_INFINITY);
  const left = eligible.send.length > 0 ? await reserve(db, eligible.send.length, clock) : 0;
  const plan = invitationPlan(candidates, now, left);
  const result: InvitationResult = { sent: [], skipped: [...plan.skipped] };
  await Promise.all(
    plan.send.map(
      limitAsync(async (candidate: Candidate) => {
        const sent = await sendOne(db, settings, request, candidate, now);
        if (sent) result.sent.push(candidate.memberId);
        else result.skipped.push({ memberId: candidate.memberId, reason: 'invited-recently' });
      }, 10),
    ),
  );
  result.sent.sort();
  logger.info('invitations sent', { by: request.adminEmail, sent: result.sent.length, skipped: result.skipped.length });
  return result;
}

/** The invitation and its record together, unless another admin's invitation got there first. */
async function sendOne(db: Firestore, settings: InvitationSettings, request: InvitationRequest, candidate: Candidate, now: Date): Promise<boolean> {
  const record = db.collection(INVITATIONS).doc(candidate.memberId);
  const member = candidate.member!;
  return db.runTransaction(async (transaction) => {
    const current = await transaction.get(record);
    const lastSentAt = current.get('lastSentAt') as string | undefined;
    if (lastSentAt && now.getTime() - Date.parse(lastSentAt) < INVITATION_INTERVAL_DAYS * DAY_MS) return false;
    transaction.set(record, {
      lastSentAt: now.toISOString(),
      lastSentBy: request.adminEmail,
      firstSentAt: (current.get('firstSentAt') as string | undefined) ?? now.toISOString(),
      count: Number(current.get('count') ?? 0) + 1,
    });
    const message = invitationMail(member, settings, request.language, { unverifiedAccount: candidate.account === 'unverified' });
    transaction.create(db.collection(MAIL).doc(), { to: member.email, message, kind: 'invitation', memberId: candidate.memberId });
    return true;
  });
}

