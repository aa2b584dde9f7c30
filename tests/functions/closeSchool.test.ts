/**
 * The office closes the school for a day through the Functions emulator, on the demo school:
 * one notice to each active family with a lesson that day (however many lessons it has then),
 * nobody else; its calendar shows each of those lessons cancelled and gets them back when the
 * office withdraws it; a second closure of the day, a lesson cancelled on it, a day without
 * lessons, a holiday of the Closed Days table and a caller who is not an admin are refused,
 * writing nothing; a send tried again with its key is answered with the first one's notice, and
 * finished when its first attempt died half-way. The school is closed at most
 * SCHOOL_CLOSURES_PER_DAY (3) times a day, whoever closes it, and a date closed again within a day
 * after its withdrawal e-mails the families again only when the office says so.
 */
import {
  ACTIVE,
  ADMIN_AUDIT,
  CALENDAR_FEEDS,
  currentQuarter,
  MAIL,
  nextQuarter,
  NOTICE_DELIVERIES,
  NOTICE_MAIL_DAYS,
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
import { CANCELLATION_LANGUAGES, closureTexts } from '../../functions/src/notices/cancellationTexts';
import { publishNotice } from '../../functions/src/notices/publishNotice';
import { noticeMailId } from '../../functions/src/notifications/documentIds';
import { createAppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { runFullSync } from '../../functions/src/wiring/syncRuns';
import { dayIn } from '../../functions/src/lib/timeZone';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { PORTS } from '../../tools/lib/stack';
import { functionUrl, signedUpAccount } from '../support/auth';

const { db, auth } = emulatorAdmin();
const appSheet = createAppSheetClient({ baseUrl: `http://127.0.0.1:${PORTS.appsheet}`, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY });
const ADMIN = 'close-school-admin@example.com';
/** A second admin: the day's closures are the whole school's, not each admin's. */
const HEAD = 'close-school-head@example.com';
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

interface Quarter {
  id: string;
  firstDay: string;
  lastDay: string;
}

let adminToken = '';
let headToken = '';
let parent = { memberId: '', uid: '', token: '' };
let quarters: Quarter[] = [];
let plans: Array<{ memberId: string; lessonId: string; quarterId: string; roomHourIds: string[] }> = [];
let roomHours = new Map<string, { lessonId: string; dayOfWeek: string }>();
let closedDays: CalendarClosedDay[] = [];
let activeIds = new Set<string>();
/** A day of the current or next quarter with lessons of several families and no closed day. */
let date = '';
/** Later days like it on which the parent's family has a lesson too, none of them `date`. */
const parentDays: string[] = [];
/** Two more days with some family's lesson, none of the above. */
const otherDays: string[] = [];
/** A day none of the above on which one lesson can be closed while others take place. */
let leftOutDay = '';

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
/** `extra`: more of the body, such as the office's answer to "e-mail the families again?". */
const closeSchool = (day: string, reason = 'Rohrbruch im Schulhaus', idempotencyKey: string = randomUUID(), token = adminToken, extra: Record<string, unknown> = {}) =>
  call('closeSchool', token, { date: day, reason, idempotencyKey, ...extra });
/** Once the day's closure was withdrawn in an earlier test: close it again, the families not e-mailed again. */
const quietly = { resendMails: false };
const mailed = async (noticeId: string) => (await db.doc(`${MAIL}/${noticeMailId(noticeId, parent.uid)}`).get()).exists;
const withdraw = async (noticeId: string) => expect((await call('withdrawNotice', adminToken, { noticeId })).status).toBe(200);
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

/**
 * The lesson of that day whose leaving out changes the audience the most while some family is
 * still told; undefined on a day whose families all share one lesson (which day that is depends
 * on today's date).
 */
function lessonLeftOutOn(day: string): string | undefined {
  const lessons = [...new Set([...roomHours.values()].filter((hour) => hour.dayOfWeek === weekdayOf(day)).map((hour) => hour.lessonId))];
  const all = familiesWithALessonOn(day).length;
  const left = (lessonId: string) => familiesWithALessonOn(day, lessonId).length;
  return lessons.filter((lessonId) => left(lessonId) > 0 && left(lessonId) < all).sort((a, b) => left(a) - left(b))[0];
}

/** A room hour on that day's weekday with an active family planned in it that quarter, and its lesson. */
function hourWithFamiliesOn(day: string): { roomHourId: string; lessonId: string } {
  const quarter = quarterOf(day)!;
  const [roomHourId, hour] = [...roomHours.entries()].find(
    ([id, each]) => each.dayOfWeek === weekdayOf(day) && plans.some((plan) => plan.quarterId === quarter.id && activeIds.has(plan.memberId) && plan.roomHourIds.includes(id)),
  )!;
  return { roomHourId, lessonId: hour.lessonId };
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
  headToken = (await signedUpAccount(HEAD, { admin: true })).token;
  const memberId = familiesWithALessonOn(date)[0]!;
  for (let day = dayPlus(date, 1); parentDays.length < 4 && day <= dayPlus(today(), 170); day = dayPlus(day, 1)) {
    if (quarterOf(day) && closedOn(day).length === 0 && familiesWithALessonOn(day).includes(memberId)) parentDays.push(day);
  }
  expect(parentDays).toHaveLength(4);
  for (let day = dayPlus(today(), 1); otherDays.length < 2 && day <= dayPlus(today(), 170); day = dayPlus(day, 1)) {
    if (day !== date && !parentDays.includes(day) && quarterOf(day) && closedOn(day).length === 0 && familiesWithALessonOn(day).length > 0) otherDays.push(day);
  }
  expect(otherDays).toHaveLength(2);
  // Which of these days has lessons of several families depends on today's date.
  for (let day = dayPlus(today(), 1); !leftOutDay && day <= dayPlus(today(), 170); day = dayPlus(day, 1)) {
    if (day !== date && !parentDays.includes(day) && !otherDays.includes(day) && quarterOf(day) && closedOn(day).length === 0 && lessonLeftOutOn(day)) leftOutDay = day;
  }
  expect(leftOutDay).not.toBe('');
  const email = (await db.doc(`members/${memberId}`).get()).get('primaryEmail') as string;
  parent = { memberId, ...(await signedUpAccount(email)) };
});

beforeEach(async () => {
  await db.recursiveDelete(db.collection('rate_limits'));
  // The day's closures and notice e-mails are counted there: each test starts from none.
  await db.recursiveDelete(db.collection(NOTICE_MAIL_DAYS));
});

afterAll(async () => {
  await Promise.all([parent.uid, ...(await Promise.all([ADMIN, HEAD].map(async (email) => (await auth.getUserByEmail(email)).uid)))].map((uid) => auth.deleteUser(uid)));
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

    const notice = officeNoticeAnswer.parse((await closeSchool(date, 'Streik', randomUUID(), adminToken, quietly)).body).data;
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
    const quarter = quarterOf(leftOutDay)!;
    const ref = db.doc(`${SCHOOL_CALENDAR}/${quarter.id}`);
    const stored = await ref.get();
    const calendar = stored.exists ? schoolCalendarSchema.parse(stored.data()) : { quarter: { id: quarter.id, name: quarter.id, firstDay: quarter.firstDay, lastDay: quarter.lastDay }, closedDays: [] };
    const lessonId = lessonLeftOutOn(leftOutDay)!;
    expect(familiesWithALessonOn(leftOutDay, lessonId).length).toBeLessThan(familiesWithALessonOn(leftOutDay).length);
    await ref.set({ ...calendar, closedDays: [...calendar.closedDays, { id: 'CD-TEST', firstDay: leftOutDay, lastDay: leftOutDay, name: 'Ausflug', lessonId, roomHourId: null }] });
    try {
      const notice = officeNoticeAnswer.parse((await closeSchool(leftOutDay, 'Heizung defekt', randomUUID(), adminToken, quietly)).body).data;
      expect(await deliveredTo(notice.id)).toEqual(familiesWithALessonOn(leftOutDay, lessonId));
      expect((await call('withdrawNotice', adminToken, { noticeId: notice.id })).status).toBe(200);
    } finally {
      if (stored.exists) await ref.set(stored.data()!);
      else await ref.delete();
    }
  });

  it('refuses a second closure of the day and a lesson cancelled on it until it is withdrawn, writing nothing', async () => {
    const notice = officeNoticeAnswer.parse((await closeSchool(date, 'Rohrbruch im Schulhaus', randomUUID(), adminToken, quietly)).body).data;
    const before = await written();
    expect(await closeSchool(date, 'Schnee')).toMatchObject({ status: 409, body: { error: 'school-already-closed' } });
    const hour = [...roomHours.entries()].find(([, each]) => each.dayOfWeek === weekdayOf(date))!;
    const cancel = await call('cancelLesson', adminToken, { lessonId: hour[1].lessonId, date, reason: 'Krank', idempotencyKey: randomUUID() });
    expect(cancel).toMatchObject({ status: 409, body: { error: 'school-already-closed' } });
    expect(await written()).toEqual(before);

    expect((await call('withdrawNotice', adminToken, { noticeId: notice.id })).status).toBe(200);
    const anew = await closeSchool(date, 'Schnee', randomUUID(), adminToken, quietly);
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

  it('asks before e-mailing the families again about a date closed within a day after its withdrawal, and writes nothing until told', async () => {
    const day = parentDays[0]!;
    const first = officeNoticeAnswer.parse((await closeSchool(day, 'Schnee')).body).data;
    expect(await mailed(first.id)).toBe(true);
    await withdraw(first.id);

    const before = await written();
    const key = randomUUID();
    const asked = await closeSchool(day, 'Schnee', key);
    expect(asked).toMatchObject({ status: 409, body: { error: 'closure-resend-unconfirmed', data: { noticeId: first.id, withdrawnAt: expect.any(String) } } });
    expect(await written()).toEqual(before);

    // "Close without e-mails": the families see it in the portal and their calendars, no e-mail goes.
    const quiet = await closeSchool(day, 'Schnee', key, adminToken, quietly);
    expect(quiet.status).toBe(200);
    const closed = officeNoticeAnswer.parse(quiet.body).data;
    expect(await deliveredTo(closed.id)).toEqual(familiesWithALessonOn(day));
    expect(await mailed(closed.id)).toBe(false);
    expect((await written())[3]).toBe(before[3]);
    await withdraw(closed.id);

    // "Close and e-mail them again".
    const loud = officeNoticeAnswer.parse((await closeSchool(day, 'Schnee', randomUUID(), adminToken, { resendMails: true })).body).data;
    expect(await mailed(loud.id)).toBe(true);
    await withdraw(loud.id);
  });

  it('asks nothing once a day has passed since the withdrawal, and e-mails the families as for a first closure', async () => {
    const day = parentDays[0]!;
    const withdrawn = await db.collection(NOTICES).where('cancellation.date', '==', day).get();
    expect(withdrawn.size).toBeGreaterThan(0);
    const dayAgo = new Date(Date.now() - 25 * HOUR_MS).toISOString();
    await Promise.all(withdrawn.docs.map((doc) => doc.ref.update({ withdrawnAt: dayAgo })));
    const answer = await closeSchool(day, 'Sturm');
    expect(answer.status).toBe(200);
    const notice = officeNoticeAnswer.parse(answer.body).data;
    expect(await mailed(notice.id)).toBe(true);
    await withdraw(notice.id);
  });

  it('closes the school at most 3 times a day, whichever admin asks, counting its e-mails in the day\'s budget; a lesson can still be cancelled', async () => {
    const [one, two, three] = [parentDays[1]!, parentDays[2]!, parentDays[3]!];
    const notices = [
      officeNoticeAnswer.parse((await closeSchool(one, 'Schnee', randomUUID(), adminToken)).body).data,
      officeNoticeAnswer.parse((await closeSchool(two, 'Schnee', randomUUID(), adminToken)).body).data,
    ];
    const key = randomUUID();
    notices.push(officeNoticeAnswer.parse((await closeSchool(three, 'Schnee', key, headToken)).body).data);
    // Their e-mails are in the day's count, as every cancellation's (the parent's, at least).
    const sent = notices.reduce((sum, notice) => sum + (notice.mails?.sent ?? 0), 0);
    expect(sent).toBeGreaterThanOrEqual(3);
    expect((await db.doc(`${NOTICE_MAIL_DAYS}/${today()}`).get()).get('mails')).toBe(sent);

    const before = await written();
    const refused = await closeSchool(otherDays[0]!, 'Schnee', randomUUID(), headToken);
    expect(refused).toMatchObject({ status: 429, body: { error: 'too-many-closures', data: { max: 3 } } });
    expect(await written()).toEqual(before);
    // A second attempt of a closure made is its answer, not a fourth closure.
    expect(await closeSchool(three, 'Schnee', key, headToken)).toMatchObject({ status: 200, body: { data: { id: notices[2]!.id } } });

    // One lesson cancelled is no closure: it is sent as before.
    const { roomHourId, lessonId } = hourWithFamiliesOn(otherDays[0]!);
    const cancelled = await call('cancelLesson', adminToken, { lessonId, date: otherDays[0], roomHourId, reason: 'Krank', idempotencyKey: randomUUID() });
    expect(cancelled.status).toBe(200);
    for (const notice of [...notices, officeNoticeAnswer.parse(cancelled.body).data]) await withdraw(notice.id);
  });

  it("makes a closure of a key the same admin used for a lesson's cancellation, not answer with that cancellation", async () => {
    const day = otherDays[1]!;
    const key = randomUUID();
    const cancelled = await call('cancelLesson', adminToken, { ...hourWithFamiliesOn(day), date: day, reason: 'Krank', idempotencyKey: key });
    expect(cancelled.status).toBe(200);
    const cancellation = officeNoticeAnswer.parse(cancelled.body).data;
    const answer = await closeSchool(day, 'Schnee', key);
    expect(answer.status).toBe(200);
    const closure = officeNoticeAnswer.parse(answer.body).data;
    expect(closure.id).not.toBe(cancellation.id);
    expect(closure).toMatchObject({ audience: { kind: 'day', date: day }, cancellation: { lessonId: null, date: day } });
    for (const notice of [cancellation, closure]) await withdraw(notice.id);
  });

  it('finishes a closure whose first attempt died after writing its notice: a retry with its key writes the copies and e-mails', async () => {
    const day = parentDays[3]!;
    const quarter = quarterOf(day)!;
    const families = familiesWithALessonOn(day);
    const key = randomUUID();
    const died = new Error('the function was stopped');
    // Its attempt began ten minutes ago: the function's time is long over.
    const begun = new Date(Date.now() - 10 * 60_000);
    await expect(
      publishNotice(
        db,
        ADMIN,
        {
          kind: 'cancellation',
          keySpace: 'closure',
          texts: closureTexts({ date: day, reason: 'Stromausfall', timeZone: 'Europe/Berlin' }),
          languages: [...CANCELLATION_LANGUAGES],
          audience: { memberIds: families, stored: { kind: 'day', date: day, quarterId: quarter.id }, summary: { kind: 'day', date: day } },
          cancellation: { lessonId: null, lessonName: '', date: day, roomHourId: null, reason: 'Stromausfall' },
          idempotencyKey: key,
        },
        begun,
        { beforeBatch: () => Promise.reject(died) },
      ),
    ).rejects.toBe(died);

    const answer = await closeSchool(day, 'Stromausfall', key);
    expect(answer.status).toBe(200);
    const notice = officeNoticeAnswer.parse(answer.body).data;
    expect(notice).toMatchObject({ recipients: families.length, cancellation: { lessonId: null, date: day } });
    expect(await deliveredTo(notice.id)).toEqual(families);
    expect(await mailed(notice.id)).toBe(true);
    // Finished: a further attempt writes and mails nothing.
    const after = await written();
    expect(await closeSchool(day, 'Stromausfall', key)).toMatchObject({ status: 200, body: { data: { id: notice.id } } });
    expect(await written()).toEqual(after);
    await withdraw(notice.id);
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
