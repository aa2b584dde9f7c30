/**
 * What each family may read of the timetable: member_references/{memberId} lists the ids of the
 * family's plans and of the lessons, room hours and teachers those plans point to. The rules let
 * a member get a lesson, teacher or room hour only when its id is listed there, so no family reads
 * (or pages through) other classes' lessons with their messaging-group links. Clients never read
 * this collection themselves; the rules use it through get().
 *
 * Derived from what Firestore holds once the plans, lessons and children have settled: a full sync
 * recomputes every family; a delta only the families of the plans and lessons it wrote. A failed
 * update is the run's error and is remembered, so that the next run, delta or full, recomputes
 * every family.
 */
import { chunk } from 'es-toolkit/array';
import { MEMBER_REFERENCES, REFERENCES_PENDING_PATH, type ReferencesPending } from '@family-portal/contract';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { SYNCED_AT_FIELD } from '../firestore/contentHash';
import { writeChanges, type Upsert, type WriteOutcome } from '../firestore/firestoreWriter';

/** sync_metadata/member_references exists while the last update of member_references failed. */

export interface MemberReferences {
  planIds: string[];
  lessonIds: string[];
  roomHourIds: string[];
  teacherIds: string[];
}
const LIST_FIELDS = ['planIds', 'lessonIds', 'roomHourIds', 'teacherIds'] as const;

/** What a plan contributes: its owner and what it points to. */
export interface PlanPointers {
  id: string;
  memberId: string;
  lessonId: string | null;
  roomHourIds: string[];
}
const POINTER_FIELDS = ['memberId', 'lessonId', 'roomHourIds'];

/** Every family (a full sync), or the families of the plans and lessons a delta wrote. */
export type ReferenceScope = 'all' | { planIds: readonly string[]; lessonIds: readonly string[] };

/** Firestore's limit of values in an `in` or `array-contains-any` filter. */
const FILTER_VALUES = 30;
/** Documents per getAll call. */
const GET_BATCH = 300;
/**
 * A delta that wrote more plans and lessons than this (the first delta, the office entering a
 * new quarter) recomputes every family: one read of all plans costs less than a query per 30 ids.
 */
const DELTA_LOOKUP_LIMIT = 3000;

const sortedUnique = (ids: Iterable<string>) => [...new Set(ids)].sort();
/** The lists in one string, to compare a stored document with the wanted one. */
const listsKey = (lists: Partial<Record<(typeof LIST_FIELDS)[number], unknown>>) => JSON.stringify(LIST_FIELDS.map((field) => lists[field] ?? null));

function planPointers(snapshot: DocumentSnapshot): PlanPointers | null {
  const memberId: unknown = snapshot.get('memberId');
  if (typeof memberId !== 'string') return null;
  const lessonId: unknown = snapshot.get('lessonId');
  const roomHourIds: unknown = snapshot.get('roomHourIds');
  return {
    id: snapshot.id,
    memberId,
    lessonId: typeof lessonId === 'string' ? lessonId : null,
    roomHourIds: Array.isArray(roomHourIds) ? roomHourIds.filter((id): id is string => typeof id === 'string') : [],
  };
}

/** Each family's references, from its plans and the teachers of their lessons. */
export function referencesByMember(plans: Iterable<PlanPointers>, teacherOfLesson: ReadonlyMap<string, string>): Map<string, MemberReferences> {
  const grouped = new Map<string, PlanPointers[]>();
  for (const plan of plans) {
    const own = grouped.get(plan.memberId);
    if (own) own.push(plan);
    else grouped.set(plan.memberId, [plan]);
  }
  const result = new Map<string, MemberReferences>();
  for (const [memberId, own] of grouped) {
    const lessonIds = sortedUnique(own.flatMap((plan) => plan.lessonId ?? []));
    result.set(memberId, {
      planIds: sortedUnique(own.map((plan) => plan.id)),
      lessonIds,
      roomHourIds: sortedUnique(own.flatMap((plan) => plan.roomHourIds)),
      teacherIds: sortedUnique(lessonIds.flatMap((id) => teacherOfLesson.get(id) ?? [])),
    });
  }
  return result;
}

/** What the recomputation starts from: the families' plans, their lessons' teachers, and the stored lists. */
interface Inputs {
  plans: PlanPointers[];
  teachers: Map<string, string>;
  /** memberId → listsKey of the stored document. */
  stored: Map<string, string>;
}

function teachersOf(snapshots: Iterable<DocumentSnapshot>): Map<string, string> {
  const teachers = new Map<string, string>();
  for (const snapshot of snapshots) {
    const teacherId: unknown = snapshot.get('teacherId');
    if (snapshot.exists && typeof teacherId === 'string') teachers.set(snapshot.id, teacherId);
  }
  return teachers;
}

/** Every plan, lesson and stored document; streamed, so that no snapshot outlives its conversion. */
async function readEveryFamily(db: Firestore): Promise<Inputs> {
  const readPlans = async () => {
    const plans: PlanPointers[] = [];
    for await (const doc of db.collection('plans').select(...POINTER_FIELDS).stream()) {
      const pointers = planPointers(doc as unknown as DocumentSnapshot);
      if (pointers) plans.push(pointers);
    }
    return plans;
  };
  const readStored = async () => {
    const stored = new Map<string, string>();
    for await (const doc of db.collection(MEMBER_REFERENCES).select(...LIST_FIELDS).stream()) {
      const snapshot = doc as unknown as DocumentSnapshot;
      stored.set(snapshot.id, listsKey(snapshot.data() ?? {}));
    }
    return stored;
  };
  const [plans, lessons, stored] = await Promise.all([readPlans(), db.collection('lessons').select('teacherId').get(), readStored()]);
  return { plans, teachers: teachersOf(lessons.docs), stored };
}

