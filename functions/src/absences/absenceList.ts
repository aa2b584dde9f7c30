/**
 * The office's list of absences per day and lesson (the list a teacher needs at the door), for
 * the console and the daily e-mail. It reads only the absences that touch the window (one query
 * with a range on each end of a report), then the names and plans of those children only, in
 * batches, never the school.
 */
import { ABSENCES, type AbsenceList } from '@family-portal/contract';
import { chunk } from 'es-toolkit/array';
import type { DocumentSnapshot, Firestore, Query } from 'firebase-admin/firestore';
import { storedClosedDays } from '../sync/family/schoolCalendar';
import { absencesByDay, addDays, type LessonSpan, type StoredAbsence } from './absenceDays';
import { IN_LIMIT } from '../lib/firestoreLimits';

/** Document ids one getAll takes; and the values of one `in` query. */
const BATCH = 300;

async function readMany(db: Firestore, collection: string, ids: Iterable<string>, fields: string[]): Promise<Map<string, DocumentSnapshot>> {
  const unique = [...new Set(ids)].filter((id) => id !== '');
  const batches = await Promise.all(chunk(unique, BATCH).map((batch) => db.getAll(...batch.map((id) => db.collection(collection).doc(id)), { fieldMask: fields })));
  return new Map(batches.flat().filter((doc) => doc.exists).map((doc) => [doc.id, doc]));
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const names = (docs: Map<string, DocumentSnapshot>, field: string) => new Map([...docs].map(([id, doc]) => [id, text(doc.get(field))]));

/** An absence document as the list and the report's merge read it. */
export function storedAbsence(doc: DocumentSnapshot): StoredAbsence {
  return {
    id: doc.id,
    memberId: text(doc.get('memberId')),
    childId: text(doc.get('childId')),
    lessonIds: ((doc.get('lessonIds') as unknown[] | undefined) ?? []).map(String),
    from: text(doc.get('from')),
    to: text(doc.get('to')),
    reason: text(doc.get('reason')),
  };
}

/**
 * The absences whose days meet [from, last]: `to >= from` and `from <= last`, a range on two
 * fields in one query (firestore.indexes.json: absences by `to`, then `from`). With a range on
 * `to` alone, every report of the coming six months would be read to list one day; days stored
 * as an array (array-contains-any) would need every existing report rewritten first. `to` leads
 * the index because it is the narrower bound: `to >= from` holds for the reports of the coming
 * months only, `from <= last` for every report of the twelve months kept.
 */
export const overlappingQuery = (db: Firestore, from: string, last: string): Query =>
  db.collection(ABSENCES).where('to', '>=', from).where('from', '<=', last).orderBy('to').orderBy('from');

export async function absencesOverlapping(db: Firestore, from: string, last: string): Promise<StoredAbsence[]> {
  return (await overlappingQuery(db, from, last).get()).docs.map(storedAbsence);
}

/** When the absent children have their lessons: their plans' quarters and room hours' weekdays. */
async function lessonSpans(db: Firestore, childIds: string[]): Promise<LessonSpan[]> {
  if (childIds.length === 0) return [];
  const [plans, quarters] = await Promise.all([
    Promise.all(chunk(childIds, IN_LIMIT).map((ids) => db.collection('plans').where('childId', 'in', ids).select('childId', 'lessonId', 'quarterId', 'roomHourIds').get())),
    db.collection('quarters').select('firstDay', 'lastDay').get(),
  ]);
  const planDocs = plans.flatMap((snapshot) => snapshot.docs);
  const roomHourIds = planDocs.flatMap((plan) => ((plan.get('roomHourIds') as unknown[] | undefined) ?? []).map(String));
  const roomHours = await readMany(db, 'roomHours', roomHourIds, ['dayOfWeek']);
  const quarterOf = new Map(quarters.docs.map((doc) => [doc.id, { firstDay: text(doc.get('firstDay')), lastDay: text(doc.get('lastDay')) }]));
  return planDocs.flatMap((plan) => {
    const quarter = quarterOf.get(text(plan.get('quarterId')));
    if (!quarter) return [];
    return ((plan.get('roomHourIds') as unknown[] | undefined) ?? []).flatMap((roomHourId) => {
      const dayOfWeek = text(roomHours.get(String(roomHourId))?.get('dayOfWeek'));
      return dayOfWeek ? [{ childId: text(plan.get('childId')), lessonId: text(plan.get('lessonId')), ...quarter, dayOfWeek }] : [];
    });
  });
}

/** Per day from `from` for `days` days, per lesson, the children reported absent with their names. */
export async function listAbsences(db: Firestore, from: string, days: number): Promise<AbsenceList> {
  const absences = await absencesOverlapping(db, from, addDays(from, days - 1));
  const childIds = [...new Set(absences.map((absence) => absence.childId))];
  const [spans, children, families, lessons, closedDays] = await Promise.all([
    lessonSpans(db, childIds),
    readMany(db, 'children', childIds, ['name']),
    readMany(db, 'members', absences.map((absence) => absence.memberId), ['primaryName']),
    readMany(db, 'lessons', absences.flatMap((absence) => absence.lessonIds), ['name']),
    storedClosedDays(db),
  ]);
  return absencesByDay(absences, spans, { children: names(children, 'name'), families: names(families, 'primaryName'), lessons: names(lessons, 'name') }, from, days, closedDays);
}
