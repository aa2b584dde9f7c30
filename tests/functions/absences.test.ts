/**
 * Absences through the Functions emulator: a parent reports a child's absence and withdraws it
 * before its first day; every refusal writes nothing; the office lists per day and lesson who is
 * missing; the office's daily e-mail of the next day's absences goes once; and absences expire
 * twelve months after their last day. A report that meets an open one of the same lessons
 * extends it, and a child's open reports are capped. The schedulers do not fire in the emulator, so their
 * handlers are called directly.
 */
import { ABSENCE_MAIL_DAYS, ABSENCES, currentQuarter, MAIL, MAX_OPEN_ABSENCES, SCHOOL_CALENDAR, WEEKDAYS, type AbsenceList } from '@family-portal/contract';
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, monthsAfter, weekdayOf } from '../../functions/src/absences/absenceDays';
import { overlappingQuery } from '../../functions/src/absences/absenceList';
import { sendDailyAbsenceMail, type AbsenceMailSettings } from '../../functions/src/absences/absenceMail';
import { deleteExpiredAbsences } from '../../functions/src/absences/absenceRetention';
import { runDailyAbsenceMail } from '../../functions/src/absences/absenceSchedules';
import { createAppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { runFullSync } from '../../functions/src/wiring/syncRuns';
import { dayIn } from '../../functions/src/lib/timeZone';
import { instantOfWallClock, wallClockOf } from '../../functions/src/sync/time/wallClock';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { PORTS } from '../../tools/lib/stack';
import { functionUrl, signedUpAccount } from '../support/auth';
import { indexedMembers, schoolDay } from '../support/bookingSchool';

const { db } = emulatorAdmin();
const appSheet = createAppSheetClient({ baseUrl: `http://127.0.0.1:${PORTS.appsheet}`, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY });
const TIME_ZONE = 'Europe/Berlin';
const ADMIN = 'absence-admin@example.com';
const saved = { ...process.env };

interface Family {
  memberId: string;
  email: string;
  token: string;
  childId: string;
  childName: string;
  /** The child's lessons this quarter, with the weekdays of their room hours. */
  lessons: Map<string, Set<string>>;
}
let families: [Family, Family];
let adminToken = '';
let foreignLesson = '';

const accountToken = async (email: string, admin = false) => (await signedUpAccount(email, { admin })).token;

async function call(name: string, token: string, body?: unknown, query = '') {
  const response = await fetch(functionUrl(name, query), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const firstLesson = (family: Family) => [...family.lessons.keys()][0] as string;
const report = (family: Family, body: Record<string, unknown>) =>
  call('reportAbsence', family.token, { childId: family.childId, lessonIds: [firstLesson(family)], from: schoolDay(1), to: schoolDay(1), ...body });
const absencesOf = async (memberId: string) => (await db.collection(ABSENCES).where('memberId', '==', memberId).get()).docs;
const mails = async () => (await db.collection(MAIL).get()).docs.map((doc) => doc.data() as { to: string; message: { subject: string; text: string; html: string } });
/** An hour of a day on the school's clock. */
const at = (date: string, hour: number, minute = 5) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return instantOfWallClock({ year, month, day, hour, minute, second: 0 }, TIME_ZONE);
};
/** The first of the next seven days on which the family's child has its first lesson. */
const nextLessonDay = (family: Family) => {
  const weekdays = family.lessons.get(firstLesson(family))!;
  return Array.from({ length: 7 }, (_, n) => schoolDay(n + 1)).find((day) => weekdays.has(WEEKDAYS[weekdayOf(day)]!))!;
};
/** An absence written as reportAbsence writes it, for days the e-mail tests choose. */
const stored = (family: Family, from: string, to: string, reason = '', lessonIds = [firstLesson(family)]) =>
  db.collection(ABSENCES).add({ memberId: family.memberId, childId: family.childId, lessonIds, from, to, reason, reportedAt: new Date().toISOString(), reportedBy: family.email });

beforeAll(async () => {
  await clearFirestore();
  expect((await runFullSync({ db, appSheet }, { triggeredBy: 'manual' })).error).toBeNull();
  // The demo school's closed days fall where the calendar puts them; the test of closed days
  // below writes its own, so that the others' days are lesson days whatever the date.
  await db.recursiveDelete(db.collection(SCHOOL_CALENDAR));
  const today = schoolDay(0);
  const quarters = (await db.collection('quarters').get()).docs.map((doc) => ({ id: doc.id, ...(doc.data() as { name: string; status: string; firstDay: string; lastDay: string }) }));
  const quarter = currentQuarter(quarters, today)!;
  const [plans, roomHours, children, lessons] = await Promise.all([
    db.collection('plans').where('quarterId', '==', quarter.id).get(),
    db.collection('roomHours').get(),
    db.collection('children').get(),
    db.collection('lessons').get(),
  ]);
  const weekday = new Map(roomHours.docs.map((doc) => [doc.id, String(doc.get('dayOfWeek'))]));
  const childName = new Map(children.docs.map((doc) => [doc.id, String(doc.get('name'))]));
  const byChild = new Map<string, { memberId: string; lessons: Map<string, Set<string>> }>();
  for (const plan of plans.docs) {
    const entry = byChild.get(plan.get('childId')) ?? { memberId: plan.get('memberId'), lessons: new Map<string, Set<string>>() };
    const days = entry.lessons.get(plan.get('lessonId')) ?? new Set<string>();
    for (const id of plan.get('roomHourIds') as string[]) days.add(weekday.get(id)!);
    entry.lessons.set(plan.get('lessonId'), days);
    byChild.set(plan.get('childId'), entry);
  }
  const members = await indexedMembers(db);
  const chosen: Family[] = [];
  for (const member of members) {
    const child = [...byChild.entries()].find(([, entry]) => entry.memberId === member.memberId && [...entry.lessons.values()][0]!.size > 0);
    if (!child || chosen.some((family) => family.memberId === member.memberId)) continue;
    chosen.push({ ...member, token: '', childId: child[0], childName: childName.get(child[0])!, lessons: child[1].lessons });
    if (chosen.length === 2) break;
  }
  expect(chosen).toHaveLength(2);
  families = chosen as [Family, Family];
  const own = new Set([...byChild.values()].filter((entry) => entry.memberId === families[0].memberId).flatMap((entry) => [...entry.lessons.keys()]));
  foreignLesson = lessons.docs.map((doc) => doc.id).find((id) => !own.has(id))!;
  for (const family of families) family.token = await accountToken(family.email);
  adminToken = await accountToken(ADMIN, true);
});
beforeEach(async () => {
  // Each test's calls count from zero against the per-account limits.
  await db.recursiveDelete(db.collection('rate_limits'));
  await db.recursiveDelete(db.collection(ABSENCES));
  await db.recursiveDelete(db.collection(ABSENCE_MAIL_DAYS));
  await db.recursiveDelete(db.collection(MAIL));
});
afterAll(async () => {
  process.env = saved;
  await clearFirestore();
});

describe('a family reports an absence', () => {
  it("records its own child's absence from its lessons, with the reason, and answers with the record", async () => {
    const [family] = families;
    const answer = await report(family, { from: schoolDay(2), to: schoolDay(4), reason: 'Grippe' });
    expect(answer).toMatchObject({
      status: 200,
      body: { data: { memberId: family.memberId, childId: family.childId, lessonIds: [firstLesson(family)], from: schoolDay(2), to: schoolDay(4), reason: 'Grippe', reportedBy: family.email }, merged: false, absorbed: [] },
    });
    const stored = await db.doc(`${ABSENCES}/${answer.body.data.id}`).get();
    expect(stored.data()).toEqual({ ...answer.body.data, id: undefined });
  });

  it("refuses another family's child (403), a lesson not the child's, a past start, a range too long or backwards (400), and writes nothing", async () => {
    const [family, other] = families;
    const refusals = [
      [await call('reportAbsence', family.token, { childId: other.childId, lessonIds: [firstLesson(other)], from: schoolDay(1), to: schoolDay(1) }), 403, 'permission-denied'],
      [await report(family, { lessonIds: [foreignLesson] }), 400, 'invalid-argument'],
      [await report(family, { from: schoolDay(-1), to: schoolDay(1) }), 400, 'invalid-argument'],
      [await report(family, { from: schoolDay(1), to: schoolDay(32) }), 400, 'invalid-argument'],
      [await report(family, { from: schoolDay(3), to: schoolDay(2) }), 400, 'invalid-argument'],
      [await report(family, { reason: 'x'.repeat(501) }), 400, 'invalid-argument'],
      [await report(family, { reason: '=HYPERLINK("http://evil")' }), 400, 'invalid-argument'],
    ] as const;
    for (const [answer, status, error] of refusals) expect({ status: answer.status, error: answer.body.error }).toEqual({ status, error });
    expect(refusals[2][0].body.message).toMatch(/from today on/);
    expect(await absencesOf(family.memberId)).toEqual([]);
    expect(await absencesOf(other.memberId)).toEqual([]);
  });

  it("extends the child's open report of the same lessons that the new days overlap or touch, and says so", async () => {
    const [family] = families;
    const first = await report(family, { from: schoolDay(2), to: schoolDay(4), reason: 'Grippe' });
    const id = first.body.data.id as string;
    const touching = await report(family, { from: schoolDay(5), to: schoolDay(6) });
    expect(touching).toMatchObject({ status: 200, body: { data: { id, from: schoolDay(2), to: schoolDay(6), reason: 'Grippe' }, merged: true, absorbed: [] } });
    const overlapping = await report(family, { from: schoolDay(1), to: schoolDay(3), reason: 'Fieber' });
    expect(overlapping).toMatchObject({ status: 200, body: { data: { id, from: schoolDay(1), to: schoolDay(6), reason: 'Fieber', reportedAt: first.body.data.reportedAt }, merged: true } });
    const apart = await report(family, { from: schoolDay(8), to: schoolDay(8) });
    expect(apart.body.merged).toBe(false);
    const left = await absencesOf(family.memberId);
    expect(left.map((doc) => doc.id).sort()).toEqual([id, apart.body.data.id].sort());
    expect(left.find((doc) => doc.id === id)!.data()).toEqual({ ...overlapping.body.data, id: undefined });
  });

  it('makes one report of two identical ones sent at once', async () => {
    const [family] = families;
    const answers = await Promise.all([1, 2, 3].map(() => report(family, { from: schoolDay(3), to: schoolDay(5), reason: 'Kur' })));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const left = await absencesOf(family.memberId);
    expect(left).toHaveLength(1);
    expect(answers.map((answer) => answer.body.merged).sort()).toEqual([false, true, true]);
    expect(new Set(answers.map((answer) => answer.body.data.id))).toEqual(new Set([left[0]!.id]));
    expect(left[0]!.data()).toMatchObject({ from: schoolDay(3), to: schoolDay(5), reason: 'Kur' });
  });

  it(`refuses a child's report beyond ${MAX_OPEN_ABSENCES} open ones (409 too-many-absences) and writes nothing; days that join open ones still go`, async () => {
    const [family] = families;
    // One-day reports every other day; one that ended yesterday is no longer open and does not count.
    const days = Array.from({ length: MAX_OPEN_ABSENCES }, (_, n) => schoolDay(2 + 2 * n));
    for (const day of days) await stored(family, day, day);
    await stored(family, schoolDay(-3), schoolDay(-1));
    const before = (await absencesOf(family.memberId)).map((doc) => ({ id: doc.id, ...(doc.data() as { from: string }) }));
    expect(await report(family, { from: schoolDay(60), to: schoolDay(60) })).toMatchObject({ status: 409, body: { error: 'too-many-absences' } });
    expect((await absencesOf(family.memberId)).map((doc) => ({ id: doc.id, ...doc.data() }))).toEqual(before);
    // The day between the first two joins them into one report.
    const joined = await report(family, { from: schoolDay(3), to: schoolDay(3) });
    const [firstId, secondId] = days.slice(0, 2).map((day) => before.find((doc) => doc.from === day)!.id);
    expect(joined).toMatchObject({ status: 200, body: { data: { id: firstId, from: schoolDay(2), to: schoolDay(4) }, merged: true, absorbed: [secondId] } });
    expect(await absencesOf(family.memberId)).toHaveLength(MAX_OPEN_ABSENCES);
  });

  it('withdraws before the first day; not on it (409 absence-started), not another family’s (404)', async () => {
    const [family, other] = families;
    // A day apart, so that the later report does not extend the one begun today.
    const later = (await report(family, { from: schoolDay(2), to: schoolDay(2) })).body.data.id as string;
    const today = (await report(family, { from: schoolDay(0), to: schoolDay(0) })).body.data.id as string;
    expect(await call('withdrawAbsence', other.token, { absenceId: later })).toMatchObject({ status: 404, body: { error: 'not-found' } });
    expect(await call('withdrawAbsence', family.token, { absenceId: today })).toMatchObject({ status: 409, body: { error: 'absence-started' } });
    expect(await call('withdrawAbsence', family.token, { absenceId: later })).toEqual({ status: 200, body: { success: true } });
    expect((await absencesOf(family.memberId)).map((doc) => doc.id)).toEqual([today]);
    expect((await call('withdrawAbsence', family.token, { absenceId: later })).status).toBe(404);
  });
});

describe("the office's list", () => {
  it('gives per day and lesson the children missing on the days they have that lesson, with names and reasons; only to admins', async () => {
    const [family, other] = families;
    await report(family, { from: schoolDay(1), to: schoolDay(7), reason: 'Kur' });
    await report(other, { from: schoolDay(1), to: schoolDay(1) });
    expect((await call('listAbsences', family.token, undefined, `?from=${schoolDay(1)}&days=7`)).status).toBe(403);
    const answer = await call('listAbsences', adminToken, undefined, `?from=${schoolDay(1)}&days=7`);
    expect(answer.status).toBe(200);
    const list = answer.body.data as AbsenceList;
    expect(list.days.map((day) => day.date)).toEqual(Array.from({ length: 7 }, (_, n) => schoolDay(n + 1)));
    const lesson = firstLesson(family);
    const family0 = (await db.doc(`members/${family.memberId}`).get()).get('primaryName');
    for (const day of list.days) {
      const expected = family.lessons.get(lesson)!.has(WEEKDAYS[weekdayOf(day.date)]!);
      const row = day.lessons.find((entry) => entry.lessonId === lesson)?.children.find((child) => child.childId === family.childId);
      expect(row, day.date).toEqual(expected ? expect.objectContaining({ childName: family.childName, familyName: family0, reason: 'Kur' }) : undefined);
    }
    expect(list.days.some((day) => day.lessons.length > 0)).toBe(true);
    expect((await call('listAbsences', adminToken, undefined, '?days=15')).status).toBe(400);
  });

  it("refuses a report only of days the school is closed (400 school-closed) and writes nothing; the office's list leaves those days out", async () => {
    const [family] = families;
    const lessonDay = nextLessonDay(family);
    const closedDay = { id: 'CD-TEST', firstDay: lessonDay, lastDay: lessonDay, name: 'Wasserschaden', lessonId: null, roomHourId: null };
    const calendar = db.doc(`${SCHOOL_CALENDAR}/test-quarter`);
    await calendar.set({ quarter: { id: 'test-quarter', name: 'Test', firstDay: schoolDay(0), lastDay: schoolDay(30) }, closedDays: [closedDay] });
    try {
      const refused = await report(family, { from: lessonDay, to: lessonDay });
      expect(refused).toMatchObject({ status: 400, body: { error: 'school-closed', message: expect.stringContaining('Wasserschaden') } });
      expect(await absencesOf(family.memberId)).toEqual([]);
      // A week around it: the other days hold lessons to miss.
      expect((await report(family, { from: schoolDay(1), to: schoolDay(7), reason: 'Kur' })).status).toBe(200);
      const list = (await call('listAbsences', adminToken, undefined, `?from=${schoolDay(1)}&days=7`)).body.data as AbsenceList;
      const missing = (date: string) => list.days.find((day) => day.date === date)?.lessons.some((lesson) => lesson.children.some((child) => child.childId === family.childId));
      expect(missing(lessonDay)).toBe(false);
      // The same lesson a week later: listed.
      const weekLater = list.days.find((day) => day.date !== lessonDay && family.lessons.get(firstLesson(family))!.has(WEEKDAYS[weekdayOf(day.date)]!));
      if (weekLater) expect(missing(weekLater.date)).toBe(true);
    } finally {
      await calendar.delete();
    }
  });

  it('reads only the reports that touch the days asked, never those of later weeks', async () => {
    const [family] = families;
    // A lesson without a plan of the child is listed on every day of its report.
    const add = async (from: number, to: number) => (await stored(family, schoolDay(from), schoolDay(to), '', [foreignLesson])).id;
    const touching = [await add(5, 10), await add(11, 11), await add(12, 20)];
    for (const [from, to] of [[1, 9], [13, 15], [100, 101], [150, 150]] as const) await add(from, to);
    const read = await overlappingQuery(db, schoolDay(10), schoolDay(12)).get();
    expect(read.docs.map((doc) => doc.id).sort()).toEqual([...touching].sort());
    const answer = await call('listAbsences', adminToken, undefined, `?from=${schoolDay(10)}&days=3`);
    const listed = (answer.body.data as AbsenceList).days.map((day) => day.lessons.flatMap((lesson) => lesson.children.map((child) => child.absenceId)).sort());
    expect(listed).toEqual([[touching[0]], [touching[1]], [touching[2]]]);
  });
});

describe("the office's daily e-mail", () => {
  const settings = (overrides: Partial<AbsenceMailSettings> = {}): AbsenceMailSettings => ({
    officeEmail: 'buero@schule.example',
    hour: 17,
    timeZone: TIME_ZONE,
    language: 'de',
    consoleUrl: 'https://portal.example.org/admin/absences',
    association: { name: 'Schulverein', address: '' },
    ...overrides,
  });

  it("sends the next day's absences once, from the chosen hour, even when runs overlap", async () => {
    const [family, other] = families;
    // The evening before a day of the child's lesson; the other child is away from the day after.
    const lessonDay = nextLessonDay(family);
    const evening = addDays(lessonDay, -1);
    await stored(family, lessonDay, lessonDay, 'Zahnarzt <15 Uhr>');
    await stored(other, addDays(lessonDay, 1), addDays(lessonDay, 7));
    expect(await sendDailyAbsenceMail(db, settings({ now: at(evening, 16, 59) }))).toBe('before-hour');
    expect(await mails()).toEqual([]);
    const outcomes = await Promise.all([1, 2, 3].map(() => sendDailyAbsenceMail(db, settings({ now: at(evening, 17) }))));
    expect(outcomes.sort()).toEqual(['already-sent', 'already-sent', 'sent']);
    expect(await sendDailyAbsenceMail(db, settings({ now: at(evening, 22) }))).toBe('already-sent');
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to).toBe('buero@schule.example');
    expect(sent[0]!.message.subject).toMatch(/^Familienportal: Abmeldungen für /);
    expect(sent[0]!.message.text).toContain(`${family.childName} (Familie `);
    expect(sent[0]!.message.text).toContain('Zahnarzt <15 Uhr>');
    expect(sent[0]!.message.html).toContain('Zahnarzt &lt;15 Uhr&gt;');
    expect(sent[0]!.message.text).not.toContain(other.childName);
    expect((await db.doc(`${ABSENCE_MAIL_DAYS}/${evening}`).get()).get('absencesOf')).toBe(lessonDay);
    // It names children and reasons: it expires when the reports of that day do, twelve months
    // and a day after it, at the start of the school's day.
    const expireAt = (await db.collection(MAIL).get()).docs[0]!.get('expireAt') as Timestamp;
    expect(expireAt).toBeInstanceOf(Timestamp);
    expect(dayIn(expireAt.toDate(), TIME_ZONE)).toBe(addDays(monthsAfter(lessonDay, 12), 1));
    expect(wallClockOf(expireAt.toDate(), TIME_ZONE)).toMatchObject({ hour: 0, minute: 0, second: 0 });
  });

  it('sends nothing without an office address, and nothing (marking nothing) on a day without absences', async () => {
    const [family] = families;
    const lessonDay = nextLessonDay(family);
    const evening = addDays(lessonDay, -1);
    expect(await sendDailyAbsenceMail(db, settings({ now: at(evening, 18) }))).toBe('no-absences');
    expect((await db.collection(ABSENCE_MAIL_DAYS).get()).empty).toBe(true);
    await stored(family, lessonDay, lessonDay);
    expect(await sendDailyAbsenceMail(db, settings({ officeEmail: null, now: at(evening, 18) }))).toBe('no-office-address');
    Object.assign(process.env, { APP_ORIGINS: '["https://portal.example.org"]' });
    delete process.env.OFFICE_EMAIL;
    delete process.env.OFFICE_LANGUAGE;
    expect(await runDailyAbsenceMail(at(evening, 20))).toBe('no-office-address');
    expect(await mails()).toEqual([]);
    // As the schedule runs it, configured from the functions' .env; a report made after an
    // evening without absences still goes out at the next hourly run.
    Object.assign(process.env, { OFFICE_EMAIL: 'Buero@Schule.example', ABSENCE_MAIL_HOUR: '19' });
    expect(await runDailyAbsenceMail(at(evening, 18))).toBe('before-hour');
    expect(await runDailyAbsenceMail(at(evening, 20))).toBe('sent');
    const sent = await mails();
    expect(sent.map((mail) => mail.to)).toEqual(['buero@schule.example']);
    expect(sent[0]!.message.text).toContain('Abmeldungen in der Konsole: https://portal.example.org/admin/absences');
  });
});

describe('retention', () => {
  it('deletes absences whose last day is more than twelve months ago, and the e-mails that listed them, in batches, and keeps the rest', async () => {
    const now = at(schoolDay(0), 3, 45);
    const today = schoolDay(0);
    const yearAgo = `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`;
    const absence = (to: string) => ({ memberId: families[0].memberId, childId: families[0].childId, lessonIds: ['L'], from: addDays(to, -2), to, reason: '', reportedAt: '', reportedBy: '' });
    const old = ['OLD1', 'OLD2', 'OLD3', 'OLD4', 'OLD5'];
    for (const [n, id] of old.entries()) await db.doc(`${ABSENCES}/${id}`).set(absence(addDays(yearAgo, -1 - n * 40)));
    await db.doc(`${ABSENCES}/EDGE`).set(absence(yearAgo));
    await db.doc(`${ABSENCES}/RECENT`).set(absence(addDays(today, -3)));
    await db.doc(`${ABSENCE_MAIL_DAYS}/${addDays(yearAgo, -1)}`).set({ absencesOf: yearAgo });
    await db.doc(`${ABSENCE_MAIL_DAYS}/${addDays(today, -1)}`).set({ absencesOf: today });
    const officeMail = (expireAt: Date) => ({ to: 'buero@schule.example', message: { subject: 'Abmeldungen', text: 'Mia: Grippe' }, expireAt: Timestamp.fromDate(expireAt) });
    await db.doc(`${MAIL}/expired-1`).set(officeMail(new Date(now.getTime() - 3_600_000)));
    await db.doc(`${MAIL}/expired-2`).set(officeMail(new Date(now.getTime() - 400 * 86_400_000)));
    await db.doc(`${MAIL}/expired-3`).set(officeMail(now));
    await db.doc(`${MAIL}/kept`).set(officeMail(new Date(now.getTime() + 60_000)));
    await db.doc(`${MAIL}/parent`).set({ to: 'parent@example.com', message: { subject: 'Zahlung', text: '' } });
    expect(await deleteExpiredAbsences(db, { timeZone: TIME_ZONE, now, batchSize: 2 })).toEqual({ cutoff: yearAgo, absences: 5, mailDays: 1, mails: 3 });
    expect((await db.collection(ABSENCES).get()).docs.map((doc) => doc.id).sort()).toEqual(['EDGE', 'RECENT']);
    expect((await db.collection(ABSENCE_MAIL_DAYS).get()).docs.map((doc) => doc.id)).toEqual([addDays(today, -1)]);
    expect((await db.collection(MAIL).get()).docs.map((doc) => doc.id).sort()).toEqual(['kept', 'parent']);
    expect(await deleteExpiredAbsences(db, { timeZone: TIME_ZONE, now })).toEqual({ cutoff: yearAgo, absences: 0, mailDays: 0, mails: 0 });
  });
});
