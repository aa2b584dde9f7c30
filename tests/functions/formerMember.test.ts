/**
 * A family whose membership ended acts on nothing, through the Functions emulator: the member is
 * set inactive in AppSheet after its parent signed in, and a sync brings it. Every endpoint that
 * acts answers 403 `membership-ended` and writes nothing; the calendar feed answers 404 and keeps
 * the address; the office's list of requests says the family's membership ended.
 */
import { ABSENCES, CALENDAR_FEEDS, currentQuarter, NOTICE_DELIVERIES } from '@family-portal/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestKey } from '../../functions/src/booking/keys';
import { createAppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { filter, keyIn } from '../../functions/src/sync/appsheet/selector';
import { runFullSync } from '../../functions/src/wiring/syncRuns';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { PORTS } from '../../tools/lib/stack';
import { atSource } from '../support/appSheet';
import { functionUrl, signedUpAccount } from '../support/auth';
import { addChildren, addOffers, lessonsWithRoomHours, plannedQuarterId, schoolDay, type TestOffer } from '../support/bookingSchool';

const { db } = emulatorAdmin();
const appSheetUrl = `http://127.0.0.1:${PORTS.appsheet}`;
const appSheet = createAppSheetClient({ baseUrl: appSheetUrl, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY });
const ADMIN = 'former-admin@example.com';

let memberId = '';
let token = '';
let adminToken = '';
let offer: TestOffer;
let kids: Array<{ childId: string; memberId: string }> = [];
let plannedQuarter = '';
/** What the family did while it was a member: a request, an absence, a notice, a calendar. */
const made = { requestId: '', absenceId: '', noticeId: '', feedUrl: '', lessonId: '', childId: '' };

const accountToken = async (email: string, admin = false) => (await signedUpAccount(email, { admin })).token;

async function call(name: string, bearer: string, body?: unknown) {
  const response = await fetch(functionUrl(name), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const setStatus = async (status: 'Aktiv' | 'Inaktiv') => {
  await appSheet.edit('Members', [{ 'Member ID': memberId, Status: status }]);
  expect((await runFullSync({ db, appSheet }, { triggeredBy: 'manual' })).status).not.toBe('error');
};
const requestRow = async (id: string) => (await appSheet.find('Course Requests', filter('Course Requests', keyIn('Request ID', [id]))))[0];

beforeAll(async () => {
  await clearFirestore();
  await fetch(`${appSheetUrl}/__demo/faults`, { method: 'DELETE' });
  expect((await runFullSync({ db, appSheet }, { triggeredBy: 'manual' })).status).not.toBe('error');
  // A family with a lesson this quarter, so that it can report an absence.
  const today = schoolDay(0);
  const quarters = (await db.collection('quarters').get()).docs.map((doc) => ({ id: doc.id, ...(doc.data() as { name: string; status: string; firstDay: string; lastDay: string }) }));
  const quarter = currentQuarter(quarters, today);
  if (!quarter) throw new Error('the demo school has no current quarter');
  const plans = await db.collection('plans').where('quarterId', '==', quarter.id).get();
  const index = new Map((await db.collection('member_emails').get()).docs.map((doc) => [String(doc.get('memberId')), doc.id]));
  const plan = plans.docs.find((doc) => index.has(String(doc.get('memberId'))));
  if (!plan) throw new Error('no indexed family has a lesson this quarter');
  memberId = String(plan.get('memberId'));
  made.childId = String(plan.get('childId'));
  made.lessonId = String(plan.get('lessonId'));

  plannedQuarter = await plannedQuarterId(db);
  const lesson = (await lessonsWithRoomHours(db))[0]!;
  offer = { offerId: 'OFF-TEST-former', lessonId: lesson.lessonId, roomHourIds: lesson.roomHourIds, places: 5, requestsUntil: schoolDay(30) };
  await addOffers(appSheetUrl, plannedQuarter, [offer]);
  kids = await addChildren(appSheetUrl, 'CFM', 2, [memberId]);
  expect((await runFullSync({ db, appSheet }, { triggeredBy: 'manual' })).status).not.toBe('error');

  token = await accountToken(index.get(memberId)!);
  adminToken = await accountToken(ADMIN, true);

  // While a member: each of these works.
  const requested = await call('requestBooking', token, { childId: kids[0]!.childId, offerId: offer.offerId, roomHourIds: offer.roomHourIds.slice(0, 1) });
  expect(requested.status).toBe(200);
  made.requestId = requested.body.data.id;
  const absence = await call('reportAbsence', token, { childId: made.childId, lessonIds: [made.lessonId], from: schoolDay(8), to: schoolDay(14) });
  expect(absence.status).toBe(200);
  made.absenceId = (await db.collection(ABSENCES).where('memberId', '==', memberId).get()).docs[0]!.id;
  const notice = await call('sendNotice', adminToken, { texts: { en: { title: 'Before the end', body: 'Text' } }, audience: { kind: 'family', memberId }, idempotencyKey: randomUUID() });
  expect(notice.status).toBe(200);
  made.noticeId = notice.body.data.id;
  const feed = await call('createCalendarFeed', token, { language: 'en' });
  expect(feed.status).toBe(200);
  made.feedUrl = feed.body.data.url;
  expect((await fetch(made.feedUrl)).status).toBe(200);

  // The office ends the membership in AppSheet; the parent's token stays valid.
  await setStatus('Inaktiv');
});

afterAll(async () => {
  await setStatus('Aktiv');
  const requests = (await appSheet.find('Course Requests')).filter((row) => String(row['Offer ID']) === offer.offerId);
  if (requests.length > 0) await atSource(appSheetUrl, 'Delete', 'Course Requests', requests.map((row) => ({ 'Request ID': row['Request ID'] })));
  await atSource(appSheetUrl, 'Delete', 'Offers', [{ 'Offer ID': offer.offerId }]);
  await atSource(appSheetUrl, 'Delete', 'Children', kids.map((kid) => ({ 'Child ID': kid.childId })));
  await clearFirestore();
});

const ended = { status: 403, body: { error: 'membership-ended' } };

describe('a family whose membership ended', () => {
  it('cannot request a course: 403, nothing in AppSheet', async () => {
    const answer = await call('requestBooking', token, { childId: kids[1]!.childId, offerId: offer.offerId, roomHourIds: offer.roomHourIds.slice(0, 1) });
    expect(answer).toMatchObject(ended);
    expect(await requestRow(requestKey(plannedQuarter, offer.lessonId, kids[1]!.childId))).toBeUndefined();
  });

  it('cannot join a waiting list, leave it or take a place: 403, nothing in AppSheet', async () => {
    const answer = await call('joinWaitingList', token, { childId: kids[1]!.childId, offerId: offer.offerId, roomHourIds: offer.roomHourIds.slice(0, 1) });
    expect(answer).toMatchObject(ended);
    expect(await requestRow(requestKey(plannedQuarter, offer.lessonId, kids[1]!.childId))).toBeUndefined();
    for (const name of ['leaveWaitingList', 'takeWaitingOffer', 'passWaitingOffer']) {
      expect(await call(name, token, { requestId: made.requestId })).toMatchObject(ended);
    }
    expect(await requestRow(made.requestId)).toMatchObject({ Status: 'Angefragt' });
  });

  it('cannot withdraw its request: 403, still waiting in AppSheet', async () => {
    expect(await call('withdrawBooking', token, { requestId: made.requestId })).toMatchObject(ended);
    expect(await requestRow(made.requestId)).toMatchObject({ Status: 'Angefragt' });
  });

  it('cannot report an absence: 403, none written', async () => {
    const before = (await db.collection(ABSENCES).where('memberId', '==', memberId).get()).size;
    const answer = await call('reportAbsence', token, { childId: made.childId, lessonIds: [made.lessonId], from: schoolDay(20), to: schoolDay(27) });
    expect(answer).toMatchObject(ended);
    expect((await db.collection(ABSENCES).where('memberId', '==', memberId).get()).size).toBe(before);
  });

  it('cannot withdraw an absence: 403, the report stays', async () => {
    expect(await call('withdrawAbsence', token, { absenceId: made.absenceId })).toMatchObject(ended);
    expect((await db.collection(ABSENCES).doc(made.absenceId).get()).exists).toBe(true);
  });

  it('cannot mark a notice read: 403, it stays unread', async () => {
    expect(await call('markNoticeRead', token, { noticeId: made.noticeId })).toMatchObject(ended);
    expect((await db.collection(NOTICE_DELIVERIES).doc(`${made.noticeId}_${memberId}`).get()).get('readAt') ?? null).toBeNull();
  });

  it('cannot make a calendar address, and its calendar answers 404 while the address is kept', async () => {
    const feeds = async () => (await db.collection(CALENDAR_FEEDS).where('memberId', '==', memberId).get()).size;
    expect(await call('createCalendarFeed', token, { language: 'de' })).toMatchObject(ended);
    expect(await feeds()).toBe(1);
    const served = await fetch(made.feedUrl);
    expect(served.status).toBe(404);
    expect(await served.text()).not.toContain('BEGIN:VCALENDAR');
    expect(await feeds()).toBe(1);
  });

  it("still reads what it may: its calendar state and its records' export", async () => {
    expect((await call('getCalendarFeed', token)).status).toBe(200);
    expect((await call('exportMyData', token)).status).toBe(200);
  });

  it("is marked in the office's list of requests", async () => {
    const answer = await call('listBookingRequests', adminToken);
    expect(answer.status).toBe(200);
    const row = (answer.body.data.requests as Array<Record<string, unknown>>).find((candidate) => candidate.id === made.requestId);
    expect(row).toMatchObject({ memberId, familyActive: false, status: 'requested' });
  });
});
