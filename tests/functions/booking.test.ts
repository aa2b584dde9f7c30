/**
 * Booking next quarter's courses, against the emulators and the AppSheet demo server: places
 * counted in one atomic change (twenty families racing for three places, in-process and over HTTP),
 * every refusal writes nothing, AppSheet first and then the mirror (a fault leaves no mirror and
 * frees the place), the office's decision exactly once, and holds brought in line after a sync.
 */
import { currentQuarter, MAIL, OFFER_PLACES, type BookingRequest } from '@family-portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_HOLDS } from '../../functions/src/booking/holders';
import { reconcileHolds } from '../../functions/src/booking/holds';
import { planKey, requestKey } from '../../functions/src/booking/keys';
import { decideRequests } from '../../functions/src/booking/decideRequests';
import { requestBooking } from '../../functions/src/booking/requestBooking';
import { AppSheetError, createAppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { filter, keyIn } from '../../functions/src/sync/appsheet/selector';
import { runFullSync } from '../../functions/src/wiring/syncRuns';
import { HttpError } from '../../functions/src/http/errors';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { PORTS } from '../../tools/lib/stack';
import { functionUrl, signedUpAccount } from '../support/auth';
import { atSource } from '../support/appSheet';
import { addChildren, addOffers, indexedMembers, schoolDay, syncedSchool, type TestOffer } from '../support/bookingSchool';

const { db } = emulatorAdmin();
const appSheetUrl = `http://127.0.0.1:${PORTS.appsheet}`;
const appSheet = createAppSheetClient({ baseUrl: appSheetUrl, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY });
const deps = { db, appSheet };
const ADMIN = 'booking-admin@example.com';

let quarterId = '';
const offers: Record<string, TestOffer> = {};
let members: Array<{ memberId: string; email: string }> = [];
const tokens = new Map<string, string>();
/** Test children by member: race children 20 (two per family), single children for the rest. */
let raceChildren: Array<{ childId: string; memberId: string }> = [];
let httpChildren: Array<{ childId: string; memberId: string }> = [];
let kids: Array<{ childId: string; memberId: string }> = [];
let adminToken = '';
let strayRoomHourId = '';

const setFault = (table: string, fault: string | null, times?: number) =>
  fetch(`${appSheetUrl}/__demo/faults/${encodeURIComponent(table)}`, { method: 'PUT', body: JSON.stringify({ fault, times }) });
const accountToken = async (email: string, admin = false) => (await signedUpAccount(email, { admin })).token;
const tokenOf = (memberId: string) => tokens.get(memberId) as string;

async function call(name: string, token: string, body?: unknown, query = '') {
  const response = await fetch(functionUrl(name, query), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const ask = (child: { childId: string; memberId: string }, offer: TestOffer, roomHourIds = offer.roomHourIds.slice(0, 1)) =>
  call('requestBooking', tokenOf(child.memberId), { childId: child.childId, offerId: offer.offerId, roomHourIds });

const mirror = async (id: string) => (await db.doc(`bookingRequests/${id}`).get()).data();
const taken = async (offer: TestOffer) => ((await db.doc(`${OFFER_PLACES}/${offer.offerId}`).get()).get('taken') as Record<string, number> | undefined) ?? {};
const holders = async (offer: TestOffer) => ((await db.doc(`${BOOKING_HOLDS}/${offer.offerId}`).get()).get('holders') as Record<string, unknown> | undefined) ?? {};
const rowsOfOffer = (offer: TestOffer) => appSheet.find('Course Requests', filter('Course Requests', `[Offer ID] = "${offer.offerId}"`));
const requestRow = async (id: string) => (await appSheet.find('Course Requests', filter('Course Requests', keyIn('Request ID', [id]))))[0];
const planRows = (id: string) => appSheet.find('Plans', filter('Plans', keyIn('Plan ID', [id])));
const keyOf = (child: { childId: string }, offer: TestOffer) => requestKey(quarterId, offer.lessonId, child.childId);
const kid = (index: number) => {
  const child = kids[index];
  if (!child) throw new Error(`no test child ${index}`);
  return child;
};
const memberDoc = (memberId: string) => db.doc(`members/${memberId}`).get();
const emailOf = (memberId: string) => members.find((member) => member.memberId === memberId)?.email as string;

beforeAll(async () => {
  const school = await syncedSchool(db, appSheetUrl, appSheet);
  quarterId = school.quarterId;
  const { lessons } = school;
  const names = ['race', 'http', 'checks', 'closed', 'fault', 'decide', 'decline', 'withdraw', 'reconcile', 'lost', 'again'] as const;
  expect(lessons.length).toBeGreaterThanOrEqual(names.length);
  // 'again' needs a lesson with two times; the others take the lessons in turn.
  const twoTimes = lessons.findLast((lesson) => lesson.roomHourIds.length >= 2);
  expect(twoTimes).toBeDefined();
  const inTurn = lessons.filter((lesson) => lesson !== twoTimes);
  names.forEach((name, index) => {
    const lesson = (name === 'again' ? twoTimes : inTurn[index]) as (typeof lessons)[number];
    offers[name] = {
      offerId: `OFF-TEST-${name}`,
      lessonId: lesson.lessonId,
      roomHourIds: lesson.roomHourIds,
      places: { race: 3, http: 3, checks: 5, closed: 5, fault: 1, decide: 5, decline: 1, withdraw: 1, reconcile: 2, lost: 3, again: 1 }[name],
      requestsUntil: name === 'closed' ? schoolDay(-1) : schoolDay(30),
    };
  });
  // The office's mistakes: 'again' also lists a time of another lesson, and a second offer of the
  // 'fault' lesson (sorted after the first) is left out of the catalogue.
  strayRoomHourId = (offers.race as TestOffer).roomHourIds[0] as string;
  offers.twin = { ...(offers.fault as TestOffer), offerId: 'OFF-TEST-zz-twin', places: 5 };
  await addOffers(
    appSheetUrl,
    quarterId,
    Object.entries(offers).map(([name, offer]) => ({ ...offer, blankRoomHours: name === 'checks', roomHourIds: name === 'again' ? [...offer.roomHourIds, strayRoomHourId] : offer.roomHourIds })),
  );

  members = (await indexedMembers(db)).slice(0, 10);
  expect(members).toHaveLength(10);
  const ids = members.map((member) => member.memberId);
  raceChildren = await addChildren(appSheetUrl, 'CBR', 20, ids);
  httpChildren = await addChildren(appSheetUrl, 'CBH', 20, ids);
  kids = await addChildren(appSheetUrl, 'CBK', 10, ids);
  expect((await runFullSync({ db, appSheet }, { triggeredBy: 'manual' })).status).not.toBe('error');

  for (const member of members) tokens.set(member.memberId, await accountToken(member.email));
  adminToken = await accountToken(ADMIN, true);
});

beforeEach(async () => {
  await fetch(`${appSheetUrl}/__demo/faults`, { method: 'DELETE' });
  // Each test's calls count from zero against the per-account limits.
  await db.recursiveDelete(db.collection('rate_limits'));
});
afterAll(async () => {
  await fetch(`${appSheetUrl}/__demo/faults`, { method: 'DELETE' });
  // Every emulator test file shares the demo AppSheet server: take back each row this file
  // added, so that later files sync the demo school as generated (these offers would otherwise
  // collide with its own offers for the same lessons and turn their syncs into warnings).
  const added = new Set([...raceChildren, ...httpChildren, ...kids].map((child) => child.childId));
  const offerIds = new Set(Object.values(offers).map((offer) => offer.offerId));
  const ofTheTest = (row: Record<string, unknown>) => added.has(String(row['Child ID'])) || offerIds.has(String(row['Offer ID']));
  const requests = (await appSheet.find('Course Requests')).filter(ofTheTest);
  const plans = (await appSheet.find('Plans')).filter(ofTheTest);
  if (requests.length > 0) await atSource(appSheetUrl, 'Delete', 'Course Requests', requests.map((row) => ({ 'Request ID': row['Request ID'] })));
  if (plans.length > 0) await atSource(appSheetUrl, 'Delete', 'Plans', plans.map((row) => ({ 'Plan ID': row['Plan ID'] })));
  await atSource(appSheetUrl, 'Delete', 'Offers', [...offerIds].map((id) => ({ 'Offer ID': id })));
  if (added.size > 0) await atSource(appSheetUrl, 'Delete', 'Children', [...added].map((id) => ({ 'Child ID': id })));
  await clearFirestore();
});

describe('places', () => {
  it('gives 3 places to 20 families racing in-process, and "full" naming the time to the other 17', async () => {
    const offer = offers.race as TestOffer;
    const roomHourId = offer.roomHourIds[0] as string;
    const outcomes = await Promise.allSettled(
      raceChildren.map(async (child) =>
        requestBooking(deps, { email: emailOf(child.memberId) }, await memberDoc(child.memberId), { childId: child.childId, offerId: offer.offerId, roomHourIds: [roomHourId] }),
      ),
    );
    const granted = outcomes.filter((outcome): outcome is PromiseFulfilledResult<BookingRequest> => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(granted).toHaveLength(3);
    expect(refused.map((outcome) => (outcome.reason as HttpError).code)).toEqual(Array(17).fill('full'));
    expect((refused[0]!.reason as HttpError).message).toContain(roomHourId);
    expect(granted.map((outcome) => outcome.value.status)).toEqual(['requested', 'requested', 'requested']);
    expect(await taken(offer)).toEqual({ [roomHourId]: 3 });
    expect(await rowsOfOffer(offer)).toHaveLength(3);
    expect((await db.collection('bookingRequests').where('offerId', '==', offer.offerId).get()).size).toBe(3);
  });

  it('answers 3 requests over HTTP with 200 and the other 17 with 409 full', async () => {
    // One after another: the answers over HTTP. Twenty at once over HTTP, each within 10 s, is
    // bookingHolds.test.ts (the emulator needs a process per request in flight, warmed first).
    const offer = offers.http as TestOffer;
    const answers = [];
    for (const child of httpChildren) answers.push(await ask(child, offer));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => [answer.status, answer.body.error])).toEqual(Array(17).fill([409, 'full']));
    expect(await taken(offer)).toEqual({ [offer.roomHourIds[0] as string]: 3 });
    expect(await rowsOfOffer(offer)).toHaveLength(3);
  });
});

describe('requestBooking', () => {
  it('writes AppSheet, then the mirror the family reads, then counts the place', async () => {
    const offer = offers.checks as TestOffer;
    const child = kid(0);
    const id = keyOf(child, offer);
    const { status, body } = await ask(child, offer, offer.roomHourIds);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id, childId: child.childId, offerId: offer.offerId, status: 'requested', memberId: child.memberId, roomHourIds: offer.roomHourIds, weeks: 12 });
    expect(await requestRow(id)).toMatchObject({ 'Child ID': child.childId, 'Quarter ID': quarterId, 'Lesson ID': offer.lessonId, Status: 'Angefragt', 'Requested By': emailOf(child.memberId), 'Room Hour IDs': offer.roomHourIds.join(' , ') });
    expect(await mirror(id)).toMatchObject({ status: 'requested', memberId: child.memberId, requestedBy: emailOf(child.memberId), roomHourIds: offer.roomHourIds });
    expect(await taken(offer)).toEqual(Object.fromEntries(offer.roomHourIds.map((roomHourId) => [roomHourId, 1])));

    // A full sync finds the mirror as it would have written it.
    const sync = await runFullSync({ db, appSheet }, { triggeredBy: 'manual' });
    expect(sync.tables.bookingRequests?.written ?? 0).toBe(0);
  });

  it('answers 409 already-requested to the same child, lesson and quarter, and writes nothing', async () => {
    const offer = offers.checks as TestOffer;
    const child = kid(1);
    expect((await ask(child, offer)).status).toBe(200);
    const before = [await requestRow(keyOf(child, offer)), await taken(offer)];
    const again = await ask(child, offer);
    expect([again.status, again.body.error]).toEqual([409, 'already-requested']);
    expect([await requestRow(keyOf(child, offer)), await taken(offer)]).toEqual(before);
  });

  it("answers 403 for another family's child, and writes nothing", async () => {
    const offer = offers.checks as TestOffer;
    const child = kid(2);
    const stranger = members.find((member) => member.memberId !== child.memberId) as (typeof members)[number];
    const before = await taken(offer);
    const answer = await call('requestBooking', tokenOf(stranger.memberId), { childId: child.childId, offerId: offer.offerId, roomHourIds: offer.roomHourIds.slice(0, 1) });
    expect([answer.status, answer.body.error]).toEqual([403, 'permission-denied']);
    expect(await requestRow(keyOf(child, offer))).toBeUndefined();
    expect(await mirror(keyOf(child, offer))).toBeUndefined();
    expect(await taken(offer)).toEqual(before);
  });

  it('refuses a request after the deadline with 409 requests-closed, and writes nothing', async () => {
    const offer = offers.closed as TestOffer;
    const child = kid(3);
    const answer = await ask(child, offer);
    expect([answer.status, answer.body.error]).toEqual([409, 'requests-closed']);
    expect(await requestRow(keyOf(child, offer))).toBeUndefined();
    expect(await taken(offer)).toEqual({});
  });

  it("refuses a time that is not the offered lesson's with 400, and an unknown offer with 404", async () => {
    const offer = offers.checks as TestOffer;
    const other = offers.race as TestOffer;
    const child = kid(4);
    const strange = await ask(child, offer, [other.roomHourIds[0] as string]);
    expect([strange.status, strange.body.error]).toEqual([400, 'invalid-argument']);
    const unknown = await call('requestBooking', tokenOf(child.memberId), { childId: child.childId, offerId: 'OFF-NONE', roomHourIds: offer.roomHourIds.slice(0, 1) });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'not-found']);
    expect(await requestRow(keyOf(child, offer))).toBeUndefined();
  });

  it('refuses what families were not shown: a time the office listed from another lesson (400), a second offer of a lesson (404)', async () => {
    const child = kid(7);
    const stray = await ask(child, offers.again as TestOffer, [strayRoomHourId]);
    expect([stray.status, stray.body.error]).toEqual([400, 'invalid-argument']);
    expect(await requestRow(keyOf(child, offers.again as TestOffer))).toBeUndefined();
    const twin = offers.twin as TestOffer;
    const hidden = await ask(child, twin);
    expect([hidden.status, hidden.body.error]).toEqual([404, 'not-found']);
    expect(await requestRow(keyOf(child, twin))).toBeUndefined();
    expect(await taken(twin)).toEqual({});
  });

  it('refuses a child whose status is not active with 409 not-active, and writes nothing', async () => {
    const child = kid(9);
    const offer = offers.checks as TestOffer;
    await appSheet.edit('Children', [{ 'Child ID': child.childId, Status: 'Inaktiv' }]);
    expect((await runFullSync({ db, appSheet }, { triggeredBy: 'manual' })).status).not.toBe('error');
    try {
      const before = await taken(offer);
      const answer = await ask(child, offer);
      expect([answer.status, answer.body.error]).toEqual([409, 'not-active']);
      expect(await requestRow(keyOf(child, offer))).toBeUndefined();
      expect(await taken(offer)).toEqual(before);
    } finally {
      await appSheet.edit('Children', [{ 'Child ID': child.childId, Status: 'Aktiv' }]);
      expect((await runFullSync({ db, appSheet }, { triggeredBy: 'manual' })).status).not.toBe('error');
    }
  });

  it('keeps a request whose Add reached AppSheet though its answer was lost', async () => {
    const offer = offers.checks as TestOffer;
    const child = kid(4);
    const id = keyOf(child, offer);
    const lostAnswer = {
      ...appSheet,
      add: async (table: string, rows: Parameters<typeof appSheet.add>[1]) => {
        await appSheet.add(table, rows);
        throw new Error('AppSheet Add on Course Requests: timed out after 15000 ms');
      },
    };
    const before = (await taken(offer))[offer.roomHourIds[0] as string] ?? 0;
    const request = await requestBooking({ db, appSheet: lostAnswer }, { email: emailOf(child.memberId) }, await memberDoc(child.memberId), {
      childId: child.childId,
      offerId: offer.offerId,
      roomHourIds: offer.roomHourIds.slice(0, 1),
    });
    expect(request).toMatchObject({ id, status: 'requested' });
    expect(await mirror(id)).toMatchObject({ status: 'requested' });
    expect((await taken(offer))[offer.roomHourIds[0] as string]).toBe(before + 1);
  });

  it('leaves no mirror and frees the place when AppSheet fails, and takes the request once it is back', async () => {
    const offer = offers.fault as TestOffer;
    const child = kid(5);
    const id = keyOf(child, offer);
    await setFault('Course Requests', 'error');
    const failed = await ask(child, offer);
    expect([failed.status, failed.body.error]).toEqual([502, 'appsheet-failed']);
    await setFault('Course Requests', null);
    expect(await mirror(id)).toBeUndefined();
    expect(await requestRow(id)).toBeUndefined();
    expect(await taken(offer)).toEqual({});
    expect(await holders(offer)).toEqual({});

    // The one place is free again: the same family gets it now.
    expect((await ask(child, offer)).status).toBe(200);
    expect(await mirror(id)).toMatchObject({ status: 'requested' });
  });
});

