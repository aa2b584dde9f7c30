/**
 * Which families a notice is delivered to, resolved once when it is sent (a family keeps what it
 * was sent after its enrolment ends, and gets nothing sent before it began):
 * - all: every active family with a portal account, that is an Auth account whose address the
 *   member index resolves to an active member (verified or not, as the office's accounts table
 *   counts them);
 * - lessons: the active families with a child planned in one of the lessons in the current
 *   quarter: plans by lesson and quarter, then those members only, never the whole school;
 * - family: one active member.
 * Reads for lessons and family grow with the audience; "all" reads the index and the active members.
 */
import { ACTIVE, isActiveMember, MEMBER_EMAILS, currentQuarter, type AuditAudience, type NoticeAudience, type QuarterFacts } from '@family-portal/contract';
import { chunk } from 'es-toolkit/array';
import type { Auth } from 'firebase-admin/auth';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { badRequest, HttpError } from '../http/errors';
import { canNameDocument, type StoredAudience } from './noticeRecord';
import { IN_LIMIT } from '../lib/firestoreLimits';

export interface ResolvedAudience {
  memberIds: string[];
  stored: StoredAudience;
  summary: AuditAudience;
}

/** getAll is kept to a few hundred documents a call. */
const GET_ALL_LIMIT = 300;

export const emptyAudience = () => badRequest('No family is in this audience: nothing was sent.');

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The documents of these ids (an id no document can have is left out). */
export async function getAllOf(db: Firestore, collection: string, ids: readonly string[], fieldMask: string[]): Promise<DocumentSnapshot[]> {
  const batches = chunk([...new Set(ids.filter(canNameDocument))], GET_ALL_LIMIT);
  return (await Promise.all(batches.map((batch) => db.getAll(...batch.map((id) => db.collection(collection).doc(id)), { fieldMask })))).flat();
}

/** Of these members, the ones whose document exists and is active, in the order given. */
export async function activeMembers(db: Firestore, memberIds: readonly string[]): Promise<DocumentSnapshot[]> {
  const members = await getAllOf(db, 'members', memberIds, ['status', 'primaryName']);
  return members.filter((member) => member.exists && isActiveMember(member.data()));
}

/** Every Auth account's address (disabled accounts left out), a thousand a page. */
async function accountAddresses(auth: Auth): Promise<Set<string>> {
  const addresses = new Set<string>();
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(1000, pageToken);
    for (const user of page.users) if (user.email && !user.disabled) addresses.add(user.email.trim().toLowerCase());
    pageToken = page.pageToken;
  } while (pageToken);
  return addresses;
}

async function everyFamilyWithAnAccount(db: Firestore, auth: Auth): Promise<string[]> {
  const [addresses, index, active] = await Promise.all([
    accountAddresses(auth),
    db.collection(MEMBER_EMAILS).get(),
    db.collection('members').where('status', '==', ACTIVE).select().get(),
  ]);
  const activeIds = new Set(active.docs.map((doc) => doc.id));
  const memberIds = new Set<string>();
  for (const entry of index.docs) {
    const memberId = entry.get('memberId') as unknown;
    if (addresses.has(entry.id) && typeof memberId === 'string' && activeIds.has(memberId)) memberIds.add(memberId);
  }
  return [...memberIds].sort();
}

export async function quartersOf(db: Firestore): Promise<Array<QuarterFacts & { id: string }>> {
  const snapshot = await db.collection('quarters').get();
  return snapshot.docs.map((doc) => ({ id: doc.id, name: text(doc.get('name')), status: text(doc.get('status')), firstDay: text(doc.get('firstDay')), lastDay: text(doc.get('lastDay')) }));
}

/** The lessons' documents in the order given; 404 naming the first unknown one. */
export async function lessonsOf(db: Firestore, lessonIds: readonly string[]): Promise<DocumentSnapshot[]> {
  const unusable = lessonIds.find((id) => !canNameDocument(id));
  if (unusable !== undefined) throw new HttpError('not-found', `There is no lesson ${unusable}.`);
  const lessons = await getAllOf(db, 'lessons', lessonIds, ['name']);
  const missing = lessons.find((lesson) => !lesson.exists);
  if (missing) throw new HttpError('not-found', `There is no lesson ${missing.id}.`);
  return lessons;
}

/** The plans of these lessons in a quarter: their family, lesson and room hours. */
export async function plansOf(db: Firestore, lessonIds: readonly string[], quarterId: string): Promise<Array<{ memberId: string; lessonId: string; roomHourIds: string[] }>> {
  const snapshots = await Promise.all(
    chunk([...new Set(lessonIds)], IN_LIMIT).map((batch) =>
      db.collection('plans').where('quarterId', '==', quarterId).where('lessonId', 'in', batch).select('memberId', 'lessonId', 'roomHourIds').get(),
    ),
  );
  return snapshots
    .flatMap((snapshot) => snapshot.docs)
    .map((doc) => ({ memberId: text(doc.get('memberId')), lessonId: text(doc.get('lessonId')), roomHourIds: ((doc.get('roomHourIds') as unknown[] | undefined) ?? []).map(String) }))
    .filter((plan) => plan.memberId !== '');
}

export async function resolveAudience(db: Firestore, auth: Auth, audience: NoticeAudience, today: string): Promise<ResolvedAudience> {
  if (audience.kind === 'all') return { memberIds: await everyFamilyWithAnAccount(db, auth), stored: { kind: 'all' }, summary: { kind: 'all' } };

  if (audience.kind === 'family') {
    const [member] = await getAllOf(db, 'members', [audience.memberId], ['status', 'primaryName']);
    if (!member?.exists) throw new HttpError('not-found', `There is no member ${audience.memberId}.`);
    if (!isActiveMember(member.data())) throw badRequest(`The membership of ${audience.memberId} is not active: nothing was sent.`);
    return {
      memberIds: [member.id],
      stored: { kind: 'family', memberId: member.id },
      summary: { kind: 'family', memberId: member.id, memberName: text(member.get('primaryName')) },
    };
  }

  const [lessons, quarters] = await Promise.all([lessonsOf(db, audience.lessonIds), quartersOf(db)]);
  const quarter = currentQuarter(quarters, today);
  if (!quarter) throw badRequest('There is no current quarter, so no family is enrolled in a lesson: nothing was sent.');
  const plans = await plansOf(db, audience.lessonIds, quarter.id);
  const members = await activeMembers(db, plans.map((plan) => plan.memberId));
  return {
    memberIds: members.map((member) => member.id).sort(),
    stored: { kind: 'lessons', lessonIds: [...new Set(audience.lessonIds)], quarterId: quarter.id },
    summary: { kind: 'lessons', lessonNames: lessons.map((lesson) => text(lesson.get('name')) || lesson.id) },
  };
}
