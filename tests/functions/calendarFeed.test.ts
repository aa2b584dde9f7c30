/**
 * The family's calendar subscription through the Functions emulator: a parent makes an address,
 * a calendar app fetches it without signing in; another family's record, an altered token, a
 * replaced one, a stopped one and one whose address the office moved all answer 404 and reveal
 * nothing; the 61st fetch in a minute is refused, and a flood of made-up addresses from one client
 * is refused before it costs reads while a real feed still answers another; two new addresses made
 * at once leave one; an unchanged feed polled with its ETag answers 304; a lesson the office
 * cancels shows as a cancelled occurrence at the next poll, and is back once the office withdraws it;
 * no lesson is on a day the school is closed, and a closed day of the family's changes the ETag.
 */
import { CALENDAR_FEEDS, deliveryId, NOTICE_DELIVERIES, SCHOOL_CALENDAR, schoolCalendarSchema, weeklyDates, WEEKDAYS } from '@family-portal/contract';
import { randomBytes, randomUUID } from 'node:crypto';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Request } from 'express';
import { createCalendarFeed, hashOf } from '../../functions/src/calendar/feedEndpoints';
import { createAppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { runFullSync } from '../../functions/src/wiring/syncRuns';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { PORTS } from '../../tools/lib/stack';
import { atSource } from '../support/appSheet';
import { createAccount, functionUrl, idTokenFor } from '../support/auth';

const { db } = emulatorAdmin();
const APPSHEET_URL = `http://127.0.0.1:${PORTS.appsheet}`;
const appSheet = createAppSheetClient({ baseUrl: APPSHEET_URL, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY });

async function call(name: string, token: string, body?: unknown) {
  const response = await fetch(functionUrl(name), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** What a calendar app does: a plain GET of the address, perhaps with the ETag it kept. */
async function poll(url: string, etag?: string) {
  const response = await fetch(url, { headers: etag ? { 'If-None-Match': etag } : {} });
  return { status: response.status, etag: response.headers.get('etag'), type: response.headers.get('content-type'), cache: response.headers.get('cache-control'), text: await response.text() };
}

/** Each weekly series of a feed as an independent parser expands it: its dates and the times of day on the school's clock. */
async function seriesOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return calendar
    .getAllSubcomponents('vevent')
    .map((component) => new ICAL.Event(component))
    .filter((event) => !event.isRecurrenceException())
    .map((event) => {
      const [planId, roomHourId] = event.uid.replace(/@.*$/, '').split('.') as [string, string];
      const dates: string[] = [];
      const clocks: string[] = [];
      const iterator = event.iterator();
      for (let start = iterator.next(); start; start = iterator.next()) {
        dates.push(`${start.year}-${pad(start.month)}-${pad(start.day)}`);
        clocks.push(`${pad(start.hour)}:${pad(start.minute)}`);
      }
      return { planId, roomHourId, dates, clocks };
    });
}

/** A calendar app's GET from a client address (X-Forwarded-For, as Google's front end writes it). */
const pollFrom = (url: string, address: string) => fetch(url, { headers: { 'X-Forwarded-For': address } });

/** Resolves when at least `seconds` of the current minute are left: the limits count per minute. */
async function minuteLeft(seconds: number) {
  while (60 - (Date.now() / 1000) % 60 < seconds) await new Promise((resolve) => setTimeout(resolve, 250));
}

const tokenOf = (url: string) => /\/calendar\/([\w-]+)\.ics$/.exec(url)![1]!;
let familyWithPlans = '';
let email = '';
let otherEmail = '';
let thirdEmail = '';
let originalEmail = '';
const ADMIN = 'calendar-admin@example.com';

beforeAll(async () => {
  await clearFirestore();
  expect((await runFullSync({ db, appSheet }, { triggeredBy: 'manual' })).error).toBeNull();
  // Families of the demo school that other files do not sign in as, the first with plans.
  const planned = new Set((await db.collection('plans').get()).docs.map((plan) => plan.get('memberId') as string));
  const members = (await db.collection('members').get()).docs.filter((doc) => doc.id >= 'M0009');
  const withPlans = members.find((doc) => planned.has(doc.id))!;
  familyWithPlans = withPlans.id;
  email = withPlans.get('primaryEmail');
  originalEmail = String((await appSheet.find('Members', `Filter(Members, [Member ID] = "${familyWithPlans}")`))[0]?.Email);
  const others = members.filter((doc) => doc.id !== familyWithPlans);
  otherEmail = others[0]!.get('primaryEmail');
  thirdEmail = others[1]!.get('primaryEmail');
  await createAccount(email);
  await createAccount(otherEmail);
  await createAccount(thirdEmail);
  await createAccount(ADMIN, { admin: true });
});
afterAll(async () => {
  await appSheet.edit('Members', [{ 'Member ID': familyWithPlans, Email: originalEmail }]);
  await clearFirestore();
});

describe('the calendar subscription', () => {
  it("serves the family's courses as text/calendar to anyone with the address, and says since when it exists", async () => {
    const token = await idTokenFor(email);
    expect(await call('getCalendarFeed', token)).toMatchObject({ status: 200, body: { data: { createdAt: null, language: null } } });
    const made = await call('createCalendarFeed', token, { language: 'de' });
    expect(made.status).toBe(200);
    expect(made.body.data.webcalUrl).toBe(made.body.data.url.replace(/^http:/, 'webcal:'));
    expect(tokenOf(made.body.data.url)).toMatch(/^[\w-]{43}$/);
    // Only the hash is stored.
    const stored = await db.collection(CALENDAR_FEEDS).get();
    expect(stored.docs.map((doc) => doc.id)).toEqual([hashOf(tokenOf(made.body.data.url))]);
    expect(JSON.stringify(stored.docs[0]!.data())).not.toContain(tokenOf(made.body.data.url));
    expect((await call('getCalendarFeed', token)).body.data).toMatchObject({ createdAt: made.body.data.createdAt, language: 'de' });

    const feed = await poll(made.body.data.url);
    expect(feed).toMatchObject({ status: 200, type: 'text/calendar; charset=utf-8' });
    expect(feed.cache).toMatch(/^private, max-age=\d+$/);
    const events = new ICAL.Component(ICAL.parse(feed.text)).getAllSubcomponents('vevent');
    expect(events.length).toBeGreaterThan(0);
    const children = (await db.collection('children').where('memberId', '==', familyWithPlans).get()).docs.map((doc) => doc.get('name') as string);
    for (const event of events) expect(children.some((child) => String(event.getFirstPropertyValue('summary')).startsWith(`${child}: `))).toBe(true);
  });

  it('answers an unchanged feed polled with its ETag with 304, and a changed one in full', async () => {
    const made = await call('createCalendarFeed', await idTokenFor(email), { language: 'en' });
    const first = await poll(made.body.data.url);
    expect(first.etag).toMatch(/^".+"$/);
    const again = await poll(made.body.data.url, first.etag!);
    expect(again).toMatchObject({ status: 304, etag: first.etag, text: '' });
    // Another sync since, in a later second: the feed is made again, and the same content keeps its ETag.
    const madeAt = Math.floor(Date.now() / 1000);
    while (Math.floor(Date.now() / 1000) === madeAt) await new Promise((resolve) => setTimeout(resolve, 50));
    await db.doc('sync_metadata/public').set({ lastSuccessfulSyncAt: new Date().toISOString() });
    expect(await poll(made.body.data.url, first.etag!)).toMatchObject({ status: 304, etag: first.etag });
    expect((await poll(made.body.data.url, '"something-else"')).status).toBe(200);

    // The office deletes a plan; after the sync that removes it, its events are gone at the next poll.
    const planId = /UID:([^.\r\n]+)\./.exec(first.text)![1]!;
    const plan = db.doc(`plans/${planId}`);
    expect((await plan.get()).get('memberId')).toBe(familyWithPlans);
    await plan.delete();
    await db.doc('sync_metadata/public').set({ lastSuccessfulSyncAt: new Date(Date.now() + 1000).toISOString() });
    const changed = await poll(made.body.data.url, first.etag!);
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(first.etag);
    expect(changed.text).not.toContain(`UID:${planId}.`);
    // The next full sync brings the plan back for the tests after this one.
    expect((await runFullSync({ db, appSheet }, { triggeredBy: 'manual' })).error).toBeNull();
  });

  it("shows a lesson the office cancelled as that occurrence cancelled, with the reason, and restores it when the office withdraws it", async () => {
    const made = await call('createCalendarFeed', await idTokenFor(email), { language: 'en' });
    const first = await poll(made.body.data.url);
    expect((await poll(made.body.data.url, first.etag!)).status).toBe(304);

    // A weekly series of this family, and one of its occurrences from tomorrow on.
    const parsed = new ICAL.Component(ICAL.parse(first.text));
    for (const zone of parsed.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
    const dayOf = (time: ICAL.Time) => `${time.year}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;
    const candidates = parsed.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component)).flatMap((event) => {
      const dates: string[] = [];
      const iterator = event.iterator();
      for (let start = iterator.next(); start; start = iterator.next()) dates.push(dayOf(start));
      const date = dates.find((day) => day > today);
      return date ? [{ event, date, dates }] : [];
    });
    const { event, date, dates } = candidates[0]!;
    const [planId, roomHourId] = event.uid.replace(/@.*$/, '').split('.') as [string, string];
    const lessonId = (await db.doc(`plans/${planId}`).get()).get('lessonId') as string;

    const adminToken = await idTokenFor(ADMIN);
    const cancelled = await call('cancelLesson', adminToken, { lessonId, date, roomHourId, reason: 'Teacher ill; see you next week', idempotencyKey: randomUUID() });
    expect(cancelled.status).toBe(200);
    const noticeId = cancelled.body.data.id as string;
    expect((await db.doc(`${NOTICE_DELIVERIES}/${deliveryId(noticeId, familyWithPlans)}`).get()).exists).toBe(true);

    // The app's next poll with the ETag it kept gets the feed anew, with that occurrence cancelled.
    const changed = await poll(made.body.data.url, first.etag!);
    expect(changed.status).toBe(200);
    expect(changed.etag).not.toBe(first.etag);
    const calendar = new ICAL.Component(ICAL.parse(changed.text));
    const same = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component)).filter((each) => each.uid === event.uid);
    const master = same.find((each) => !each.isRecurrenceException())!;
    const overrides = same.filter((each) => each.isRecurrenceException());
    expect(overrides).toHaveLength(1);
    for (const override of overrides) master.relateException(override);
    const occurrences: Array<{ date: string; status: string; summary: string; description: string }> = [];
    const iterator = master.iterator();
    for (let start = iterator.next(); start; start = iterator.next()) {
      const details = master.getOccurrenceDetails(start);
      occurrences.push({ date: dayOf(details.recurrenceId), status: String(details.item.component.getFirstPropertyValue('status') ?? ''), summary: details.item.summary, description: details.item.description });
    }
    // The RRULE still gives every occurrence; the one on that date is the cancelled override.
    expect(occurrences.map((occurrence) => occurrence.date)).toEqual(dates);
    expect(occurrences.filter((occurrence) => occurrence.status === 'CANCELLED')).toEqual([
      { date, status: 'CANCELLED', summary: `Cancelled: ${master.summary}`, description: expect.stringMatching(/^Cancelled by the school office: Teacher ill; see you next week/) },
    ]);
    // Its RECURRENCE-ID is an occurrence's start as the RRULE gives it, in DTSTART's time zone form.
    const starts: string[] = [];
    const again = master.iterator();
    for (let start = again.next(); start; start = again.next()) starts.push(start.toString());
    expect(starts).toContain(overrides[0]!.recurrenceId.toString());
    expect(overrides[0]!.component.getFirstProperty('recurrence-id')!.getParameter('tzid')).toBe(master.component.getFirstProperty('dtstart')!.getParameter('tzid'));
    expect((await poll(made.body.data.url, changed.etag!)).status).toBe(304);

    // Withdrawn: the occurrence is back at the next poll.
    expect((await call('withdrawNotice', adminToken, { noticeId })).status).toBe(200);
    const restored = await poll(made.body.data.url, changed.etag!);
    expect(restored.status).toBe(200);
    expect(restored.text).not.toContain('STATUS:CANCELLED');
    expect(restored.etag).toBe(first.etag);
  });

  it("leaves out the school's closed days, keeps the times across summer time, and changes the ETag only for a closed day of the family's", async () => {
    const made = await call('createCalendarFeed', await idTokenFor(email), { language: 'en' });
    const first = await poll(made.body.data.url);
    const closedDays = (await db.collection(SCHOOL_CALENDAR).get()).docs.flatMap((doc) => schoolCalendarSchema.parse(doc.data()).closedDays);
    expect(closedDays.map((day) => day.name)).toContain('Weihnachtsferien');
    const quarters = new Map((await db.collection('quarters').get()).docs.map((doc) => [doc.id, doc.data()]));
    const series = await seriesOf(first.text);
    expect(series.length).toBeGreaterThan(0);
    for (const { planId, roomHourId, dates, clocks } of series) {
      const plan = (await db.doc(`plans/${planId}`).get()).data()!;
      const quarter = quarters.get(plan.quarterId)!;
      const weekday = WEEKDAYS.indexOf((await db.doc(`roomHours/${roomHourId}`).get()).get('dayOfWeek'));
      const expected = weeklyDates({ lessonId: plan.lessonId, roomHourId, weekday, firstDay: quarter.firstDay, lastDay: quarter.lastDay }, closedDays);
      // One occurrence per lesson day the school is open, none on a closed one, all at one time of day.
      expect(dates, planId).toEqual(expected.filter((day) => day.closedBy === null).map((day) => day.date));
      expect(new Set(clocks).size, planId).toBe(1);
    }

    // The office closes one of the family's lessons on a day ahead; after the sync, that day is gone.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
    const { planId, roomHourId, dates } = series.find((each) => each.dates.some((date) => date > today))!;
    const date = dates.find((day) => day > today)!;
    const lessonId = (await db.doc(`plans/${planId}`).get()).get('lessonId') as string;
    const german = (day: string) => day.split('-').reverse().join('.');
    await atSource(APPSHEET_URL, 'Add', 'Closed Days', [
      { 'Closed Day ID': 'CD-FEED-OTHER', From: german(date), Name: 'Probe', 'Lesson ID': 'L-NOT-THIS-FAMILYS' },
    ]);
    try {
      expect((await runFullSync({ db, appSheet }, { triggeredBy: 'manual' })).error).toBeNull();
      // Another lesson's closed day changes nothing here: the same bytes, so the kept ETag holds.
      expect(await poll(made.body.data.url, first.etag!)).toMatchObject({ status: 304, etag: first.etag });
      await atSource(APPSHEET_URL, 'Add', 'Closed Days', [{ 'Closed Day ID': 'CD-FEED', From: german(date), Name: 'Wasserschaden', 'Lesson ID': lessonId }]);
      expect((await runFullSync({ db, appSheet }, { triggeredBy: 'manual' })).error).toBeNull();
      const closed = await poll(made.body.data.url, first.etag!);
      expect(closed.status).toBe(200);
      expect(closed.etag).not.toBe(first.etag);
      const after = (await seriesOf(closed.text)).find((each) => each.planId === planId && each.roomHourId === roomHourId)!;
      expect(after.dates).toEqual(dates.filter((day) => day !== date));
    } finally {
      await atSource(APPSHEET_URL, 'Delete', 'Closed Days', [{ 'Closed Day ID': 'CD-FEED-OTHER' }, { 'Closed Day ID': 'CD-FEED' }]);
      expect((await runFullSync({ db, appSheet }, { triggeredBy: 'manual' })).error).toBeNull();
    }
    // Reopened: the lesson is back, and with it the first ETag.
    expect(await poll(made.body.data.url, first.etag!)).toMatchObject({ status: 304, etag: first.etag });
  });

  it('refuses an altered token, a replaced one, and a record naming another family, with 404 and nothing else', async () => {
    const token = await idTokenFor(email);
    const first = (await call('createCalendarFeed', token, { language: 'en' })).body.data.url as string;
    const altered = first.replace(/\/calendar\/(.)/, (_, c: string) => `/calendar/${c === 'A' ? 'B' : 'A'}`);
    const second = (await call('createCalendarFeed', token, { language: 'en' })).body.data.url as string;
    for (const url of [altered, first]) {
      const answer = await poll(url);
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.text)).toEqual({ error: 'not-found', message: 'There is no calendar at this address.' });
    }
    expect((await poll(second)).status).toBe(200);

    // A record that pairs this account with another family (as if made for it) is never served.
    const otherUid = (await emulatorAdmin().auth.getUserByEmail(otherEmail)).uid;
    const forged = 'F'.repeat(43);
    await db.collection(CALENDAR_FEEDS).doc(hashOf(forged)).set({ uid: otherUid, email: otherEmail, memberId: familyWithPlans, language: 'en', createdAt: new Date().toISOString() });
    expect((await poll(second.replace(tokenOf(second), forged))).status).toBe(404);
    expect((await db.collection(CALENDAR_FEEDS).doc(hashOf(forged)).get()).exists).toBe(false);
  });

  it('limits each address to 60 fetches a minute', async () => {
    const url = (await call('createCalendarFeed', await idTokenFor(otherEmail), { language: 'en' })).body.data.url as string;
    while (60 - (Date.now() / 1000) % 60 < 8) await new Promise((resolve) => setTimeout(resolve, 250));
    // As an app that keeps the ETag polls: one full answer, then 304s.
    const first = await poll(url);
    const statuses = [first.status];
    for (let n = 1; n < 60; n++) statuses.push((await poll(url, first.etag!)).status);
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    const refused = await fetch(url);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses a flood of made-up addresses from one client after ten, with Retry-After, while a real feed answers another client', async () => {
    const url = (await call('createCalendarFeed', await idTokenFor(thirdEmail), { language: 'en' })).body.data.url as string;
    await minuteLeft(15);
    const flooder = '203.0.113.7';
    const answers = [];
    for (let n = 0; n < 30; n++) {
      const madeUp = url.replace(tokenOf(url), randomBytes(32).toString('base64url'));
      const answer = await pollFrom(madeUp, flooder);
      answers.push({ status: answer.status, retryAfter: Number(answer.headers.get('retry-after') ?? 0) });
    }
    expect(answers.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(404));
    expect(answers.slice(10).map((answer) => answer.status)).toEqual(Array(20).fill(429));
    for (const { retryAfter } of answers.slice(10)) expect(retryAfter).toBeGreaterThan(0);
    for (const { retryAfter } of answers.slice(10)) expect(retryAfter).toBeLessThanOrEqual(60);
    // The real calendar app of a family polls from elsewhere: answered in full.
    const real = await pollFrom(url, '198.51.100.9');
    expect(real.status).toBe(200);
    expect(await real.text()).toContain('BEGIN:VCALENDAR');
    // The flooding client gets nothing more this minute, a real address included.
    expect((await pollFrom(url, flooder)).status).toBe(429);
    // Another address of the same IPv6 /64 is the same client; the next /64 is another.
    for (let n = 0; n < 10; n++) await pollFrom(url.replace(tokenOf(url), 'x'.repeat(43)), `2001:db8:7:7::${n + 1}`);
    expect((await pollFrom(url, '2001:db8:7:7::ffff')).status).toBe(429);
    expect((await pollFrom(url, '2001:db8:7:8::1')).status).toBe(200);
  });

  it('leaves one live address when new ones are made at once', async () => {
    // The Functions emulator answers one request of a function at a time, so the calls race in
    // this process, each as its own request, against the same Firestore emulator.
    const authorization = `Bearer ${await idTokenFor(thirdEmail)}`;
    const request = () => ({ get: (name: string) => (name.toLowerCase() === 'authorization' ? authorization : undefined), body: { language: 'en' } }) as unknown as Request;
    process.env.FUNCTIONS_BASE_URL ??= functionUrl('calendar').replace(/\/calendar$/, '');
    const made = await Promise.all(Array.from({ length: 4 }, () => createCalendarFeed(request())));
    const uid = (await emulatorAdmin().auth.getUserByEmail(thirdEmail)).uid;
    expect((await db.collection(CALENDAR_FEEDS).where('uid', '==', uid).get()).size).toBe(1);
    const statuses = await Promise.all(made.map(async ({ data }) => (await pollFrom(data.url, '198.51.100.10')).status));
    expect(statuses.sort()).toEqual([200, 404, 404, 404]);
  });

  it('stops the address without making a new one', async () => {
    const token = await idTokenFor(thirdEmail);
    const url = (await call('createCalendarFeed', token, { language: 'de' })).body.data.url as string;
    expect((await pollFrom(url, '198.51.100.11')).status).toBe(200);
    expect(await call('deleteCalendarFeed', token, {})).toEqual({ status: 200, body: { data: { createdAt: null, language: null } } });
    expect((await pollFrom(url, '198.51.100.11')).status).toBe(404);
    expect((await call('getCalendarFeed', token)).body).toEqual({ data: { createdAt: null, language: null } });
    // Stopping again is no error: there is nothing left to stop.
    expect((await call('deleteCalendarFeed', token, {})).status).toBe(200);
  });

  it('stops at once when the office gives the family another address, and deletes the record', async () => {
    const url = (await call('createCalendarFeed', await idTokenFor(email), { language: 'en' })).body.data.url as string;
    expect((await poll(url)).status).toBe(200);
    await appSheet.edit('Members', [{ 'Member ID': familyWithPlans, Email: 'someone-else@example.com' }]);
    expect((await runFullSync({ db, appSheet }, { triggeredBy: 'manual' })).error).toBeNull();
    const answer = await poll(url);
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain('BEGIN:VCALENDAR');
    expect((await db.collection(CALENDAR_FEEDS).where('memberId', '==', familyWithPlans).get()).empty).toBe(true);
  });
});