describe("AppSheet's answer lost", () => {
  it('keeps the places of two requests whose Add landed unheard: of 4 families for 3 places, the 4th is refused', async () => {
    const offer = offers.lost as TestOffer;
    const roomHourId = offer.roomHourIds[0] as string;
    const [a, b, c, d] = [kid(0), kid(1), kid(2), kid(3)];
    // The line drops during each of the first two families' Add: the row lands, the Add's
    // answer, its retry and the Find that checks it are all lost (two attempts each).
    for (const child of [a, b]) {
      await setFault('Course Requests', 'lost-answer', 4);
      const answer = await ask(child, offer);
      expect([answer.status, answer.body.error]).toEqual([502, 'request-unconfirmed']);
      expect(await requestRow(keyOf(child, offer))).toMatchObject({ Status: 'Angefragt' });
      // No mirror yet: the family sees it after the next sync.
      expect(await mirror(keyOf(child, offer))).toBeUndefined();
    }
    await setFault('Course Requests', null);
    expect(await taken(offer)).toEqual({ [roomHourId]: 2 });
    expect((await ask(c, offer)).status).toBe(200);
    const fourth = await ask(d, offer);
    expect([fourth.status, fourth.body.error]).toEqual([409, 'full']);
    expect(await rowsOfOffer(offer)).toHaveLength(3);

    // The next sync brings the two rows: three requests for three places, nothing overbooked.
    const sync = await runFullSync({ db, appSheet }, { triggeredBy: 'manual' });
    expect(sync.rowWarnings.filter((warning) => warning.table === 'bookingRequests')).toEqual([]);
    expect(await mirror(keyOf(a, offer))).toMatchObject({ status: 'requested', memberId: a.memberId });
    expect(await taken(offer)).toEqual({ [roomHourId]: 3 });
    expect(Object.values(await holders(offer)).map((holder) => (holder as { state: string }).state)).toEqual(['held', 'held', 'held']);
  });

  it('marks a request beyond the places for the office, the latest to reach AppSheet, and never confirms it', async () => {
    const offer = offers.lost as TestOffer;
    const roomHourId = offer.roomHourIds[0] as string;
    const late = kid(3);
    const lateId = keyOf(late, offer);
    // The office types a fourth request for the full time straight into AppSheet.
    await appSheet.add('Course Requests', [
      { 'Request ID': lateId, 'Child ID': late.childId, 'Quarter ID': quarterId, 'Lesson ID': offer.lessonId, 'Offer ID': offer.offerId, 'Room Hour IDs': roomHourId, Weeks: '12', Status: 'Angefragt', 'Requested At': '31.12.2099 10:00:00' },
    ]);
    const sync = await runFullSync({ db, appSheet }, { triggeredBy: 'manual' });
    expect(sync.rowWarnings.filter((warning) => warning.table === 'bookingRequests')).toEqual([expect.objectContaining({ key: lateId, reason: expect.stringContaining('more requests than places') })]);
    const listed = await call('listBookingRequests', adminToken);
    const flags = (listed.body.data.requests as Array<{ id: string; overbooked: boolean; offerId: string }>).filter((row) => row.offerId === offer.offerId).map((row) => [row.id, row.overbooked]);
    expect(flags).toHaveLength(4);
    expect(flags.filter(([, over]) => over)).toEqual([[lateId, true]]);

    const confirm = await call('decideBookingRequests', adminToken, { requestIds: [lateId], decision: 'confirm' });
    expect(confirm.body.data.results).toEqual([{ requestId: lateId, outcome: 'refused', error: 'full' }]);
    expect(await requestRow(lateId)).toMatchObject({ Status: 'Angefragt' });
    expect(await planRows(planKey(quarterId, offer.lessonId, late.childId))).toHaveLength(0);

    // One of the three is declined: the late one moves up and may be confirmed now.
    const first = keyOf(kid(0), offer);
    expect((await call('decideBookingRequests', adminToken, { requestIds: [first], decision: 'decline' })).body.data.results).toEqual([{ requestId: first, outcome: 'declined' }]);
    expect((await call('decideBookingRequests', adminToken, { requestIds: [lateId], decision: 'confirm' })).body.data.results).toEqual([{ requestId: lateId, outcome: 'confirmed' }]);
    expect(await taken(offer)).toEqual({ [roomHourId]: 3 });
  });

  it('lets the same parent ask again with another time, through the place check, when the first Add did not land', async () => {
    const offer = offers.again as TestOffer;
    const [first, second] = offer.roomHourIds as [string, string];
    expect(offer.roomHourIds.length).toBeGreaterThanOrEqual(2);
    const [child, other] = [kid(4), kid(5)];
    // The Add is lost before it lands (a network error): AppSheet has nothing, the place is kept.
    const unheard = {
      ...appSheet,
      add: async () => {
        throw new AppSheetError('AppSheet Add on Course Requests: network error', null, true);
      },
    };
    const asked = { childId: child.childId, offerId: offer.offerId, roomHourIds: [first] };
    await expect(requestBooking({ db, appSheet: unheard }, { email: emailOf(child.memberId) }, await memberDoc(child.memberId), asked)).rejects.toMatchObject({ code: 'request-unconfirmed' });
    expect(await taken(offer)).toEqual({ [first]: 1 });
    expect((await ask(other, offer, [first])).body.error).toBe('full');

    // The same parent, with the other time: counted like a new request; the first time is free again.
    expect((await ask(child, offer, [second])).status).toBe(200);
    expect(await taken(offer)).toEqual({ [second]: 1 });
    expect(await requestRow(keyOf(child, offer))).toMatchObject({ 'Room Hour IDs': second });
    expect((await ask(other, offer, [first])).status).toBe(200);
  });

  it('gives the place back when AppSheet clearly refused the row, and says nothing was changed', async () => {
    const offer = offers.checks as TestOffer;
    const child = kid(6);
    const refusing = {
      ...appSheet,
      add: async () => {
        throw new AppSheetError("AppSheet Add on Course Requests: HTTP 400 Invalid value for 'Weeks'", 400, false);
      },
    };
    const before = await taken(offer);
    const asked = { childId: child.childId, offerId: offer.offerId, roomHourIds: offer.roomHourIds.slice(0, 1) };
    await expect(requestBooking({ db, appSheet: refusing }, { email: emailOf(child.memberId) }, await memberDoc(child.memberId), asked)).rejects.toMatchObject({ code: 'appsheet-failed' });
    expect(await taken(offer)).toEqual(before);
    expect((await holders(offer))[keyOf(child, offer)]).toBeUndefined();
    expect(await mirror(keyOf(child, offer))).toBeUndefined();
  });
});