/**
 * The families a delta touched: the owners now of the plans it wrote, the families whose stored
 * list names one of them (the owner before a plan moved), and those enrolled in a lesson it wrote
 * (the lesson's teacher may have changed).
 */
async function affectedMembers(db: Firestore, planIds: readonly string[], lessonIds: readonly string[]): Promise<string[]> {
  const plans = db.collection('plans');
  const references = db.collection(MEMBER_REFERENCES);
  const listing = (field: 'planIds' | 'lessonIds', ids: readonly string[]) =>
    chunk(ids, FILTER_VALUES).map((values) => references.where(field, 'array-contains-any', values).select().get());
  const [owners, listed] = await Promise.all([
    Promise.all(chunk(planIds, GET_BATCH).map((ids) => db.getAll(...ids.map((id) => plans.doc(id)), { fieldMask: ['memberId'] }))),
    Promise.all([...listing('planIds', planIds), ...listing('lessonIds', lessonIds)]),
  ]);
  const members = new Set<string>();
  for (const snapshot of owners.flat()) {
    const memberId: unknown = snapshot.get('memberId');
    if (typeof memberId === 'string') members.add(memberId);
  }
  for (const result of listed) for (const doc of result.docs) members.add(doc.id);
  return [...members];
}

/** The plans, lessons and stored documents of these families only. */
async function readFamilies(db: Firestore, memberIds: string[]): Promise<Inputs> {
  const references = db.collection(MEMBER_REFERENCES);
  const [planResults, storedSnapshots] = await Promise.all([
    Promise.all(chunk(memberIds, FILTER_VALUES).map((ids) => db.collection('plans').where('memberId', 'in', ids).select(...POINTER_FIELDS).get())),
    Promise.all(chunk(memberIds, GET_BATCH).map((ids) => db.getAll(...ids.map((id) => references.doc(id)), { fieldMask: [...LIST_FIELDS] }))),
  ]);
  const plans = planResults.flatMap((result) => result.docs.flatMap((doc) => planPointers(doc) ?? []));
  const lessons = db.collection('lessons');
  const lessonIds = sortedUnique(plans.flatMap((plan) => plan.lessonId ?? []));
  const lessonSnapshots = await Promise.all(chunk(lessonIds, GET_BATCH).map((ids) => db.getAll(...ids.map((id) => lessons.doc(id)), { fieldMask: ['teacherId'] })));
  const stored = new Map(storedSnapshots.flat().filter((snapshot) => snapshot.exists).map((snapshot) => [snapshot.id, listsKey(snapshot.data() ?? {})]));
  return { plans, teachers: teachersOf(lessonSnapshots.flat()), stored };
}

/** Writes the families whose lists differ from the stored ones, and deletes those without plans. */
async function reconcile(db: Firestore, { plans, teachers, stored }: Inputs, syncedAt: string): Promise<WriteOutcome> {
  const references = db.collection(MEMBER_REFERENCES);
  const wanted = referencesByMember(plans, teachers);
  const sets: Upsert[] = [];
  for (const [memberId, lists] of wanted) {
    if (stored.get(memberId) !== listsKey(lists)) sets.push({ ref: references.doc(memberId), data: { ...lists, [SYNCED_AT_FIELD]: syncedAt } });
  }
  // A family without plans has nothing of the timetable to read.
  const deletes = [...stored.keys()].filter((memberId) => !wanted.has(memberId)).map((memberId) => references.doc(memberId));
  return writeChanges(db, sets, deletes);
}

/**
 * Brings member_references in line with the plans for the scope's families, writing only the
 * documents that change. Throws when it could not; the next run then recomputes every family.
 */
export async function updateMemberReferences(db: Firestore, scope: ReferenceScope, syncedAt: string): Promise<WriteOutcome> {
  const pending = db.collection(REFERENCES_PENDING_PATH.collection).doc(REFERENCES_PENDING_PATH.doc);
  try {
    const earlierFailure = (await pending.get()).exists;
    const everyFamily = scope === 'all' || earlierFailure || scope.planIds.length + scope.lessonIds.length > DELTA_LOOKUP_LIMIT;
    const inputs = everyFamily
      ? await readEveryFamily(db)
      : await readFamilies(db, await affectedMembers(db, sortedUnique(scope.planIds), sortedUnique(scope.lessonIds)));
    const outcome = await reconcile(db, inputs, syncedAt);
    if (outcome.failed > 0) throw new Error(`${outcome.failed} documents not written, first: ${outcome.firstFailure}`);
    if (earlierFailure) await pending.delete();
    return outcome;
  } catch (error) {
    // A delta's next run may not write these plans again: it must not rely on them to find the families.
    await pending.set({ failedAt: syncedAt, reason: (error as Error).message } satisfies ReferencesPending).catch(() => {});
    throw error;
  }
}
