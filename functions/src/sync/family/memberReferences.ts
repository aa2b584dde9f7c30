/**
 * The family's timetable: member_references/{memberId} holds the lessons, room hours and teachers
 * the family's plans point to, copied from their collections, with the ids of the plans and of
 * those documents. A signed-in parent reads this one document (the rules allow its own) instead of
 * one get per lesson, teacher and room hour after its plans: the dashboard needs no read that waits
 * for the plans, and no family reads other classes' lessons with their messaging-group links
 * (members cannot read the three collections at all).
 *
 * Derived from what Firestore holds once the plans, lessons and children have settled: a full sync
 * recomputes every family; a delta only the families of the plans, lessons, teachers and room
 * hours it wrote. A failed update is the run's error and is remembered, so that the next run,
 * delta or full, recomputes every family.
 */
import { chunk } from 'es-toolkit/array';
import { MEMBER_REFERENCES, REFERENCES_PENDING_PATH, type ReferencesPending } from '@family-portal/contract';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { contentHash, HASH_FIELD, SYNCED_AT_FIELD } from '../firestore/contentHash';
import { writeChanges, type Upsert, type WriteOutcome } from '../firestore/firestoreWriter';
import type { SyncedDocument } from '../mapping/mapRow';

/** A copied lesson, teacher or room hour: its id and its synced fields, without the sync's bookkeeping. */
export type CopiedDocument = SyncedDocument & { id: string };

// A type, not an interface: contentHash takes it as a record.
export type MemberReferences = {
  planIds: string[];
  lessonIds: string[];
  roomHourIds: string[];
  teacherIds: string[];
  lessons: CopiedDocument[];
  roomHours: CopiedDocument[];
  teachers: CopiedDocument[];
};

/** What a plan contributes: its owner and what it points to. */
export interface PlanPointers {
  id: string;
  memberId: string;
  lessonId: string | null;
  roomHourIds: string[];
}
const POINTER_FIELDS = ['memberId', 'lessonId', 'roomHourIds'];

/** The timetable's documents by id, as Firestore holds them now. */
export interface Timetable {
  lessons: ReadonlyMap<string, CopiedDocument>;
  roomHours: ReadonlyMap<string, CopiedDocument>;
  teachers: ReadonlyMap<string, CopiedDocument>;
}

/** Every family (a full sync), or the families of what a delta wrote. */
export type ReferenceScope = 'all' | { planIds: readonly string[]; lessonIds: readonly string[]; roomHourIds: readonly string[]; teacherIds: readonly string[] };

/** Firestore's limit of values in an `in` or `array-contains-any` filter. */
const FILTER_VALUES = 30;
/** Documents per getAll call. */
const GET_BATCH = 300;
/**
 * A delta that wrote more plans and timetable documents than this (the first delta, the office
 * entering a new quarter) recomputes every family: one read of all plans costs less than a query
 * per 30 ids.
 */
const DELTA_LOOKUP_LIMIT = 3000;

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

/** The copy of a stored document: fields in a fixed order, so that equal content hashes equally. */
function copied(snapshot: DocumentSnapshot): CopiedDocument {
  const data = snapshot.data() ?? {};
  const fields = Object.keys(data)
    .filter((key) => !key.startsWith('_'))
    .sort()
    .map((key): [string, SyncedDocument[string]] => [key, data[key] as SyncedDocument[string]]);
  return { id: snapshot.id, ...Object.fromEntries(fields) };
}

function byId(snapshots: Iterable<DocumentSnapshot>): Map<string, CopiedDocument> {
  const documents = new Map<string, CopiedDocument>();
  for (const snapshot of snapshots) if (snapshot.exists) documents.set(snapshot.id, copied(snapshot));
  return documents;
}

const teacherOf = (lesson: CopiedDocument | undefined) => (typeof lesson?.teacherId === 'string' ? lesson.teacherId : null);

/**
 * Each family's references, from its plans and the timetable. The id lists keep what a plan names
 * even while that document is missing, so that a delta which then writes it finds the family.
 */
export function referencesByMember(plans: Iterable<PlanPointers>, timetable: Timetable): Map<string, MemberReferences> {
  const grouped = new Map<string, PlanPointers[]>();
  for (const plan of plans) {
    const own = grouped.get(plan.memberId);
    if (own) own.push(plan);
    else grouped.set(plan.memberId, [plan]);
  }
  const present = (documents: ReadonlyMap<string, CopiedDocument>, ids: string[]) => ids.flatMap((id) => documents.get(id) ?? []);
  const result = new Map<string, MemberReferences>();
  for (const [memberId, own] of grouped) {
    const lessonIds = sortedUnique(own.flatMap((plan) => plan.lessonId ?? []));
    const roomHourIds = sortedUnique(own.flatMap((plan) => plan.roomHourIds));
    const teacherIds = sortedUnique(lessonIds.flatMap((id) => teacherOf(timetable.lessons.get(id)) ?? []));
    result.set(memberId, {
      planIds: sortedUnique(own.map((plan) => plan.id)),
      lessonIds,
      roomHourIds,
      teacherIds,
      lessons: present(timetable.lessons, lessonIds),
      roomHours: present(timetable.roomHours, roomHourIds),
      teachers: present(timetable.teachers, teacherIds),
    });
  }
  return result;
}

