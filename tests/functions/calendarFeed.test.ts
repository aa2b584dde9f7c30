/**
 * The family's calendar subscription through the Functions emulator: a parent makes an address,
 * a calendar app fetches it without signing in; another family's record, an altered token, a
 * replaced one and one whose address the office moved all answer 404 and reveal nothing; the 61st
 * fetch in a minute is refused; an unchanged feed polled with its ETag answers 304.
 */
import { CALENDAR_FEEDS } from '@family-portal/contract';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashOf } from '../../functions/src/calendar/feedEndpoints';
import { createAppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { runFullSync } from '../../functions/src/sync/run/engine';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { PORTS } from '../../tools/lib/stack';
import { createAccount, functionUrl, idTokenFor } from '../support/auth';

const { db } = emulatorAdmin();
const appSheet = createAppSheetClient({ baseUrl: `http://127.0.0.1:${PORTS.appsheet}`, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY });

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

const tokenOf = (url: string) => /\/calendar\/([\w-]+)\.ics$/.exec(url)![1]!;
let familyWithPlans = '';
let email = '';
let otherEmail = '';
let originalEmail = '';

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
  otherEmail = members.find((doc) => doc.id !== familyWithPlans)!.get('primaryEmail');
  await createAccount(email);
  await createAccount(otherEmail);
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
