/**
 * Notices and cancelled lessons through the Functions emulator, on the demo school: each audience
 * delivers to exactly its families (and writes only them), a family keeps what it was sent after
 * leaving the lesson, read marks count once per family, a withdrawal deletes the copies once,
 * a cancellation is checked against the lesson's days and clears the families' calendar ETags,
 * refusals write nothing, and each send and withdrawal is in the audit log with the admin. A
 * send tried again with its key is answered with the first one's notice, and finishes it when the
 * first attempt died after writing the notice; e-mails beyond the day's budget wait for the next
 * morning's run, cancellations' never.
 */
import {
  ADMIN_AUDIT,
  ACTIVE,
  auditLogAnswer,
  CALENDAR_FEEDS,
  currentQuarter,
  deliveryId,
  MAIL,
  MEMBER_EMAILS,
  nextQuarter,
  NOTICE_DELIVERIES,
  NOTICE_MAIL_DAYS,
  NOTICE_MAIL_QUEUE,
  NOTICES,
  NOTIFICATION_CHOICES,
  noticeDeliverySchema,
  noticesAnswer,
  officeNoticeAnswer,
  WEEKDAYS,
  type OfficeNotice,
} from '@family-portal/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { noticeMailId } from '../../functions/src/notifications/documentIds';
import { publishNotice, type NewNotice } from '../../functions/src/notices/publishNotice';
import { sendHeldNoticeMails } from '../../functions/src/notifications/heldNoticeMails';
import { createAppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { runFullSync } from '../../functions/src/wiring/syncRuns';
import { dayIn } from '../../functions/src/lib/timeZone';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { clearAuth, clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { PORTS } from '../../tools/lib/stack';
import { functionUrl, signedUpAccount } from '../support/auth';
import { DEMO_MAIL_SETTINGS } from '../support/mailSettings';

const { db, auth } = emulatorAdmin();
const appSheet = createAppSheetClient({ baseUrl: `http://127.0.0.1:${PORTS.appsheet}`, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY });
const ADMIN = 'notices-admin@example.com';
const FORMER_ADMIN = 'notices-former-admin@example.com';
const DAY_MS = 86_400_000;

interface Family {
  memberId: string;
  email: string;
  uid: string;
  token: string;
}
interface PlanFacts {
  id: string;
  memberId: string;
  lessonId: string;
  quarterId: string;
  roomHourIds: string[];
}

let adminToken = '';
let formerAdminToken = '';
let quarterId = '';
/** Lesson A: the one the lessons notices and the cancellation are for; B: another whose family is in neither. */
let lessonA = '';
let lessonB = '';
let familiesOfA: string[] = [];
let plans: PlanFacts[] = [];
const families = new Map<string, Family>();
/** Families with an account: some in A, one only in B, one active without plans in A, an inactive one if the school has it. */
let withAccounts: string[] = [];
let activeIds = new Set<string>();
let roomHours = new Map<string, { lessonId: string; dayOfWeek: string }>();

const family = (memberId: string) => families.get(memberId) as Family;
const today = () => dayIn(new Date(), 'Europe/Berlin');
const dayPlus = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const weekdayOf = (day: string) => WEEKDAYS[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7];

async function call(name: string, token: string | null, body?: unknown, query = '') {
  const response = await fetch(functionUrl(name, query), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const accountToken = signedUpAccount;

const texts = (title: string) => ({ en: { title, body: `${title}: see https://example.com/info` }, de: { title: `${title} (de)`, body: 'Text' } });
/** The console's key of a send: a new one per send, unless a test tries the same send again. */
const newKey = () => randomUUID();
const send = (audience: unknown, title = 'School news', token = adminToken, idempotencyKey = newKey()) => call('sendNotice', token, { texts: texts(title), audience, idempotencyKey });
const cancelLesson = (body: Record<string, unknown>, idempotencyKey = newKey()) => call('cancelLesson', adminToken, { ...body, idempotencyKey });
const deliveredTo = async (noticeId: string) =>
  (await db.collection(NOTICE_DELIVERIES).where('noticeId', '==', noticeId).get()).docs.map((doc) => doc.get('memberId') as string).sort();
const count = async (collection: string) => (await db.collection(collection).count().get()).data().count;
/** What the refusals must leave as they were. */
const written = async () => Promise.all([NOTICES, NOTICE_DELIVERIES, ADMIN_AUDIT, MAIL].map(count));
const auditOf = async (noticeId: string) =>
  (await db.collection(ADMIN_AUDIT).where('noticeId', '==', noticeId).get()).docs.map((doc) => doc.data()).sort((a, b) => String(a.kind).localeCompare(String(b.kind)));

/** The first day from tomorrow on this weekday inside the current or the next quarter. */
function lessonDay(weekday: string, quarters: Array<{ firstDay: string; lastDay: string }>): string {
  for (let day = dayPlus(today(), 1), n = 0; n < 170; day = dayPlus(day, 1), n += 1) {
    if (weekdayOf(day) === weekday && quarters.some((quarter) => quarter.firstDay <= day && day <= quarter.lastDay)) return day;
  }
  throw new Error(`no ${weekday} in the current or next quarter`);
}

beforeAll(async () => {
  await clearFirestore();
  // The "all" audience is every account the index leads to an active family: start from none.
  await clearAuth();
  expect((await runFullSync({ db, appSheet }, { triggeredBy: 'manual' })).status).not.toBe('error');

  const quarters = (await db.collection('quarters').get()).docs.map((doc) => ({ id: doc.id, name: doc.get('name'), status: doc.get('status'), firstDay: doc.get('firstDay'), lastDay: doc.get('lastDay') }));
  const current = currentQuarter(quarters, today());
  expect(current).not.toBeNull();
  quarterId = current!.id;
  activeIds = new Set((await db.collection('members').where('status', '==', ACTIVE).get()).docs.map((doc) => doc.id));
  roomHours = new Map((await db.collection('roomHours').get()).docs.map((doc) => [doc.id, { lessonId: doc.get('lessonId'), dayOfWeek: doc.get('dayOfWeek') }]));
  plans = (await db.collection('plans').get()).docs.map((doc) => ({
    id: doc.id,
    memberId: doc.get('memberId'),
    lessonId: doc.get('lessonId'),
    quarterId: doc.get('quarterId'),
    roomHourIds: doc.get('roomHourIds') ?? [],
  }));
  const byLesson = new Map<string, Set<string>>();
  for (const plan of plans.filter((plan) => plan.quarterId === quarterId && activeIds.has(plan.memberId))) {
    byLesson.set(plan.lessonId, new Set([...(byLesson.get(plan.lessonId) ?? []), plan.memberId]));
  }
  // A: the lesson with most families whose plans name room hours; B: one with a family not in A.
  const lessons = [...byLesson.entries()].sort(([, a], [, b]) => b.size - a.size);
  const withHours = lessons.find(([lessonId]) => plans.some((plan) => plan.lessonId === lessonId && plan.quarterId === quarterId && plan.roomHourIds.length > 0));
  expect(withHours).toBeDefined();
  lessonA = withHours![0];
  familiesOfA = [...withHours![1]].sort();
  const b = lessons.find(([lessonId, members]) => lessonId !== lessonA && [...members].some((id) => !familiesOfA.includes(id)));
  expect(b).toBeDefined();
  lessonB = b![0];
  const onlyInB = [...b![1]].find((id) => !familiesOfA.includes(id))!;

  const index = new Map((await db.collection(MEMBER_EMAILS).get()).docs.map((doc) => [doc.get('memberId') as string, doc.id]));
  const outsideA = [...index.keys()].find((id) => activeIds.has(id) && id !== onlyInB && !familiesOfA.includes(id));
  const inactive = [...index.keys()].find((id) => !activeIds.has(id));
  withAccounts = [...new Set([...familiesOfA.slice(0, 3), onlyInB, ...(outsideA ? [outsideA] : []), ...(inactive ? [inactive] : [])])].filter((id) => index.has(id));
  expect(withAccounts.filter((id) => familiesOfA.includes(id)).length).toBeGreaterThanOrEqual(1);
  for (const memberId of withAccounts) {
    const email = index.get(memberId)!;
    families.set(memberId, { memberId, email, ...(await accountToken(email)) });
  }
  adminToken = (await accountToken(ADMIN, { admin: true })).token;
  formerAdminToken = (await accountToken(FORMER_ADMIN, { admin: 'inactive' })).token;
  expect(nextQuarter(quarters, current, today())).not.toBeNull();
});

beforeEach(async () => {
  // Each test's calls count from zero against the per-account limits.
  await db.recursiveDelete(db.collection('rate_limits'));
});

afterAll(async () => {
  await Promise.all([...families.values()].map((each) => auth.deleteUser(each.uid)));
  await Promise.all([ADMIN, FORMER_ADMIN].map(async (email) => auth.deleteUser((await auth.getUserByEmail(email)).uid)));
  await clearFirestore();
});

describe('audiences', () => {
  it("delivers a lessons notice to exactly the lesson's active families, writing only their copies", async () => {
    const before = await written();
    const answer = await send({ kind: 'lessons', lessonIds: [lessonA] }, 'Lesson news');
    expect(answer.status).toBe(200);
    const notice = officeNoticeAnswer.parse(answer.body).data;
    expect(notice).toMatchObject({ kind: 'notice', audience: { kind: 'lessons', lessonIds: [lessonA] }, recipients: familiesOfA.length, reads: 0, sentBy: ADMIN, withdrawnAt: null });
    expect(notice.languages).toEqual(['en', 'de']);
    expect(await deliveredTo(notice.id)).toEqual(familiesOfA);
    // The notice, its audit entry and one copy per family: nothing else (no parent turned notices on).
    const after = await written();
    expect(after.map((n, i) => n - before[i]!)).toEqual([1, familiesOfA.length, 1, 0]);
    const copy = (await db.doc(`${NOTICE_DELIVERIES}/${deliveryId(notice.id, familiesOfA[0]!)}`).get()).data();
    expect(noticeDeliverySchema.parse(copy)).toMatchObject({ noticeId: notice.id, memberId: familiesOfA[0], kind: 'notice', readAt: null, cancellation: null, languages: ['en', 'de'] });
    expect((await db.doc(`${NOTICES}/${notice.id}`).get()).get('audience')).toEqual({ kind: 'lessons', lessonIds: [lessonA], quarterId });
  });

  it("gives another lesson's family nothing, and two lessons the families of both", async () => {
    const onlyInB = withAccounts.find((id) => !familiesOfA.includes(id) && plans.some((plan) => plan.memberId === id && plan.lessonId === lessonB && plan.quarterId === quarterId))!;
    const one = officeNoticeAnswer.parse((await send({ kind: 'lessons', lessonIds: [lessonA] })).body).data;
    expect(await deliveredTo(one.id)).not.toContain(onlyInB);
    expect((await call('markNoticeRead', family(onlyInB).token, { noticeId: one.id })).status).toBe(404);

    const both = officeNoticeAnswer.parse((await send({ kind: 'lessons', lessonIds: [lessonA, lessonB] })).body).data;
    const ofB = plans.filter((plan) => plan.lessonId === lessonB && plan.quarterId === quarterId && activeIds.has(plan.memberId)).map((plan) => plan.memberId);
    expect(await deliveredTo(both.id)).toEqual([...new Set([...familiesOfA, ...ofB])].sort());
  });

  it('delivers to one family, and refuses an unknown or inactive one with nothing written', async () => {
    const [memberId] = familiesOfA as [string];
    const notice = officeNoticeAnswer.parse((await send({ kind: 'family', memberId })).body).data;
    expect(notice).toMatchObject({ audience: { kind: 'family', memberId }, recipients: 1 });
    expect(await deliveredTo(notice.id)).toEqual([memberId]);

    const before = await written();
    expect(await send({ kind: 'family', memberId: 'M-NOBODY' })).toMatchObject({ status: 404, body: { error: 'not-found' } });
    expect(await send({ kind: 'family', memberId: 'a/b' })).toMatchObject({ status: 404, body: { error: 'not-found' } });
    const inactive = (await db.collection('members').get()).docs.find((doc) => doc.get('status') !== ACTIVE);
    if (inactive) expect(await send({ kind: 'family', memberId: inactive.id })).toMatchObject({ status: 400, body: { error: 'invalid-argument' } });
    expect(await written()).toEqual(before);
  });

  it('delivers "all" to every active family with a portal account, and to no other', async () => {
    const notice = officeNoticeAnswer.parse((await send({ kind: 'all' })).body).data;
    const expected = withAccounts.filter((id) => activeIds.has(id)).sort();
    expect(notice.recipients).toBe(expected.length);
    expect(await deliveredTo(notice.id)).toEqual(expected);
  });

  it('refuses an audience without families, or an unknown lesson, with nothing written', async () => {
    await db.doc('lessons/L-NOTICES-EMPTY').set({ name: 'Nobody here' });
    const before = await written();
    const empty = await send({ kind: 'lessons', lessonIds: ['L-NOTICES-EMPTY'] });
    expect(empty).toMatchObject({ status: 400, body: { error: 'invalid-argument', message: expect.stringContaining('No family is in this audience') } });
    expect(await send({ kind: 'lessons', lessonIds: [lessonA, 'L-NOTICES-NONE'] })).toMatchObject({ status: 404, body: { error: 'not-found' } });
    expect(await written()).toEqual(before);
    await db.doc('lessons/L-NOTICES-EMPTY').delete();
  });
});

describe('a family and its notices', () => {
  it('keeps a notice after leaving the lesson, and gets none sent after it left', async () => {
    const [leaver] = familiesOfA.filter((id) => families.has(id)) as [string];
    const notice = officeNoticeAnswer.parse((await send({ kind: 'lessons', lessonIds: [lessonA] })).body).data;
    const ofLeaver = plans.filter((plan) => plan.memberId === leaver && plan.lessonId === lessonA && plan.quarterId === quarterId);
    const stored = await Promise.all(ofLeaver.map(async (plan) => [plan.id, (await db.doc(`plans/${plan.id}`).get()).data()] as const));
    try {
      // What a sync does when the office ends the plan.
      await Promise.all(ofLeaver.map((plan) => db.doc(`plans/${plan.id}`).delete()));
      expect(await call('markNoticeRead', family(leaver).token, { noticeId: notice.id })).toMatchObject({ status: 200, body: { data: { noticeId: notice.id } } });
      expect((await db.doc(`${NOTICE_DELIVERIES}/${deliveryId(notice.id, leaver)}`).get()).exists).toBe(true);
      const later = officeNoticeAnswer.parse((await send({ kind: 'lessons', lessonIds: [lessonA] })).body).data;
      expect(await deliveredTo(later.id)).not.toContain(leaver);
    } finally {
      await Promise.all(stored.map(([id, data]) => db.doc(`plans/${id}`).set(data!)));
    }
  });

  it('counts a read once per family, however often and at once it is opened ("read by N of M")', async () => {
    const readers = familiesOfA.filter((id) => families.has(id));
    const notice = officeNoticeAnswer.parse((await send({ kind: 'lessons', lessonIds: [lessonA] })).body).data;
    const [first] = readers as [string];
    const answers = await Promise.all([1, 2, 3].map(() => call('markNoticeRead', family(first).token, { noticeId: notice.id })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    // Every answer names the one moment it was first read.
    expect(new Set(answers.map((answer) => answer.body.data.readAt)).size).toBe(1);
    for (const reader of readers.slice(1)) expect((await call('markNoticeRead', family(reader).token, { noticeId: notice.id })).status).toBe(200);
    expect((await call('markNoticeRead', family(first).token, { noticeId: notice.id })).body.data.readAt).toBe(answers[0]!.body.data.readAt);

    const listed = noticesAnswer.parse((await call('listNotices', adminToken)).body).data.notices.find((each) => each.id === notice.id);
    expect(listed).toMatchObject({ reads: readers.length, recipients: familiesOfA.length });
    expect((await db.doc(`${NOTICE_DELIVERIES}/${deliveryId(notice.id, first)}`).get()).get('readAt')).toBe(answers[0]!.body.data.readAt);
  });

  it('answers 404 to a family without a copy, and to an id that is none', async () => {
    const outsider = withAccounts.find((id) => !familiesOfA.includes(id) && activeIds.has(id))!;
    const notice = officeNoticeAnswer.parse((await send({ kind: 'family', memberId: familiesOfA[0] })).body).data;
    expect(await call('markNoticeRead', family(outsider).token, { noticeId: notice.id })).toMatchObject({ status: 404, body: { error: 'not-found' } });
    expect(await call('markNoticeRead', family(outsider).token, { noticeId: '../x' })).toMatchObject({ status: 404, body: { error: 'not-found' } });
    expect((await db.doc(`${NOTICES}/${notice.id}`).get()).get('reads')).toBe(0);
  });
});

describe('withdrawal', () => {
  it('deletes every copy, marks the notice, logs it, and answers 409 the second time', async () => {
    const notice = officeNoticeAnswer.parse((await send({ kind: 'lessons', lessonIds: [lessonA] }, 'To withdraw')).body).data;
    expect((await deliveredTo(notice.id)).length).toBe(familiesOfA.length);
    const answer = await call('withdrawNotice', adminToken, { noticeId: notice.id });
    expect(answer.status).toBe(200);
    expect(officeNoticeAnswer.parse(answer.body).data).toMatchObject({ id: notice.id, withdrawnBy: ADMIN, withdrawnAt: expect.any(String), recipients: familiesOfA.length });
    expect(await deliveredTo(notice.id)).toEqual([]);
    const reader = familiesOfA.find((id) => families.has(id))!;
    expect((await call('markNoticeRead', family(reader).token, { noticeId: notice.id })).status).toBe(404);

    const before = await written();
    expect(await call('withdrawNotice', adminToken, { noticeId: notice.id })).toMatchObject({ status: 409, body: { error: 'already-withdrawn' } });
    expect(await call('withdrawNotice', adminToken, { noticeId: 'N-NONE' })).toMatchObject({ status: 404, body: { error: 'not-found' } });
    expect(await written()).toEqual(before);
    expect(await auditOf(notice.id)).toEqual([
      expect.objectContaining({ kind: 'noticeSent', adminEmail: ADMIN, noticeKind: 'notice', title: 'To withdraw', recipients: familiesOfA.length, audience: { kind: 'lessons', lessonNames: [expect.any(String)] } }),
      expect.objectContaining({ kind: 'noticeWithdrawn', adminEmail: ADMIN, noticeKind: 'notice', title: 'To withdraw', recipients: familiesOfA.length }),
    ]);
  });
});

describe('a lesson cancelled', () => {
  let quarters: Array<{ id: string; firstDay: string; lastDay: string }> = [];
  const hoursOfA = () => [...roomHours.entries()].filter(([, hour]) => hour.lessonId === lessonA);
  /** The families the cancellation of A on `day` (at `roomHourId`) is for. */
  const expectedFor = (day: string, roomHourId?: string) => {
    const quarter = quarters.find((each) => each.firstDay <= day && day <= each.lastDay)!;
    const hours = new Set(hoursOfA().filter(([id, hour]) => hour.dayOfWeek === weekdayOf(day) && (!roomHourId || id === roomHourId)).map(([id]) => id));
    return [
      ...new Set(
        plans
          .filter((plan) => plan.lessonId === lessonA && plan.quarterId === quarter.id && activeIds.has(plan.memberId))
          .filter((plan) => plan.roomHourIds.some((id) => hours.has(id)) || (!roomHourId && plan.roomHourIds.length === 0))
          .map((plan) => plan.memberId),
      ),
    ].sort();
  };

  beforeAll(async () => {
    const all = (await db.collection('quarters').get()).docs.map((doc) => ({ id: doc.id, name: doc.get('name'), status: doc.get('status'), firstDay: doc.get('firstDay'), lastDay: doc.get('lastDay') }));
    const current = currentQuarter(all, today());
    quarters = [current!, nextQuarter(all, current, today())!];
  });

  it('sends the notice in de, en and ru to the families of that weekday, clears their feeds\' ETags and mails them', async () => {
    // A family of A with a calendar address that a calendar app has fetched (so it holds an ETag).
    const subscriber = familiesOfA.find((id) => families.has(id))!;
    const feed = await call('createCalendarFeed', family(subscriber).token, { language: 'de' });
    expect(feed.status).toBe(200);
    const polled = await fetch(feed.body.data.url as string);
    expect(polled.status).toBe(200);
    const etag = polled.headers.get('etag')!;
    const [stored] = (await db.collection(CALENDAR_FEEDS).where('memberId', '==', subscriber).get()).docs;
    expect(stored!.get('etag')).toBe(etag);
    // Another family's feed keeps its ETag.
    const outsider = withAccounts.find((id) => activeIds.has(id) && !familiesOfA.includes(id))!;
    const outsiderFeed = await call('createCalendarFeed', family(outsider).token, { language: 'en' });
    expect((await fetch(outsiderFeed.body.data.url as string)).status).toBe(200);

    const plan = plans.find((each) => each.memberId === subscriber && each.lessonId === lessonA && each.quarterId === quarterId && each.roomHourIds.length > 0)!;
    const roomHourId = plan.roomHourIds[0]!;
    const date = lessonDay(roomHours.get(roomHourId)!.dayOfWeek, quarters);
    const answer = await cancelLesson({ lessonId: lessonA, date, reason: 'Die Lehrerin ist krank.' });
    expect(answer.status).toBe(200);
    const notice: OfficeNotice = officeNoticeAnswer.parse(answer.body).data;
    const lessonName = (await db.doc(`lessons/${lessonA}`).get()).get('name');
    expect(notice).toMatchObject({
      kind: 'cancellation',
      languages: ['de', 'en', 'ru'],
      cancellation: { lessonId: lessonA, lessonName, date, roomHourId: null, reason: 'Die Lehrerin ist krank.' },
      audience: { kind: 'lessons', lessonIds: [lessonA] },
    });
    expect(notice.texts.de?.body).toContain('Grund: Die Lehrerin ist krank.');
    expect(notice.texts.en?.title).toContain(lessonName);
    expect(notice.texts.ru?.body).toContain('Причина: Die Lehrerin ist krank.');
    expect(await deliveredTo(notice.id)).toEqual(expectedFor(date));
    expect(await deliveredTo(notice.id)).toContain(subscriber);

    const after = (await db.doc(`${CALENDAR_FEEDS}/${stored!.id}`).get()).data()!;
    expect(after.etag).toBeUndefined();
    expect(after.basis).toBeUndefined();
    const [outsiderStored] = (await db.collection(CALENDAR_FEEDS).where('memberId', '==', outsider).get()).docs;
    expect(outsiderStored!.get('etag')).toEqual(expect.any(String));
    // Lesson cancellations are mailed to every parent with an account unless turned off.
    expect((await db.doc(`${MAIL}/${noticeMailId(notice.id, family(subscriber).uid)}`).get()).exists).toBe(true);

    // The calendar app's next poll builds the feed anew, and withdrawing clears it again.
    expect((await fetch(feed.body.data.url as string, { headers: { 'If-None-Match': etag } })).status).toBeLessThan(400);
    expect((await db.doc(`${CALENDAR_FEEDS}/${stored!.id}`).get()).get('etag')).toEqual(expect.any(String));
    expect((await call('withdrawNotice', adminToken, { noticeId: notice.id })).status).toBe(200);
    expect((await db.doc(`${CALENDAR_FEEDS}/${stored!.id}`).get()).get('etag')).toBeUndefined();
    expect(await deliveredTo(notice.id)).toEqual([]);
    expect((await auditOf(notice.id)).map((entry) => [entry.kind, entry.noticeKind, entry.adminEmail])).toEqual([
      ['noticeSent', 'cancellation', ADMIN],
      ['noticeWithdrawn', 'cancellation', ADMIN],
    ]);
  });

  it('cancels one room hour for the families of that hour only', async () => {
    const [roomHourId, hour] = hoursOfA().find(([id]) => plans.some((plan) => plan.lessonId === lessonA && plan.roomHourIds.includes(id)))!;
    const date = lessonDay(hour.dayOfWeek, quarters);
    const notice = officeNoticeAnswer.parse((await cancelLesson({ lessonId: lessonA, date, roomHourId, reason: 'Raum belegt' })).body).data;
    expect(notice.cancellation).toMatchObject({ roomHourId });
    expect(await deliveredTo(notice.id)).toEqual(expectedFor(date, roomHourId));

    // The same cancellation sent again from a new form (a new key) sends the families nothing more; once withdrawn, it may be cancelled again.
    const before = await written();
    const again = await cancelLesson({ lessonId: lessonA, date, roomHourId, reason: 'Raum belegt' });
    expect(again).toMatchObject({ status: 409, body: { error: 'lesson-already-cancelled' } });
    expect(await written()).toEqual(before);
    expect((await call('withdrawNotice', adminToken, { noticeId: notice.id })).status).toBe(200);
    const anew = await cancelLesson({ lessonId: lessonA, date, roomHourId, reason: 'Raum doch belegt' });
    expect(anew.status).toBe(200);
    expect((await call('withdrawNotice', adminToken, { noticeId: officeNoticeAnswer.parse(anew.body).data.id })).status).toBe(200);
  });

  it('refuses a day the lesson does not have, an unknown lesson or room hour, and a date out of reach, writing nothing', async () => {
    const days = new Set(hoursOfA().map(([, hour]) => hour.dayOfWeek));
    const freeWeekday = WEEKDAYS.find((weekday) => !days.has(weekday))!;
    const wrongDay = lessonDay(freeWeekday, quarters);
    const [roomHourId, hour] = hoursOfA()[0]!;
    const before = await written();
    const cancel = (body: Record<string, unknown>) => cancelLesson({ lessonId: lessonA, reason: 'Krank', ...body });
    expect(await cancel({ date: wrongDay })).toMatchObject({ status: 400, body: { error: 'invalid-argument', message: expect.stringContaining('weekday') } });
    expect(await cancel({ lessonId: 'L-NOTICES-NONE', date: lessonDay(hour.dayOfWeek, quarters) })).toMatchObject({ status: 404, body: { error: 'not-found' } });
    expect(await cancel({ date: lessonDay(hour.dayOfWeek, quarters), roomHourId: `${roomHourId}-NONE` })).toMatchObject({ status: 404 });
    expect(await cancel({ date: '2026-02-30' })).toMatchObject({ status: 400 });
    expect(await cancel({ date: dayPlus(today(), 400) })).toMatchObject({ status: 400 });
    expect(await cancel({ date: dayPlus(quarters[0]!.firstDay, -7) })).toMatchObject({ status: 400 });
    expect(await written()).toEqual(before);
  });
});

describe('who may call', () => {
  const parent = () => family(familiesOfA.find((id) => families.has(id))!);
  const adminCalls = [
    ['sendNotice', { texts: texts('X'), audience: { kind: 'all' }, idempotencyKey: 'who-may-call-1' }],
    ['cancelLesson', { lessonId: 'L1', date: '2026-12-07', reason: 'x', idempotencyKey: 'who-may-call-2' }],
    ['withdrawNotice', { noticeId: 'N1' }],
    ['listNotices', undefined],
  ] as const;

  it('refuses callers without a token (401), parents and former admins (403) on the office endpoints, writing nothing', async () => {
    const before = await written();
    for (const [name, body] of adminCalls) {
      expect(await call(name, null, body), name).toMatchObject({ status: 401, body: { error: 'unauthenticated' } });
      expect(await call(name, parent().token, body), name).toMatchObject({ status: 403, body: { error: 'permission-denied' } });
      expect(await call(name, formerAdminToken, body), name).toMatchObject({ status: 403, body: { error: 'permission-denied' } });
    }
    expect(await call('markNoticeRead', null, { noticeId: 'N1' })).toMatchObject({ status: 401 });
    // An admin is no family: there is nothing of theirs to mark.
    expect(await call('markNoticeRead', adminToken, { noticeId: 'N1' })).toMatchObject({ status: 404, body: { error: 'not-a-member' } });
    expect(await written()).toEqual(before);
  });

  it('refuses bad bodies with 400 and writes nothing', async () => {
    const before = await written();
    const idempotencyKey = 'bad-bodies-key';
    const bad: Array<[string, unknown]> = [
      ['sendNotice', {}],
      ['sendNotice', { texts: {}, audience: { kind: 'all' }, idempotencyKey }],
      ['sendNotice', { texts: texts('X'), audience: { kind: 'all' }, idempotencyKey, extra: 1 }],
      ['sendNotice', { texts: { en: { title: 'x'.repeat(121), body: 'b' } }, audience: { kind: 'all' }, idempotencyKey }],
      ['sendNotice', { texts: { en: { title: 'two\nlines', body: 'b' } }, audience: { kind: 'all' }, idempotencyKey }],
      ['sendNotice', { texts: { en: { title: 't', body: 'bell\u0007' } }, audience: { kind: 'all' }, idempotencyKey }],
      ['sendNotice', { texts: { fr: { title: 't', body: 'b' } }, audience: { kind: 'all' }, idempotencyKey }],
      ['sendNotice', { texts: texts('X'), audience: { kind: 'lessons', lessonIds: [] }, idempotencyKey }],
      ['sendNotice', { texts: texts('X'), audience: { kind: 'everyone' }, idempotencyKey }],
      ['cancelLesson', { lessonId: lessonA, date: '7.12.2026', reason: 'x', idempotencyKey }],
      ['cancelLesson', { lessonId: lessonA, date: '2026-12-07', idempotencyKey }],
      ['cancelLesson', { lessonId: lessonA, date: '2026-12-07', reason: '=HYPERLINK("x")', idempotencyKey }],
      ['cancelLesson', { lessonId: lessonA, date: '2026-12-07', reason: 'x'.repeat(501), idempotencyKey }],
      ['withdrawNotice', {}],
      ['withdrawNotice', { noticeId: 7 }],
    ];
    for (const [name, body] of bad) expect(await call(name, adminToken, body), `${name} ${JSON.stringify(body).slice(0, 80)}`).toMatchObject({ status: 400, body: { error: 'invalid-argument' } });
    expect(await call('markNoticeRead', parent().token, { noticeId: '' })).toMatchObject({ status: 400 });
    expect(await call('listNotices', adminToken, undefined, '?after=N-NONE')).toMatchObject({ status: 400 });
    expect(await written()).toEqual(before);
  });

  it('takes a notice in three languages at their longest', async () => {
    const longest = (language: string) => ({ title: `${language} ${'ж'.repeat(110)}`, body: `${'Ж'.repeat(2500)}\n${'ж'.repeat(2499)}` });
    const answer = await call('sendNotice', adminToken, { texts: { ru: longest('ru'), de: longest('de'), en: longest('en') }, audience: { kind: 'family', memberId: familiesOfA[0] }, idempotencyKey: newKey() });
    expect(answer.status).toBe(200);
    expect(officeNoticeAnswer.parse(answer.body).data.languages).toEqual(['ru', 'de', 'en']);
  });
});

describe('a send tried again', () => {
  it("refuses a send without the console's key (8-100 letters, digits, - or _), writing nothing", async () => {
    const before = await written();
    const bad: Array<[string, unknown]> = [
      ['sendNotice', { texts: texts('X'), audience: { kind: 'all' } }],
      ['sendNotice', { texts: texts('X'), audience: { kind: 'all' }, idempotencyKey: 'short' }],
      ['sendNotice', { texts: texts('X'), audience: { kind: 'all' }, idempotencyKey: 'a/b/c/d/e/f' }],
      ['sendNotice', { texts: texts('X'), audience: { kind: 'all' }, idempotencyKey: 'k'.repeat(101) }],
      ['cancelLesson', { lessonId: lessonA, date: '2026-12-07', reason: 'x' }],
      ['cancelLesson', { lessonId: lessonA, date: '2026-12-07', reason: 'x', idempotencyKey: 12345678 }],
    ];
    for (const [name, body] of bad) expect(await call(name, adminToken, body), `${name} ${JSON.stringify(body).slice(0, 80)}`).toMatchObject({ status: 400, body: { error: 'invalid-argument', message: expect.stringContaining('idempotencyKey') } });
    expect(await written()).toEqual(before);
  });

  it('answers the same key with the first notice and HTTP 200, writing and mailing nothing more', async () => {
    const key = newKey();
    const first = await send({ kind: 'lessons', lessonIds: [lessonA] }, 'Once only', adminToken, key);
    expect(first.status).toBe(200);
    const before = await written();
    const again = await send({ kind: 'lessons', lessonIds: [lessonA] }, 'Once only', adminToken, key);
    expect(again.status).toBe(200);
    expect(officeNoticeAnswer.parse(again.body).data).toEqual(officeNoticeAnswer.parse(first.body).data);
    expect(await written()).toEqual(before);
    expect((await db.doc(`${NOTICES}/${officeNoticeAnswer.parse(first.body).data.id}`).get()).get('idempotencyKey')).toBe(key);
  });

  it('makes one notice of attempts that arrive at once', async () => {
    const key = newKey();
    const before = await written();
    const answers = await Promise.all([1, 2, 3].map(() => send({ kind: 'all' }, 'Clicked thrice', adminToken, key)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const ids = new Set(answers.map((answer) => officeNoticeAnswer.parse(answer.body).data.id));
    expect(ids.size).toBe(1);
    const families = withAccounts.filter((id) => activeIds.has(id)).length;
    expect((await written()).map((n, i) => n - before[i]!)).toEqual([1, families, 1, 0]);
  });

  it("answers a cancellation's second attempt with it, not with 409, and tells the families once", async () => {
    const [, hour] = [...roomHours.entries()].find(([id, each]) => each.lessonId === lessonA && plans.some((plan) => plan.lessonId === lessonA && plan.roomHourIds.includes(id)))!;
    const all = (await db.collection('quarters').get()).docs.map((doc) => ({ id: doc.id, name: doc.get('name'), status: doc.get('status'), firstDay: doc.get('firstDay'), lastDay: doc.get('lastDay') }));
    const current = currentQuarter(all, today())!;
    const date = lessonDay(hour.dayOfWeek, [current, nextQuarter(all, current, today())!]);
    const key = newKey();
    const first = await cancelLesson({ lessonId: lessonA, date, reason: 'Krank' }, key);
    expect(first.status).toBe(200);
    const before = await written();
    const again = await cancelLesson({ lessonId: lessonA, date, reason: 'Krank' }, key);
    expect(again).toMatchObject({ status: 200, body: { data: { id: first.body.data.id } } });
    expect(await written()).toEqual(before);
    expect((await call('withdrawNotice', adminToken, { noticeId: first.body.data.id })).status).toBe(200);
  });
  /**
   * A send whose function was stopped after its notice and audit entry were committed, before any
   * family's copy (its delivery fails at the first batch), ten minutes ago: its time is long over.
   */
  async function diedSend(notice: Omit<NewNotice, 'idempotencyKey'>, key: string) {
    const died = new Error('the function was stopped');
    await expect(publishNotice(db, ADMIN, { ...notice, idempotencyKey: key }, new Date(Date.now() - 10 * 60_000), { beforeBatch: () => Promise.reject(died) })).rejects.toBe(died);
  }

  it('finishes a notice whose first attempt died after writing it: the retry with its key writes every copy, once', async () => {
    const key = newKey();
    const audience = withAccounts.filter((id) => activeIds.has(id)).sort();
    await diedSend({ kind: 'notice', texts: texts('Cut short'), languages: ['en', 'de'], audience: { memberIds: audience, stored: { kind: 'all' }, summary: { kind: 'all' } }, cancellation: null }, key);
    const before = await written();
    const again = await send({ kind: 'all' }, 'Cut short', adminToken, key);
    expect(again.status).toBe(200);
    const notice = officeNoticeAnswer.parse(again.body).data;
    expect(notice).toMatchObject({ recipients: audience.length, withdrawnAt: null });
    expect(await deliveredTo(notice.id)).toEqual(audience);
    // The copies only: the notice and its audit entry were there.
    expect((await written()).map((n, i) => n - before[i]!)).toEqual([0, audience.length, 0, 0]);
    const finished = await written();
    expect((await send({ kind: 'all' }, 'Cut short', adminToken, key)).status).toBe(200);
    expect(await written()).toEqual(finished);
  });

  it("finishes a lesson's cancellation whose first attempt died: the retry writes the copies, clears the feeds and e-mails the parents", async () => {
    const subscriber = familiesOfA.find((id) => families.has(id))!;
    const feed = await call('createCalendarFeed', family(subscriber).token, { language: 'en' });
    expect((await fetch(feed.body.data.url as string)).status).toBe(200);
    const [stored] = (await db.collection(CALENDAR_FEEDS).where('memberId', '==', subscriber).get()).docs;
    expect(stored!.get('etag')).toEqual(expect.any(String));

    const plan = plans.find((each) => each.memberId === subscriber && each.lessonId === lessonA && each.quarterId === quarterId && each.roomHourIds.length > 0)!;
    const all = (await db.collection('quarters').get()).docs.map((doc) => ({ id: doc.id, name: doc.get('name'), status: doc.get('status'), firstDay: doc.get('firstDay'), lastDay: doc.get('lastDay') }));
    const current = currentQuarter(all, today())!;
    const date = lessonDay(roomHours.get(plan.roomHourIds[0]!)!.dayOfWeek, [current, nextQuarter(all, current, today())!]);
    const lessonName = String((await db.doc(`lessons/${lessonA}`).get()).get('name'));
    const key = newKey();
    await diedSend(
      {
        kind: 'cancellation',
        texts: texts('Lesson cut short'),
        languages: ['en', 'de'],
        audience: { memberIds: familiesOfA, stored: { kind: 'lessons', lessonIds: [lessonA], quarterId }, summary: { kind: 'lessons', lessonNames: [lessonName] } },
        cancellation: { lessonId: lessonA, lessonName, date, roomHourId: null, reason: 'Krank' },
      },
      key,
    );
    const again = await cancelLesson({ lessonId: lessonA, date, reason: 'Krank' }, key);
    expect(again.status).toBe(200);
    const notice = officeNoticeAnswer.parse(again.body).data;
    expect(await deliveredTo(notice.id)).toEqual(familiesOfA);
    expect((await db.doc(`${CALENDAR_FEEDS}/${stored!.id}`).get()).get('etag')).toBeUndefined();
    expect((await db.doc(`${MAIL}/${noticeMailId(notice.id, family(subscriber).uid)}`).get()).exists).toBe(true);
    expect((await call('withdrawNotice', adminToken, { noticeId: notice.id })).status).toBe(200);
  });
});

describe("the day's budget of notice e-mails", () => {
  const settings = DEMO_MAIL_SETTINGS;
  const tomorrowMorning = () => new Date(Date.parse(`${dayPlus(today(), 1)}T07:00:00+01:00`));
  /** Two parents of families with an account turn notices on, as setNotificationChoices stores it. */
  const subscribers = () => withAccounts.filter((id) => activeIds.has(id)).slice(0, 2).map(family);
  const mailsOf = async (noticeId: string) => (await Promise.all(subscribers().map((each) => db.doc(`${MAIL}/${noticeMailId(noticeId, each.uid)}`).get()))).filter((doc) => doc.exists).length;

  beforeAll(async () => {
    for (const each of subscribers()) {
      await db.doc(`${NOTIFICATION_CHOICES}/${each.uid}`).set({
        paymentDue: false, paymentReceived: false, cancellationConfirmed: false, bookingDecided: false, notices: true, lessonCancelled: true,
        language: 'en', email: each.email, memberId: each.memberId, baseline: {}, updatedAt: new Date().toISOString(),
      });
    }
  });

  afterAll(async () => {
    await Promise.all(subscribers().map((each) => db.doc(`${NOTIFICATION_CHOICES}/${each.uid}`).delete()));
    await db.recursiveDelete(db.collection(NOTICE_MAIL_DAYS));
    await db.recursiveDelete(db.collection(NOTICE_MAIL_QUEUE));
  });

  it('publishes a notice beyond it, holds its e-mails for the next morning and says so; the morning run sends them', async () => {
    // 5 e-mails a day per active family unless NOTICE_MAILS_PER_DAY says otherwise: one is left today.
    const budget = 5 * activeIds.size;
    await db.doc(`${NOTICE_MAIL_DAYS}/${today()}`).set({ mails: budget - 1 });
    const answer = await send({ kind: 'all' }, 'Over the budget');
    expect(answer.status).toBe(200);
    const notice = officeNoticeAnswer.parse(answer.body).data;
    expect(notice.mails).toEqual({ sent: 1, held: 1, budget });
    // Published all the same: every family has its copy.
    expect(await deliveredTo(notice.id)).toEqual(withAccounts.filter((id) => activeIds.has(id)).sort());
    expect(await mailsOf(notice.id)).toBe(1);
    expect((await db.doc(`${NOTICE_MAIL_DAYS}/${today()}`).get()).get('mails')).toBe(budget);
    const listed = noticesAnswer.parse((await call('listNotices', adminToken)).body).data.notices.find((each) => each.id === notice.id);
    expect(listed?.mails).toEqual({ sent: 1, held: 1, budget });
    expect((await db.doc(`${NOTICE_MAIL_QUEUE}/${notice.id}`).get()).exists).toBe(true);

    // The next morning's run (heldNoticeMails, a schedule the emulator does not fire) sends the rest from the new day's budget.
    expect(await sendHeldNoticeMails(db, { auth, settingsOf: () => settings, now: tomorrowMorning() })).toEqual({ done: 1, mails: 1, held: 0 });
    expect(await mailsOf(notice.id)).toBe(2);
    expect((await db.doc(`${NOTICE_MAIL_QUEUE}/${notice.id}`).get()).exists).toBe(false);
    expect((await db.doc(`${NOTICES}/${notice.id}`).get()).get('mails')).toEqual({ sent: 2, held: 0, budget });
    expect((await db.doc(`${NOTICE_MAIL_DAYS}/${dayPlus(today(), 1)}`).get()).get('mails')).toBe(1);
  });

  it('never holds a cancellation back: it is counted beyond the budget', async () => {
    const budget = 5 * activeIds.size;
    await db.doc(`${NOTICE_MAIL_DAYS}/${today()}`).set({ mails: budget });
    const subscriber = familiesOfA.find((id) => families.has(id))!;
    const plan = plans.find((each) => each.memberId === subscriber && each.lessonId === lessonA && each.quarterId === quarterId && each.roomHourIds.length > 0)!;
    const all = (await db.collection('quarters').get()).docs.map((doc) => ({ id: doc.id, name: doc.get('name'), status: doc.get('status'), firstDay: doc.get('firstDay'), lastDay: doc.get('lastDay') }));
    const current = currentQuarter(all, today())!;
    const date = lessonDay(roomHours.get(plan.roomHourIds[0]!)!.dayOfWeek, [current, nextQuarter(all, current, today())!]);
    const answer = await cancelLesson({ lessonId: lessonA, date, reason: 'Die Lehrerin ist krank.' });
    expect(answer.status).toBe(200);
    const notice = officeNoticeAnswer.parse(answer.body).data;
    expect(notice.mails).toMatchObject({ held: 0, sent: expect.any(Number) });
    expect(notice.mails!.sent).toBeGreaterThanOrEqual(1);
    expect((await db.doc(`${MAIL}/${noticeMailId(notice.id, family(subscriber).uid)}`).get()).exists).toBe(true);
    expect((await db.doc(`${NOTICE_MAIL_DAYS}/${today()}`).get()).get('mails')).toBe(budget + notice.mails!.sent);
    expect((await call('withdrawNotice', adminToken, { noticeId: notice.id })).status).toBe(200);
  });
});

describe("the office's list and log", () => {
  it('lists notices newest first, and shows each send and withdrawal in the audit log with the admin', async () => {
    const list = noticesAnswer.parse((await call('listNotices', adminToken)).body).data;
    expect(list.notices.length).toBeGreaterThan(5);
    const sentAt = list.notices.map((notice) => notice.sentAt);
    expect(sentAt).toEqual([...sentAt].sort().reverse());
    expect(list.next).toBeNull();

    const log = auditLogAnswer.parse((await call('getAdminAudit', adminToken)).body).data.entries;
    const noticeEntries = log.filter((entry) => entry.kind === 'noticeSent' || entry.kind === 'noticeWithdrawn');
    expect(noticeEntries.filter((entry) => entry.kind === 'noticeSent')).toHaveLength(list.notices.length);
    expect(noticeEntries.filter((entry) => entry.kind === 'noticeWithdrawn')).toHaveLength(list.notices.filter((notice) => notice.withdrawnAt).length);
    expect(new Set(noticeEntries.map((entry) => entry.adminEmail))).toEqual(new Set([ADMIN]));
  });
});
