/**
 * The office closes the school for one day at short notice (snow, a strike, a burst pipe): one
 * notice of kind 'cancellation' whose lessonId is null, delivered once to every active family with
 * a child planned in a lesson that takes place that day, however many lessons it has then. The
 * family's plans page, its calendar feed and its e-mail read it as every one of its lessons on
 * that date cancelled; withdrawing it gives them back, as for one cancelled lesson.
 *
 * Holidays known in advance are not closures: they belong in the Closed Days table
 * (docs/calendar.md), and a day that table already closes for the whole school is refused.
 * Closures are bounded (closureBounds.ts): a few a day for the whole school, and a date closed
 * again soon after a withdrawal e-mails its families again only when the office says so.
 */
import { closes, currentQuarter, nextQuarter, type CalendarClosedDay, type CloseSchoolBody } from '@family-portal/contract';
import type { Firestore } from 'firebase-admin/firestore';
import { schoolClosuresPerDayFromEnvironment } from '../config';
import { badRequest, HttpError } from '../http/errors';
import { storedClosedDays } from '../sync/family/schoolCalendar';
import { dayIn, schoolTimeZone } from '../lib/timeZone';
import { activeMembers, emptyAudience, plansOf, quartersOf } from './audience';
import { CANCELLATION_DAY_PROBLEMS, cancellationDay, isCalendarDay, weekdayWord, type CancellationDayProblem, type RoomHourFacts } from './cancellationDay';
import { CANCELLATION_LANGUAGES, closureTexts } from './cancellationTexts';
import { giveClosureBack, recentlyWithdrawn, refuseBeyondLimit, resendUnconfirmed, takeClosure } from './closureBounds';
import { noticeIdFor, noticesOf } from './noticeRecord';
import { earlierSend, publishNotice, type Published } from './publishNotice';

const CLOSURE_DAY_PROBLEMS: Record<CancellationDayProblem, string> = {
  ...CANCELLATION_DAY_PROBLEMS,
  'not-a-lesson-day': 'No lesson takes place on that weekday.',
};

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The room hours on the date's weekday, with their lessons (a handful to a few hundred documents). */
async function roomHoursOn(db: Firestore, date: string): Promise<Array<RoomHourFacts & { lessonId: string }>> {
  if (!isCalendarDay(date)) return [];
  const snapshot = await db.collection('roomHours').where('dayOfWeek', '==', weekdayWord(date)).get();
  return snapshot.docs.map((doc) => ({ id: doc.id, lessonId: text(doc.get('lessonId')), dayOfWeek: text(doc.get('dayOfWeek')), hourRefLabel: text(doc.get('hourRefLabel')) }));
}

/** The office's closure of that date still in force, if any: a second one would tell the families twice. */
export async function closureInForce(db: Firestore, date: string): Promise<string | null> {
  const inForce = await noticesOf(db)
    .where('kind', '==', 'cancellation')
    .where('cancellation.lessonId', '==', null)
    .where('cancellation.date', '==', date)
    .where('withdrawnAt', '==', null)
    .limit(1)
    .get();
  return inForce.docs[0]?.id ?? null;
}

export const alreadyClosed = (date: string, noticeId: string) =>
  new HttpError('school-already-closed', `The school is already closed on ${date} (notice ${noticeId}); withdraw that notice first to send another.`);

/** The Closed Days table's row that closes the whole school on that date, if any. */
const wholeSchoolClosed = (closedDays: readonly CalendarClosedDay[], date: string) =>
  closedDays.find((closedDay) => closedDay.lessonId === null && closedDay.roomHourId === null && closedDay.firstDay <= date && date <= closedDay.lastDay);