describe('the office decides', () => {
  it('confirms once into one Plans row, however often and however concurrently it is clicked', async () => {
    const offer = offers.decide as TestOffer;
    const [first, second] = [kid(6), kid(7)];
    for (const child of [first, second]) expect((await ask(child, offer)).status).toBe(200);
    const [idA, idB] = [keyOf(first, offer), keyOf(second, offer)];

    // A second click while the first confirmation is still writing to AppSheet (its Find on Plans
    // answers late): the second finds the request claimed and writes nothing.
    await setFault('Plans', 'slow', 1);
    const firstClick = decideRequests(deps, { requestIds: [idA], decision: 'confirm' });
    await expect.poll(async () => ((await holders(offer))[idA] as { state?: string } | undefined)?.state).toBe('deciding');
    expect(await decideRequests(deps, { requestIds: [idA], decision: 'confirm' })).toEqual([{ requestId: idA, outcome: 'refused', error: 'request-in-progress' }]);
    expect(await firstClick).toEqual([{ requestId: idA, outcome: 'confirmed' }]);
    // Both at once: one confirms, the other waits for it and finds it decided, or is refused.
    const both = await Promise.all([
      decideRequests(deps, { requestIds: [idA], decision: 'confirm' }),
      decideRequests(deps, { requestIds: [idA], decision: 'confirm' }),
    ]);
    for (const result of both.flat()) expect(['unchanged', 'refused']).toContain(result.outcome);
    const planId = planKey(quarterId, offer.lessonId, first.childId);
    expect(await planRows(planId)).toHaveLength(1);
    expect(await planRows(planId)).toEqual([expect.objectContaining({ 'Child ID': first.childId, 'Quarter ID': quarterId, 'Lesson ID': offer.lessonId, Weeks: '12' })]);

    // Over HTTP: A again, with B; A is unchanged, B confirmed; still one Plans row each.
    const answer = await call('decideBookingRequests', adminToken, { requestIds: [idA, idB], decision: 'confirm', note: 'Bis bald!' });
    expect(answer.status).toBe(200);
    expect(answer.body.data.results).toEqual([
      { requestId: idA, outcome: 'unchanged' },
      { requestId: idB, outcome: 'confirmed' },
    ]);
    expect(await planRows(planId)).toHaveLength(1);
    expect(await planRows(planKey(quarterId, offer.lessonId, second.childId))).toHaveLength(1);
    expect(await requestRow(idB)).toMatchObject({ Status: 'Bestätigt', 'Plan ID': planKey(quarterId, offer.lessonId, second.childId), Note: 'Bis bald!' });
    expect(await mirror(idA)).toMatchObject({ status: 'confirmed', planId });
    expect(await mirror(idB)).toMatchObject({ status: 'confirmed', note: 'Bis bald!' });
    // Confirmed requests keep their places.
    expect(await taken(offer)).toEqual({ [offer.roomHourIds[0] as string]: 2 });

    // Withdrawing a confirmed request is refused and changes nothing.
    const withdrawn = await call('withdrawBooking', tokenOf(first.memberId), { requestId: idA });
    expect([withdrawn.status, withdrawn.body.error]).toEqual([409, 'not-requested']);
    expect(await requestRow(idA)).toMatchObject({ Status: 'Bestätigt' });
  });

  it('confirms a request whose Plans row an earlier attempt added, without adding a second', async () => {
    const offer = offers.decide as TestOffer;
    const child = kid(5);
    const id = keyOf(child, offer);
    expect((await ask(child, offer)).status).toBe(200);
    // The earlier attempt added the plan, then AppSheet failed before the request's status was written.
    const planId = planKey(quarterId, offer.lessonId, child.childId);
    await appSheet.add('Plans', [{ 'Plan ID': planId, 'Child ID': child.childId, 'Quarter ID': quarterId, 'Lesson ID': offer.lessonId, Weeks: '12', 'Room Hour IDs': offer.roomHourIds[0] }]);
    const answer = await call('decideBookingRequests', adminToken, { requestIds: [id], decision: 'confirm' });
    expect(answer.body.data.results).toEqual([{ requestId: id, outcome: 'confirmed' }]);
    expect(await planRows(planId)).toHaveLength(1);
    expect(await requestRow(id)).toMatchObject({ Status: 'Bestätigt', 'Plan ID': planId });
  });

  it('declines with a note and frees the place for the next family', async () => {
    const offer = offers.decline as TestOffer;
    const [first, second] = [kid(8), kid(9)];
    expect((await ask(first, offer)).status).toBe(200);
    expect((await ask(second, offer)).body.error).toBe('full');
    const choices = { paymentDue: false, paymentReceived: false, cancellationConfirmed: false, bookingDecided: true, language: 'de' };
    expect((await call('setNotificationChoices', tokenOf(first.memberId), choices)).status).toBe(200);
    // Decisions count from the opt-in on, and AppSheet stamps them in whole seconds: decide in the next one.
    const optedIn = Date.now();
    await expect.poll(() => Date.now(), { timeout: 2000 }).toBeGreaterThanOrEqual(Math.ceil(optedIn / 1000) * 1000 + 1);
    const answer = await call('decideBookingRequests', adminToken, { requestIds: [keyOf(first, offer)], decision: 'decline', note: 'Leider voll.' });
    expect(answer.body.data.results).toEqual([{ requestId: keyOf(first, offer), outcome: 'declined' }]);
    // The parent turned the decision e-mail on: it is on its way, with the office's note.
    const mails = (await db.collection(MAIL).where('to', '==', emailOf(first.memberId)).get()).docs.map((doc) => doc.get('message.text') as string);
    expect(mails).toEqual([expect.stringContaining('Leider voll.')]);
    expect(await requestRow(keyOf(first, offer))).toMatchObject({ Status: 'Abgelehnt', Note: 'Leider voll.' });
    expect(await mirror(keyOf(first, offer))).toMatchObject({ status: 'declined', note: 'Leider voll.' });
    expect(await taken(offer)).toEqual({});
    expect((await ask(second, offer)).status).toBe(200);
  });

  it('claims a request without an offer by its own key: the family cannot withdraw while the office confirms', async () => {
    // The office typed a request in AppSheet for a lesson and quarter that have no offer.
    const quarters = (await db.collection('quarters').get()).docs.map((doc) => ({ id: doc.id, ...(doc.data() as { name: string; status: string; firstDay: string; lastDay: string }) }));
    const current = currentQuarter(quarters, schoolDay(0));
    expect(current).not.toBeNull();
    expect((await db.collection('offers').where('quarterId', '==', current!.id).limit(1).get()).size).toBe(0);
    const child = kid(8);
    const lesson = offers.decline as TestOffer;
    const id = requestKey(current!.id, lesson.lessonId, child.childId);
    await appSheet.add('Course Requests', [
      { 'Request ID': id, 'Child ID': child.childId, 'Quarter ID': current!.id, 'Lesson ID': lesson.lessonId, 'Room Hour IDs': lesson.roomHourIds[0], Weeks: '12', Status: 'Angefragt' },
    ]);
    expect((await runFullSync({ db, appSheet }, { triggeredBy: 'manual' })).status).not.toBe('error');
    expect(await mirror(id)).toMatchObject({ status: 'requested', memberId: child.memberId });

    await setFault('Plans', 'slow', 1);
    const confirming = decideRequests(deps, { requestIds: [id], decision: 'confirm' });
    await expect.poll(async () => ((await db.doc(`${BOOKING_HOLDS}/request:${id}`).get()).get(`holders.${id}.state`) as string | undefined)).toBe('deciding');
    const withdrawal = await call('withdrawBooking', tokenOf(child.memberId), { requestId: id });
    expect([withdrawal.status, withdrawal.body.error]).toEqual([409, 'request-in-progress']);
    expect(await confirming).toEqual([{ requestId: id, outcome: 'confirmed' }]);
    expect(await requestRow(id)).toMatchObject({ Status: 'Bestätigt' });
    expect(await planRows(planKey(current!.id, lesson.lessonId, child.childId))).toHaveLength(1);
    // Such a claim counts no places anyone reads.
    expect((await db.doc(`${OFFER_PLACES}/request:${id}`).get()).exists).toBe(false);
    await atSource(appSheetUrl, 'Delete', 'Plans', [{ 'Plan ID': planKey(current!.id, lesson.lessonId, child.childId) }]);
  });

  it("is the office's only: a parent gets 403 from both office endpoints", async () => {
    const token = tokenOf((members[0] as (typeof members)[number]).memberId);
    expect((await call('listBookingRequests', token)).status).toBe(403);
    expect((await call('decideBookingRequests', token, { requestIds: ['REQ-x'], decision: 'confirm' })).status).toBe(403);
  });

  it("lists the quarter's requests with child and family names, and the offer's places", async () => {
    const offer = offers.checks as TestOffer;
    const child = kid(3);
    expect((await ask(child, offer)).status).toBe(200);
    const answer = await call('listBookingRequests', adminToken);
    expect(answer.status).toBe(200);
    expect(answer.body.data.quarter).toMatchObject({ id: quarterId });
    const family = await memberDoc(child.memberId);
    expect(answer.body.data.requests).toContainEqual(
      expect.objectContaining({ id: keyOf(child, offer), childName: `Kind ${child.childId}`, memberId: child.memberId, familyName: family.get('primaryName'), status: 'requested' }),
    );
    const listed = (answer.body.data.offers as Array<Record<string, any>>).find((candidate) => candidate.offerId === offer.offerId);
    expect(listed).toMatchObject({ lessonId: offer.lessonId, places: offer.places, taken: await taken(offer) });
    expect(listed?.taken[offer.roomHourIds[0] as string]).toBeGreaterThanOrEqual(1);
  });
});

