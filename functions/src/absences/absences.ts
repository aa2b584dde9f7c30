/**
 * A parent reports that a child will miss lessons on a day or a range of days, and may withdraw
 * the report until its first day begins (the school's clock). Every check comes before anything
 * is written: the child must be the family's, the lessons its plans' of the current or the next
 * quarter, the range allowed (absenceDays.ts), and not all of it days the school is closed for
 * those lessons (docs/calendar.md). The record is the portal's own (AppSheet holds
 * none): absences/{id}, read by the family and listed for the office. A report that overlaps or
 * touches an open one of the same lessons extends it, and a child's open reports are capped
 * (absenceMerge.ts): both decided in a transaction over the child's open reports, so that two
 * identical reports sent at once leave one.
 */
import { ABSENCES, MAX_OPEN_ABSENCES, absenceWithdrawable, closedThrough, currentQuarter, nextQuarter, type Absence, type ReportAbsenceBody } from '@family-portal/contract';
import type { DocumentSnapshot, Firestore, Transaction } from 'firebase-admin/firestore';
import { HttpError, badRequest } from '../http/errors';
import { storedClosedDays } from '../sync/family/schoolCalendar';
import { dayIn, schoolTimeZone } from '../lib/timeZone';
import { absenceRangeProblem } from './absenceDays';
import { storedAbsence } from './absenceList';
import { placeAbsence } from './absenceMerge';

export interface AbsenceDeps {
  db: Firestore;
  now?: Date;
}

const schoolToday = (now: Date) => dayIn(now, schoolTimeZone());

/** The lessons of the child's plans in the current and the next quarter. */
async function plannedLessons(db: Firestore, childId: string, today: string): Promise<Set<string>> {
  const [quarters, plans] = await Promise.all([db.collection('quarters').get(), db.collection('plans').where('childId', '==', childId).get()]);
  const facts = quarters.docs.map((doc) => ({
    id: doc.id,
    name: String(doc.get('name') ?? ''),
    status: String(doc.get('status') ?? ''),
    firstDay: String(doc.get('firstDay') ?? ''),
    lastDay: String(doc.get('lastDay') ?? ''),
  }));
  const current = currentQuarter(facts, today);
  const next = nextQuarter(facts, current, today);
  const open = new Set([current?.id, next?.id].filter((id): id is string => id !== undefined));
  return new Set(plans.docs.filter((plan) => open.has(String(plan.get('quarterId')))).map((plan) => String(plan.get('lessonId'))));
}

export interface ReportedAbsence {
  absence: Absence & { id: string };
  /** The days went into an open report of the child (absence.id is that report's). */
  merged: boolean;
  /** The child's other reports the merged one now covers: deleted. */
  absorbed: string[];
}

/**
 * Writes the report within `transaction`: into the child's open report it extends, or as a new
 * one while the child has fewer than MAX_OPEN_ABSENCES. The query of the child's open reports is
 * read in the transaction, so a report written meanwhile makes it run again.
 */
async function placeInTransaction(db: Firestore, transaction: Transaction, absence: Absence, today: string): Promise<ReportedAbsence> {
  const collection = db.collection(ABSENCES);
  const snapshot = await transaction.get(collection.where('childId', '==', absence.childId).where('to', '>=', today));
  const open = snapshot.docs.filter((doc) => doc.get('memberId') === absence.memberId);
  const placement = placeAbsence(open.map(storedAbsence), absence);
  if (placement.kind === 'too-many') {
    throw new HttpError('too-many-absences', `A child can have at most ${MAX_OPEN_ABSENCES} open absence reports. Please withdraw one or contact the school office.`);
  }
  if (placement.kind === 'new') {
    const ref = collection.doc();
    transaction.create(ref, absence);
    return { absence: { id: ref.id, ...absence }, merged: false, absorbed: [] };
  }
  const { keep, absorbed, from, to, reason } = placement;
  transaction.update(collection.doc(keep.id), { from, to, reason });
  for (const other of absorbed) transaction.delete(collection.doc(other.id));
  const kept = open.find((doc) => doc.id === keep.id)!.data() as Absence;
  return { absence: { id: keep.id, ...kept, from, to, reason }, merged: true, absorbed: absorbed.map((other) => other.id) };
}

export async function reportAbsence(deps: AbsenceDeps, caller: { email: string }, member: DocumentSnapshot, body: ReportAbsenceBody): Promise<ReportedAbsence> {
  const { db } = deps;
  const now = deps.now ?? new Date();
  const today = schoolToday(now);
  const problem = absenceRangeProblem(body, today);
  if (problem) throw badRequest(problem);
  if (new Set(body.lessonIds).size !== body.lessonIds.length) throw badRequest('A lesson is named twice.');
  const child = await db.collection('children').doc(body.childId).get();
  if (!child.exists || child.get('memberId') !== member.id) throw new HttpError('permission-denied', 'This child is not one of your family.');
  const planned = await plannedLessons(db, body.childId, today);
  const strange = body.lessonIds.filter((lessonId) => !planned.has(lessonId));
  if (strange.length > 0) throw badRequest(`Not a lesson of this child's plans: ${strange.join(', ')}.`);
  const closed = closedThrough(await storedClosedDays(db), body.from, body.to, body.lessonIds);
  if (closed) {
    throw new HttpError('school-closed', `The school is closed then (${closed.map((closedDay) => closedDay.name).join(', ')}): there is no lesson to miss.`, { closedDays: closed.map(({ name, firstDay, lastDay }) => ({ name, firstDay, lastDay })) });
  }

  const absence: Absence = {
    memberId: member.id,
    childId: body.childId,
    lessonIds: [...body.lessonIds],
    from: body.from,
    to: body.to,
    reason: body.reason ?? '',
    reportedAt: now.toISOString(),
    reportedBy: caller.email,
  };
  return db.runTransaction((transaction) => placeInTransaction(db, transaction, absence, today));
}

/**
 * Deletes the family's report while its first day has not begun. In a transaction, so that a
 * withdrawal racing the day's start (or a second click) reads the record it deletes.
 */
export async function withdrawAbsence(deps: AbsenceDeps, member: DocumentSnapshot, absenceId: string): Promise<void> {
  const { db } = deps;
  const today = schoolToday(deps.now ?? new Date());
  const ref = db.collection(ABSENCES).doc(absenceId);
  await db.runTransaction(async (transaction) => {
    const absence = await transaction.get(ref);
    // Another family's report answers as a missing one: its existence is not the caller's business.
    if (!absence.exists || absence.get('memberId') !== member.id) throw new HttpError('not-found', 'There is no such absence report of your family.');
    if (!absenceWithdrawable({ from: String(absence.get('from')) }, today)) {
      throw new HttpError('absence-started', 'This absence has begun: it can no longer be withdrawn. Please contact the school office.');
    }
    transaction.delete(ref);
  });
}
