/**
 * What each family may read of the timetable: member_references/{memberId} lists the ids of the
 * family's plans and of the lessons, room hours and teachers those plans point to. The rules let
 * a member get a lesson, teacher or room hour only when its id is listed there, so no family reads
 * (or pages through) other classes' lessons with their messaging-group links.
 *
 * Derived from what Firestore holds after the tables are written: a full sync recomputes every
 * family; a delta only the families of the plans and lessons it wrote. A failed update is the
 * run's error and the next full sync repairs it.
 */
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { writeChanges, type Upsert, type WriteOutcome } from './firestoreWriter';

export const MEMBER_REFERENCES = 'member_references';

export interface MemberReferences {
  planIds: string[];
  lessonIds: string[];
  roomHourIds: string[];
  teacherIds: string[];
}

interface PlanPointers {
  id: string;
  memberId: string;
  lessonId: string | null;
  roomHourIds: string[];
}

/** Firestore's limit for `in` and `array-contains-any` filters. */
const FILTER_VALUES = 30;
/** Documents per getAll call. */
const GET_BATCH = 300;

const chunks = <T>(items: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, index) => items.slice(index * size, (index + 1) * size));
const sortedUnique = (ids: Iterable<string>) => [...new Set(ids)].sort();

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

/** Each family's references, from its plans and the lessons' teachers. */
export function referencesByMember(plans: Iterable<PlanPointers>, teacherOfLesson: ReadonlyMap<string, string>): Map<string, MemberReferences> {
  const grouped = new Map<string, PlanPointers[]>();
  for (const plan of plans) {
    const own = grouped.get(plan.memberId) ?? [];
    own.push(plan);
    grouped.set(plan.memberId, own);
  }
  const result = new Map<string, MemberReferences>();
  for (const [memberId, own] of grouped) {
    const lessonIds = sortedUnique(own.flatMap((plan) => (plan.lessonId ? [plan.lessonId] : [])));
    result.set(memberId, {
      planIds: sortedUnique(own.map((plan) => plan.id)),
      lessonIds,
      roomHourIds: sortedUnique(own.flatMap((plan) => plan.roomHourIds)),
      teacherIds: sortedUnique(lessonIds.flatMap((id) => teacherOfLesson.get(id) ?? [])),
    });
  }
  return result;
}

const POINTER_FIELDS = ['memberId', 'lessonId', 'roomHourIds'];

async function teachersOf(db: Firestore, lessonIds: readonly string[] | 'all'): Promise<Map<string, string>> {
  const lessons = db.collection('lessons');
  const snapshots =
    lessonIds === 'all'
      ? (await lessons.select('teacherId').get()).docs
      : (await Promise.all(chunks(lessonIds, GET_BATCH).map((ids) => db.getAll(...ids.map((id) => lessons.doc(id)), { fieldMask: ['teacherId'] })))).flat();
  const teachers = new Map<string, string>();
  for (const snapshot of snapshots) {
    const teacherId: unknown = snapshot.get('teacherId');
    if (snapshot.exists && typeof teacherId === 'string') teachers.set(snapshot.id, teacherId);
  }
  return teachers;
}

/** The members a delta touched: owners of the written plans now and before, and of the written lessons. */
async function affectedMembers(db: Firestore, planIds: readonly string[], lessonIds: readonly string[]): Promise<string[]> {
  const members = new Set<string>();
  const plans = db.collection('plans');
  for (const ids of chunks(planIds, GET_BATCH)) {
    for (const snapshot of await db.getAll(...ids.map((id) => plans.doc(id)), { fieldMask: ['memberId'] })) {
      const memberId: unknown = snapshot.get('memberId');
      if (typeof memberId === 'string') members.add(memberId);
    }
  }
  const references = db.collection(MEMBER_REFERENCES);
  const listing = async (field: keyof MemberReferences, ids: readonly string[]) => {
    for (const values of chunks(ids, FILTER_VALUES)) {
      const snapshot = await references.where(field, 'array-contains-any', values).select().get();
      for (const doc of snapshot.docs) members.add(doc.id);
    }
  };
  await listing('planIds', planIds);
  await listing('lessonIds', lessonIds);
  return [...members];
}

const sameReferences = (stored: DocumentSnapshot | undefined, wanted: MemberReferences) =>
  stored?.exists === true && (Object.keys(wanted) as Array<keyof MemberReferences>).every((key) => JSON.stringify(stored.get(key)) === JSON.stringify(wanted[key]));

/**
 * Brings member_references in line with the plans: every family (`'all'`, a full sync) or the
 * families of the plans and lessons a delta wrote. Writes only documents that change.
 */
export async function reconcileMemberReferences(
  db: Firestore,
  scope: 'all' | { planIds: readonly string[]; lessonIds: readonly string[] },
  syncedAt: string,
): Promise<WriteOutcome> {
  const references = db.collection(MEMBER_REFERENCES);
  let plans: PlanPointers[];
  let stored: DocumentSnapshot[];
  let teachers: Map<string, string>;
  if (scope === 'all') {
    const [planSnapshot, storedSnapshot, lessonTeachers] = await Promise.all([
      db.collection('plans').select(...POINTER_FIELDS).get(),
      references.get(),
      teachersOf(db, 'all'),
    ]);
    plans = planSnapshot.docs.flatMap((doc) => planPointers(doc) ?? []);
    stored = storedSnapshot.docs;
    teachers = lessonTeachers;
  } else {
    const members = await affectedMembers(db, scope.planIds, scope.lessonIds);
    if (members.length === 0) return { written: 0, deleted: 0, failed: 0, firstFailure: null, olderSkipped: 0 };
    const planSnapshots = await Promise.all(
      chunks(members, FILTER_VALUES).map((ids) => db.collection('plans').where('memberId', 'in', ids).select(...POINTER_FIELDS).get()),
    );
    plans = planSnapshots.flatMap((snapshot) => snapshot.docs.flatMap((doc) => planPointers(doc) ?? []));
    stored = (await Promise.all(chunks(members, GET_BATCH).map((ids) => db.getAll(...ids.map((id) => references.doc(id)))))).flat();
    teachers = await teachersOf(db, sortedUnique(plans.flatMap((plan) => (plan.lessonId ? [plan.lessonId] : []))));
  }

  const wanted = referencesByMember(plans, teachers);
  const storedById = new Map(stored.map((snapshot) => [snapshot.id, snapshot]));
  const sets: Upsert[] = [];
  for (const [memberId, lists] of wanted) {
    if (!sameReferences(storedById.get(memberId), lists)) sets.push({ ref: references.doc(memberId), data: { ...lists, _syncedAt: syncedAt } });
  }
  // A family without plans has nothing of the timetable to read.
  const deletes = stored.filter((snapshot) => snapshot.exists && !wanted.has(snapshot.id)).map((snapshot) => snapshot.ref);
  return writeChanges(db, sets, deletes);
}