describe('withdrawBooking', () => {
  it('withdraws a waiting request in AppSheet and frees its place; the family may ask again', async () => {
    const offer = offers.withdraw as TestOffer;
    const child = kid(0);
    const id = keyOf(child, offer);
    expect((await ask(child, offer)).status).toBe(200);
    const stranger = members.find((member) => member.memberId !== child.memberId) as (typeof members)[number];
    // Another family's request answers as one that does not exist.
    const strangers = await call('withdrawBooking', tokenOf(stranger.memberId), { requestId: id });
    const unknown = await call('withdrawBooking', tokenOf(stranger.memberId), { requestId: 'REQ-00000000000000000000' });
    expect([strangers.status, strangers.body]).toEqual([404, unknown.body]);
    expect(await requestRow(id)).toMatchObject({ Status: 'Angefragt' });

    const answer = await call('withdrawBooking', tokenOf(child.memberId), { requestId: id });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ id, status: 'withdrawn' });
    expect(await requestRow(id)).toMatchObject({ Status: 'Zurückgezogen' });
    expect(await mirror(id)).toMatchObject({ status: 'withdrawn' });
    expect(await taken(offer)).toEqual({});

    // Asked again: the withdrawn row is asked for anew, not added twice.
    expect((await ask(child, offer)).status).toBe(200);
    expect(await rowsOfOffer(offer)).toHaveLength(1);
    expect(await requestRow(id)).toMatchObject({ Status: 'Angefragt' });
  });

  it('refuses when the office already decided in AppSheet, and repairs the mirror', async () => {
    const offer = offers.withdraw as TestOffer;
    const child = kid(0);
    const id = keyOf(child, offer);
    await appSheet.edit('Course Requests', [{ 'Request ID': id, Status: 'Abgelehnt' }]);
    expect(await mirror(id)).toMatchObject({ status: 'requested' });
    const answer = await call('withdrawBooking', tokenOf(child.memberId), { requestId: id });
    expect([answer.status, answer.body.error]).toEqual([409, 'not-requested']);
    expect(await mirror(id)).toMatchObject({ status: 'declined' });
    expect(await taken(offer)).toEqual({});
  });
});

