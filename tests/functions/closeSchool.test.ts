/**
 * The office closes the school for a day through the Functions emulator, on the demo school:
 * one notice to each active family with a lesson that day (however many lessons it has then),
 * nobody else; its calendar shows each of those lessons cancelled and gets them back when the
 * office withdraws it; a second closure of the day, a lesson cancelled on it, a day without
 * lessons, a holiday of the Closed Days table and a caller who is not an admin are refused,
 * writing nothing; a send tried again with its key is answered with the first one's notice.
 */
import {
  ACTIVE,
  ADMIN_AUDIT,
  CALENDAR_FEEDS,
  currentQuarter,
  MAIL,
  nextQuarter,
  NOTICE_DELIVERIES,
  NOTICES,
  officeNoticeAnswer,
  SCHOOL_CALENDAR,
  schoolCalendarSchema,
  WEEKDAYS,
  type CalendarClosedDay,
} from '@family-portal/contract';
import ICAL from 'ical.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { noticeMailId } from '../../functions/src/notifications/documentIds';
import { createAppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { runFullSync } from '../../functions/src/sync/run/engine';
import { dayIn } from '../../functions/src/sync/time/timeZone';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { PORTS } from '../../tools/lib/stack';
import { functionUrl, signedUpAccount } from '../support/auth';

const { db, auth } = emulatorAdmin();
const appSheet = createAppSheetClient({ baseUrl: `http://127.0.0.1:${PORTS.appsheet}`, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY });
const ADMIN = 'close-school-admin@example.com';
const DAY_MS = 86_400_000;

interface Quarter {
  id: string;
  firstDay: string;
  lastDay: string;
}

let adminToken = '';
let parent = { memberId: '', uid: '', token: '' };
let quarters: Quarter[] = [];
let plans: Array<{ memberId: string; lessonId: string; quarterId: string; roomHourIds: string[] }> = [];
let roomHours = new Map<string, { lessonId: string; dayOfWeek: string }>();
let closedDays: CalendarClosedDay[] = [];
let activeIds = new Set<string>();
/** A day of the current or next quarter with lessons of several families and no closed day. */
let date = '';

const today = () => dayIn(new Date(), 'Europe/Berlin');
const dayPlus = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const weekdayOf = (day: string) => WEEKDAYS[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7]!;
const quarterOf = (day: string) => quarters.find((quarter) => quarter.firstDay <= day && day <= quarter.lastDay);
const closedOn = (day: string) => closedDays.filter((closedDay) => closedDay.firstDay <= day && day <= closedDay.lastDay);

async function call(name: string, token: string | null, body?: unknown) {
  const response = await fetch(functionUrl(name), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}
const closeSchool = (day: string, reason = 'Rohrbruch im Schulhaus', idempotencyKey: string = randomUUID(), token = adminToken) =>
  call('closeSchool', token, { date: day, reason, idempotencyKey });
const deliveredTo = async (noticeId: string) =>
  (await db.collection(NOTICE_DELIVERIES).where('noticeId', '==', noticeId).get()).docs.map((doc) => doc.get('memberId') as string).sort();
const count = async (collection: string) => (await db.collection(collection).count().get()).data().count;
const written = async () => Promise.all([NOTICES, NOTICE_DELIVERIES, ADMIN_AUDIT, MAIL].map(count));

/** The active families with a plan of that day's quarter at a time on that weekday: read from the plans, not from the function. */
function familiesWithALessonOn(day: string, exceptLesson?: string): string[] {
  const quarter = quarterOf(day)!;
  const hours = new Set([...roomHours.entries()].filter(([, hour]) => hour.dayOfWeek === weekdayOf(day) && hour.lessonId !== exceptLesson).map(([id]) => id));
  const lessonsThatDay = new Set([...hours].map((id) => roomHours.get(id)!.lessonId));
  const members = plans
    .filter((plan) => plan.quarterId === quarter.id && activeIds.has(plan.memberId))
    .filter((plan) => plan.roomHourIds.some((id) => hours.has(id)) || (plan.roomHourIds.length === 0 && lessonsThatDay.has(plan.lessonId)))
    .map((plan) => plan.memberId);
  return [...new Set(members)].sort();
}

/** The occurrences a calendar app shows as cancelled: "<room hour> <date>". */
function cancelledIn(ics: string): string[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar
    .getAllSubcomponents('vevent')
    .filter((component) => component.getFirstPropertyValue('status') === 'CANCELLED')
    .map((component) => {
      const event = new ICAL.Event(component);
      return `${event.uid.replace(/@.*$/, '').split('.')[1]} ${event.recurrenceId.toString().slice(0, 10)}`;
    })
    .sort();
}

beforeAll(async () => {
  await clearFirestore();
  expect((await runFullSync({ db, appSheet }, { triggeredBy: 'manual' })).status).not.toBe('error');
  const all = (await db.collection('quarters').get()).docs.map((doc) => ({ id: doc.id, name: doc.get('name'), status: doc.get('status'), firstDay: doc.get('firstDay'), lastDay: doc.get('lastDay') }));
  const current = currentQuarter(all, today());
  quarters = [current, nextQuarter(all, current, today())].filter((quarter): quarter is (typeof all)[number] => quarter !== null);
  activeIds = new Set((await db.collection('members').where('status', '==', ACTIVE).get()).docs.map((doc) => doc.id));
  roomHours = new Map((await db.collection('roomHours').get()).docs.map((doc) => [doc.id, { lessonId: doc.get('lessonId'), dayOfWeek: doc.get('dayOfWeek') }]));
  plans = (await db.collection('plans').get()).docs.map((doc) => ({ memberId: doc.get('memberId'), lessonId: doc.get('lessonId'), quarterId: doc.get('quarterId'), roomHourIds: doc.get('roomHourIds') ?? [] }));
  closedDays = (await db.collection(SCHOOL_CALENDAR).get()).docs.flatMap((doc) => schoolCalendarSchema.parse(doc.data()).closedDays);
  // The demo school's closed days are in place: the refusal of a holiday below needs one.
  expect(closedDays.length).toBeGreaterThan(0);

  // The first day from tomorrow, in reach, without any closed day, with some family's lesson.
  for (let day = dayPlus(today(), 1); !date && day <= dayPlus(today(), 170); day = dayPlus(day, 1)) {
    if (quarterOf(day) && closedOn(day).length === 0 && familiesWithALessonOn(day).length > 1) date = day;
  }
  expect(date).not.toBe('');
  adminToken = (await signedUpAccount(ADMIN, { admin: true })).token;
  const memberId = familiesWithALessonOn(date)[0]!;
  const email = (await db.doc(`members/${memberId}`).get()).get('primaryEmail') as string;
  parent = { memberId, ...(await signedUpAccount(email)) };
});

beforeEach(async () => {
  await db.recursiveDelete(db.collection('rate_limits'));
});

afterAll(async () => {
  await Promise.all([parent.uid, (await auth.getUserByEmail(ADMIN)).uid].map((uid) => auth.deleteUser(uid)));
  await clearFirestore();
});

describe('closing the school for a day', () => {
  it('tells each family with a lesson that day once, nobody else, in three languages, with its e-mail and audit entry', async () => {
    const expected = familiesWithALessonOn(date);
    const before = await written();
    const key = randomUUID();
    const answer = await closeSchool(date, 'Rohrbruch im Schulhaus', key);
    expect(answer.status).toBe(200);
    const notice = officeNoticeAnswer.parse(answer.body).data;
    expect(notice).toMatchObject({
      kind: 'cancellation',
      audience: { kind: 'day', date },
      cancellation: { lessonId: null, lessonName: '', date, roomHourId: null, reason: 'Rohrbruch im Schulhaus' },
      recipients: expected.length,
      languages: ['de', 'en', 'ru'],
    });
    expect(notice.texts.de?.body).toMatch(/^Die Schule ist am .* geschlossen: Der Unterricht Ihrer Kinder an diesem Tag fällt aus\.\nGrund: Rohrbruch im Schulhaus$/);
    // One copy per family, also for a family with several lessons that day.
    expect(await deliveredTo(notice.id)).toEqual(expected);
    const after = await written();
    expect(after[0]! - before[0]!).toBe(1);
    expect(after[1]! - before[1]!).toBe(expected.length);
    // The parent with an account gets the e-mail of a cancelled lesson (on unless turned off).
    expect((await db.doc(`${MAIL}/${noticeMailId(notice.id, parent.uid)}`).get()).exists).toBe(true);
    const audit = (await db.collection(ADMIN_AUDIT).where('noticeId', '==', notice.id).get()).docs.map((doc) => doc.data());
    expect(audit).toEqual([expect.objectContaining({ kind: 'noticeSent', noticeKind: 'cancellation', adminEmail: ADMIN, audience: { kind: 'day', date }, recipients: expected.length })]);

    // The same send tried again (its key) is the same notice; nothing is written again.
    const again = await closeSchool(date, 'Rohrbruch im Schulhaus', key);
    expect(again.status).toBe(200);
    expect(officeNoticeAnswer.parse(again.body).data.id).toBe(notice.id);
    expect(await written()).toEqual(after);

    expect((await call('withdrawNotice', adminToken, { noticeId: notice.id })).status).toBe(200);
    expect(await deliveredTo(notice.id)).toEqual([]);
  });

  it("cancels each of the family's lessons that day in its calendar, and gives them back when withdrawn", async () => {
    const feed = await call('createCalendarFeed', parent.token, { language: 'de' });
    expect(feed.status).toBe(200);
    const url = feed.body.data.url as string;
    const first = await fetch(url);
    const etag = first.headers.get('etag')!;
    expect(cancelledIn(await first.text())).toEqual([]);
    const quarter = quarterOf(date)!;
    const ownHours = plans
      .filter((plan) => plan.memberId === parent.memberId && plan.quarterId === quarter.id)
      .flatMap((plan) => plan.roomHourIds)
      .filter((id) => roomHours.get(id)?.dayOfWeek === weekdayOf(date));
    expect(ownHours.length).toBeGreaterThan(0);

    const notice = officeNoticeAnswer.parse((await closeSchool(date, 'Streik')).body).data;
    const closed = await fetch(url, { headers: { 'If-None-Match': etag } });
    expect(closed.status).toBe(200);
    const text = await closed.text();
    expect(cancelledIn(text)).toEqual(ownHours.map((id) => `${id} ${date}`).sort());
    expect(text).toContain('Streik');

    expect((await call('withdrawNotice', adminToken, { noticeId: notice.id })).status).toBe(200);
    const back = await fetch(url, { headers: { 'If-None-Match': closed.headers.get('etag')! } });
    expect(back.status).toBe(200);
    expect(cancelledIn(await back.text())).toEqual([]);
    expect((await db.collection(CALENDAR_FEEDS).where('memberId', '==', parent.memberId).get()).size).toBe(1);
  });

  it('leaves out a lesson the Closed Days table already closes that day', async () => {
    const quarter = quarterOf(date)!;
    const ref = db.doc(`${SCHOOL_CALENDAR}/${quarter.id}`);
    const stored = await ref.get();
    const calendar = stored.exists ? schoolCalendarSchema.parse(stored.data()) : { quarter: { id: quarter.id, name: quarter.id, firstDay: quarter.firstDay, lastDay: quarter.lastDay }, closedDays: [] };
    // The lesson of that day whose leaving out changes the audience the most.
    const lessons = [...new Set([...roomHours.values()].filter((hour) => hour.dayOfWeek === weekdayOf(date)).map((hour) => hour.lessonId))];
    const lessonId = lessons.sort((a, b) => familiesWithALessonOn(date, a).length - familiesWithALessonOn(date, b).length)[0]!;
    expect(familiesWithALessonOn(date, lessonId).length).toBeLessThan(familiesWithALessonOn(date).length);
    await ref.set({ ...calendar, closedDays: [...calendar.closedDays, { id: 'CD-TEST', firstDay: date, lastDay: date, name: 'Ausflug', lessonId, roomHourId: null }] });
    try {
      const notice = officeNoticeAnswer.parse((await closeSchool(date, 'Heizung defekt')).body).data;
      expect(await deliveredTo(notice.id)).toEqual(familiesWithALessonOn(date, lessonId));
      expect((await call('withdrawNotice', adminToken, { noticeId: notice.id })).status).toBe(200);
    } finally {
      if (stored.exists) await ref.set(stored.data()!);
      else await ref.delete();
    }
  });

  it('refuses a second closure of the day and a lesson cancelled on it until it is withdrawn, writing nothing', async () => {
    const notice = officeNoticeAnswer.parse((await closeSchool(date)).body).data;
    const before = await written();
    expect(await closeSchool(date, 'Schnee')).toMatchObject({ status: 409, body: { error: 'school-already-closed' } });
    const hour = [...roomHours.entries()].find(([, each]) => each.dayOfWeek === weekdayOf(date))!;
    const cancel = await call('cancelLesson', adminToken, { lessonId: hour[1].lessonId, date, reason: 'Krank', idempotencyKey: randomUUID() });
    expect(cancel).toMatchObject({ status: 409, body: { error: 'school-already-closed' } });
    expect(await written()).toEqual(before);

    expect((await call('withdrawNotice', adminToken, { noticeId: notice.id })).status).toBe(200);
    const anew = await closeSchool(date, 'Schnee');
    expect(anew.status).toBe(200);
    expect((await call('withdrawNotice', adminToken, { noticeId: officeNoticeAnswer.parse(anew.body).data.id })).status).toBe(200);
  });

  it('refuses a holiday of the Closed Days table, a date out of reach, a bad reason and callers who are not admins, writing nothing', async () => {
    const before = await written();
    const weekdays = new Set([...roomHours.values()].map((hour) => hour.dayOfWeek));
    const holiday = closedDays.find((closedDay) => closedDay.lessonId === null && closedDay.roomHourId === null && quarterOf(closedDay.lastDay) && closedDay.lastDay > today());
    expect(holiday).toBeDefined();
    let inHoliday = [holiday!.firstDay, today()].sort().at(-1)!;
    while (!weekdays.has(weekdayOf(inHoliday)) || inHoliday <= today()) inHoliday = dayPlus(inHoliday, 1);
    expect(inHoliday <= holiday!.lastDay).toBe(true);
    expect(await closeSchool(inHoliday)).toMatchObject({ status: 400, body: { error: 'school-closed', message: expect.stringContaining(holiday!.name) } });
    expect(await closeSchool('2026-02-30')).toMatchObject({ status: 400 });
    expect(await closeSchool(dayPlus(today(), 400))).toMatchObject({ status: 400 });
    expect(await call('closeSchool', adminToken, { date, idempotencyKey: randomUUID() })).toMatchObject({ status: 400 });
    expect(await call('closeSchool', adminToken, { date, reason: '=HYPERLINK("x")', idempotencyKey: randomUUID() })).toMatchObject({ status: 400 });
    expect(await closeSchool(date, 'x', randomUUID(), parent.token)).toMatchObject({ status: 403 });
    expect(await call('closeSchool', null, { date, reason: 'x', idempotencyKey: randomUUID() })).toMatchObject({ status: 401 });
    expect(await written()).toEqual(before);
  });

  it("refuses a weekday on which no lesson takes place (this file's last test: it takes that day's room hours away)", async () => {
    const weekday = weekdayOf(date);
    const hours = await db.collection('roomHours').where('dayOfWeek', '==', weekday).get();
    await Promise.all(hours.docs.map((doc) => doc.ref.delete()));
    const before = await written();
    expect(await closeSchool(date)).toMatchObject({ status: 400, body: { error: 'invalid-argument', message: 'Invalid request: date: No lesson takes place on that weekday.' } });
    expect(await written()).toEqual(before);
  });
});
