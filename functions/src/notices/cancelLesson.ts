/**
 * A lesson cancelled on one date (optionally one of its room hours): a notice of kind
 * 'cancellation' to the active families with a child planned in that lesson, in the quarter of
 * that date, at a room hour on that weekday (a plan without room hours counts when no room hour
 * is chosen: the family is in the lesson). Its texts are written here in de, en and ru.
 */
import { currentQuarter, nextQuarter, type CancelLessonBody } from '@family-portal/contract';
import type { Firestore } from 'firebase-admin/firestore';
import { badRequest, HttpError } from '../http/errors';
import { dayIn, schoolTimeZone } from '../lib/timeZone';
import { activeMembers, lessonsOf, plansOf, quartersOf } from './audience';
import { CANCELLATION_DAY_PROBLEMS, cancellationDay, type RoomHourFacts } from './cancellationDay';
import { CANCELLATION_LANGUAGES, cancellationTexts } from './cancellationTexts';
import { alreadyClosed, closureInForce } from './closeSchool';
import { noticesOf } from './noticeRecord';
import { earlierSend, publishNotice, type Published } from './publishNotice';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

async function roomHoursOf(db: Firestore, lessonId: string): Promise<RoomHourFacts[]> {
  const snapshot = await db.collection('roomHours').where('lessonId', '==', lessonId).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, dayOfWeek: text(doc.get('dayOfWeek')), hourRefLabel: text(doc.get('hourRefLabel')) }));
}

/**
 * A second admin, or the office sending it again from a new form, must not send the families the
 * same cancellation twice (a second attempt of the same send has its key and is answered above): a
 * cancellation of that lesson on that date still in force for the same room hour, or for the
 * whole lesson, refuses this one. (Cancelling the whole lesson after one of its room hours is
 * allowed: it tells more families.) Two sent in the same instant can both pass; the office then
 * withdraws one.
 */
async function refuseRepeat(db: Firestore, body: { lessonId: string; date: string; roomHourId?: string }): Promise<void> {
  const inForce = await noticesOf(db)
    .where('kind', '==', 'cancellation')
    .where('cancellation.lessonId', '==', body.lessonId)
    .where('cancellation.date', '==', body.date)
    .where('withdrawnAt', '==', null)
    .get();
  const covering = inForce.docs.find((doc) => {
    const roomHourId = doc.get('cancellation.roomHourId') as string | null;
    return roomHourId === null || roomHourId === (body.roomHourId ?? null);
  });
  if (covering) throw new HttpError('lesson-already-cancelled', `The lesson ${body.lessonId} is already cancelled on ${body.date} (notice ${covering.id}).`);
}

export async function cancelLesson(
  db: Firestore,
  adminEmail: string,
  body: Required<Pick<CancelLessonBody, 'lessonId' | 'date' | 'reason' | 'idempotencyKey'>> & { roomHourId?: string },
  now = new Date(),
): Promise<Published> {
  // Before refuseRepeat: the second attempt of this very cancellation is its answer, not a 409.
  const earlier = await earlierSend(db, 'cancellation', adminEmail, body.idempotencyKey);
  if (earlier) return earlier;
  const timeZone = schoolTimeZone();
  const today = dayIn(now, timeZone);
  const [[lesson], quarters, lessonHours] = await Promise.all([lessonsOf(db, [body.lessonId]), quartersOf(db), roomHoursOf(db, body.lessonId)]);
  const roomHours = body.roomHourId === undefined ? lessonHours : lessonHours.filter((roomHour) => roomHour.id === body.roomHourId);
  if (roomHours.length === 0) {
    throw new HttpError('not-found', body.roomHourId === undefined ? `The lesson ${body.lessonId} has no room hours.` : `The lesson ${body.lessonId} has no room hour ${body.roomHourId}.`);
  }
  const current = currentQuarter(quarters, today);
  const day = cancellationDay({ date: body.date, today, quarters: [current, nextQuarter(quarters, current, today)], roomHours });
  if ('problem' in day) throw badRequest(`Invalid request: date: ${CANCELLATION_DAY_PROBLEMS[day.problem]}`);

  await refuseRepeat(db, body);
  const closure = await closureInForce(db, body.date);
  if (closure) throw alreadyClosed(body.date, closure);

  const hours = new Set(day.roomHours.map((roomHour) => roomHour.id));
  const plans = (await plansOf(db, [body.lessonId], day.quarter.id)).filter(
    (plan) => plan.roomHourIds.some((id) => hours.has(id)) || (body.roomHourId === undefined && plan.roomHourIds.length === 0),
  );
  const members = await activeMembers(db, plans.map((plan) => plan.memberId));
  const lessonName = text(lesson?.get('name')) || body.lessonId;
  return publishNotice(
    db,
    adminEmail,
    {
      kind: 'cancellation',
      texts: cancellationTexts({ lessonName, date: body.date, hourLabels: day.roomHours.map((roomHour) => roomHour.hourRefLabel), reason: body.reason, timeZone }),
      languages: [...CANCELLATION_LANGUAGES],
      audience: {
        memberIds: members.map((member) => member.id).sort(),
        stored: { kind: 'lessons', lessonIds: [body.lessonId], quarterId: day.quarter.id },
        summary: { kind: 'lessons', lessonNames: [lessonName] },
      },
      cancellation: { lessonId: body.lessonId, lessonName, date: body.date, roomHourId: body.roomHourId ?? null, reason: body.reason },
      idempotencyKey: body.idempotencyKey,
    },
    now,
  );
}