/** What the recomputation starts from: the families' plans, the timetable, and the stored hashes. */
interface Inputs {
  plans: PlanPointers[];
  timetable: Timetable;
  /** memberId → the hash of the stored document. */
  stored: Map<string, unknown>;
}

/** Every plan, the whole timetable and every stored document; plans streamed, so that no snapshot outlives its conversion. */
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
    const stored = new Map<string, unknown>();
    for await (const doc of db.collection(MEMBER_REFERENCES).select(HASH_FIELD).stream()) {
      const snapshot = doc as unknown as DocumentSnapshot;
      stored.set(snapshot.id, snapshot.get(HASH_FIELD));
    }
    return stored;
  };
  const whole = async (name: string) => byId((await db.collection(name).get()).docs);
  const [plans, lessons, roomHours, teachers, stored] = await Promise.all([readPlans(), whole('lessons'), whole('roomHours'), whole('teachers'), readStored()]);
  return { plans, timetable: { lessons, roomHours, teachers }, stored };
}

/**
 * The families a delta touched: the owners now of the plans it wrote, and the families whose
 * stored lists name one of the plans (the owner before a plan moved), lessons, room hours or
 * teachers it wrote.
 */
async function affectedMembers(db: Firestore, scope: Exclude<ReferenceScope, 'all'>): Promise<string[]> {
  const plans = db.collection('plans');
  const references = db.collection(MEMBER_REFERENCES);
  const listing = (field: 'planIds' | 'lessonIds' | 'roomHourIds' | 'teacherIds') =>
    chunk(sortedUnique(scope[field]), FILTER_VALUES).map((values) => references.where(field, 'array-contains-any', values).select().get());
  const [owners, listed] = await Promise.all([
    Promise.all(chunk(sortedUnique(scope.planIds), GET_BATCH).map((ids) => db.getAll(...ids.map((id) => plans.doc(id)), { fieldMask: ['memberId'] }))),
    Promise.all([...listing('planIds'), ...listing('lessonIds'), ...listing('roomHourIds'), ...listing('teacherIds')]),
  ]);
  const members = new Set<string>();
  for (const snapshot of owners.flat()) {
    const memberId: unknown = snapshot.get('memberId');
    if (typeof memberId === 'string') members.add(memberId);
  }
  for (const result of listed) for (const doc of result.docs) members.add(doc.id);
  return [...members];
}

/** The plans of these families, what those point to, and their stored documents. */
async function readFamilies(db: Firestore, memberIds: string[]): Promise<Inputs> {
  const references = db.collection(MEMBER_REFERENCES);
  const [planResults, storedSnapshots] = await Promise.all([
    Promise.all(chunk(memberIds, FILTER_VALUES).map((ids) => db.collection('plans').where('memberId', 'in', ids).select(...POINTER_FIELDS).get())),
    Promise.all(chunk(memberIds, GET_BATCH).map((ids) => db.getAll(...ids.map((id) => references.doc(id)), { fieldMask: [HASH_FIELD] }))),
  ]);
  const plans = planResults.flatMap((result) => result.docs.flatMap((doc) => planPointers(doc) ?? []));
  const getAll = async (name: string, ids: Iterable<string>) => {
    const collection = db.collection(name);
    const batches = await Promise.all(chunk(sortedUnique(ids), GET_BATCH).map((batch) => db.getAll(...batch.map((id) => collection.doc(id)))));
    return byId(batches.flat());
  };
  const [lessons, roomHours] = await Promise.all([
    getAll('lessons', plans.flatMap((plan) => plan.lessonId ?? [])),
    getAll('roomHours', plans.flatMap((plan) => plan.roomHourIds)),
  ]);
  const teachers = await getAll('teachers', [...lessons.values()].flatMap((lesson) => teacherOf(lesson) ?? []));
  const stored = new Map(storedSnapshots.flat().filter((snapshot) => snapshot.exists).map((snapshot) => [snapshot.id, snapshot.get(HASH_FIELD) as unknown]));
  return { plans, timetable: { lessons, roomHours, teachers }, stored };
}

/** Writes the families whose document differs from the stored one, and deletes those without plans. */
async function reconcile(db: Firestore, { plans, timetable, stored }: Inputs, syncedAt: string): Promise<WriteOutcome> {
  const references = db.collection(MEMBER_REFERENCES);
  const wanted = referencesByMember(plans, timetable);
  const sets: Upsert[] = [];
  for (const [memberId, family] of wanted) {
    const hash = contentHash(family);
    if (stored.get(memberId) !== hash) sets.push({ ref: references.doc(memberId), data: { ...family, [HASH_FIELD]: hash, [SYNCED_AT_FIELD]: syncedAt } });
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
    const everyFamily =
      scope === 'all' || earlierFailure || scope.planIds.length + scope.lessonIds.length + scope.roomHourIds.length + scope.teacherIds.length > DELTA_LOOKUP_LIMIT;
    const inputs = everyFamily ? await readEveryFamily(db) : await readFamilies(db, await affectedMembers(db, scope));
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