describe('reconcileHolds', () => {
  it('frees the place of a request declined in AppSheet, and holds one made there, after a sync', async () => {
    const offer = offers.reconcile as TestOffer;
    const [first, second] = [kid(1), kid(2)];
    const roomHourId = offer.roomHourIds[0] as string;
    expect((await ask(first, offer)).status).toBe(200);
    expect(await taken(offer)).toEqual({ [roomHourId]: 1 });

    // The office declines the first in AppSheet and enters a request for the second there.
    await appSheet.edit('Course Requests', [{ 'Request ID': keyOf(first, offer), Status: 'Abgelehnt' }]);
    await appSheet.add('Course Requests', [
      {
        'Request ID': keyOf(second, offer),
        'Child ID': second.childId,
        'Quarter ID': quarterId,
        'Lesson ID': offer.lessonId,
        'Offer ID': offer.offerId,
        'Room Hour IDs': roomHourId,
        Weeks: '12',
        Status: 'Angefragt',
      },
    ]);
    expect((await runFullSync({ db, appSheet }, { triggeredBy: 'manual' })).status).not.toBe('error');
    await reconcileHolds(db, [keyOf(first, offer), keyOf(second, offer)]);
    expect(await taken(offer)).toEqual({ [roomHourId]: 1 });
    expect(Object.keys(await holders(offer))).toEqual([keyOf(second, offer)]);
  });

  it("drops a stale 'reserving' holder whose request AppSheet never got, and keeps a live one", async () => {
    const offer = offers.reconcile as TestOffer;
    const roomHourId = offer.roomHourIds[0] as string;
    const ref = db.doc(`${BOOKING_HOLDS}/${offer.offerId}`);
    const current = (await ref.get()).get('holders') as Record<string, unknown>;
    const stale = { roomHourIds: [roomHourId], state: 'reserving', since: new Date(Date.now() - 10 * 60_000).toISOString() };
    const live = { roomHourIds: [roomHourId], state: 'reserving', since: new Date().toISOString() };
    await ref.set({ quarterId, holders: { ...current, 'REQ-died': stale, 'REQ-writing': live } });
    await reconcileHolds(db, 'all');
    expect(Object.keys(await holders(offer)).sort()).toEqual([keyOf(kid(2), offer), 'REQ-writing'].sort());
    expect(await taken(offer)).toEqual({ [roomHourId]: 2 });
  });
});