export async function closeSchool(
  db: Firestore,
  adminEmail: string,
  body: Required<Pick<CloseSchoolBody, 'date' | 'reason' | 'idempotencyKey'>> & { resendMails?: boolean | undefined },
  now = new Date(),
  closuresPerDay = schoolClosuresPerDayFromEnvironment(),
): Promise<Published> {
  // A second attempt of this very send is answered with its notice, never refused as a repeat or counted again.
  const earlier = await earlierSend(db, 'closure', adminEmail, body.idempotencyKey, now);
  if (earlier) return earlier;
  const timeZone = schoolTimeZone();
  const today = dayIn(now, timeZone);
  const [quarters, roomHours, closedDays] = await Promise.all([quartersOf(db), roomHoursOn(db, body.date), storedClosedDays(db)]);
  const current = currentQuarter(quarters, today);
  const day = cancellationDay({ date: body.date, today, quarters: [current, nextQuarter(quarters, current, today)], roomHours });
  if ('problem' in day) throw badRequest(`Invalid request: date: ${CLOSURE_DAY_PROBLEMS[day.problem]}`);
  const holiday = wholeSchoolClosed(closedDays, body.date);
  if (holiday) throw new HttpError('school-closed', `The school is already closed on ${body.date} (${holiday.name}): there is no lesson to cancel.`);
  const earlierClosure = await closureInForce(db, body.date);
  if (earlierClosure) throw alreadyClosed(body.date, earlierClosure);
  await refuseBeyondLimit(db, today, closuresPerDay);
  const withdrawn = await recentlyWithdrawn(db, body.date, now);
  if (withdrawn && body.resendMails === undefined) throw resendUnconfirmed(body.date, withdrawn);

  // A room hour the Closed Days table already closes that day has no lesson to cancel.
  const open = day.roomHours.filter((roomHour) => !closedDays.some((closedDay) => closes(closedDay, body.date, { lessonId: roomHour.lessonId, roomHourId: roomHour.id })));
  const openIds = new Set(open.map((roomHour) => roomHour.id));
  const openLessons = new Set(open.map((roomHour) => roomHour.lessonId));
  // A plan without room hours is in its lesson at every time it has (as for one cancelled lesson).
  const plans = (await plansOf(db, [...openLessons], day.quarter.id)).filter(
    (plan) => plan.roomHourIds.some((id) => openIds.has(id)) || (plan.roomHourIds.length === 0 && openLessons.has(plan.lessonId)),
  );
  const members = await activeMembers(db, plans.map((plan) => plan.memberId));
  if (members.length === 0) throw emptyAudience();
  await takeClosure(db, today, closuresPerDay);
  let published: Published;
  try {
    published = await publish(db, adminEmail, body, { members: members.map((member) => member.id), quarterId: day.quarter.id, mails: !withdrawn || body.resendMails === true, timeZone }, now);
  } catch (error) {
    // A closure whose notice was never written is none: the day keeps it.
    if (!(await noticesOf(db).doc(noticeIdFor('closure', adminEmail, body.idempotencyKey)).get()).exists) await giveClosureBack(db, today);
    throw error;
  }
  // Another attempt of this send made it meanwhile, and counted it.
  if (published.replayed) await giveClosureBack(db, today);
  return published;
}

function publish(
  db: Firestore,
  adminEmail: string,
  body: { date: string; reason: string; idempotencyKey: string },
  closure: { members: string[]; quarterId: string; mails: boolean; timeZone: string },
  now: Date,
): Promise<Published> {
  return publishNotice(
    db,
    adminEmail,
    {
      kind: 'cancellation',
      texts: closureTexts({ date: body.date, reason: body.reason, timeZone: closure.timeZone }),
      languages: [...CANCELLATION_LANGUAGES],
      audience: {
        memberIds: [...new Set(closure.members)].sort(),
        stored: { kind: 'day', date: body.date, quarterId: closure.quarterId },
        summary: { kind: 'day', date: body.date },
      },
      cancellation: { lessonId: null, lessonName: '', date: body.date, roomHourId: null, reason: body.reason },
      idempotencyKey: body.idempotencyKey,
      keySpace: 'closure',
      mails: closure.mails,
    },
    now,
  );
}
