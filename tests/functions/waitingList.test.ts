/**
 * The waiting list of a full time, against the emulators and the AppSheet demo server: joining is
 * checked as a request is and writes nothing when refused; a freed place goes to the first family
 * in line, held for it with an e-mail and a push; it is taken with one tap, turned down, or runs
 * out and goes on; the office moves a family up or takes it off; and each race of the issue:
 * two places freed at once, taking while the hold runs out, two devices taking at once, a
 * withdrawal while an offer is out, AppSheet answering late or not at all.
 */
import { ADMIN_AUDIT, MAIL, OFFER_PLACES, WAITING_ENTRIES } from '@family-portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_HOLDS } from '../../functions/src/booking/holders';
import { requestKey } from '../../functions/src/booking/keys';
import { moveOnWaitingList } from '../../functions/src/booking/moveOnWaitingList';
import { requestBooking } from '../../functions/src/booking/requestBooking';
import { refreshWaitingLists, sweepWaitingLists } from '../../functions/src/booking/waitingList';
import { joinWaitingList, leaveWaitingList, passWaitingOffer, takeWaitingOffer, type WaitingDeps } from '../../functions/src/booking/waitingRequests';
import { offerMailsWith } from '../../functions/src/booking/waitingSettings';
import { withdrawBooking } from '../../functions/src/booking/withdrawBooking';
import { HttpError } from '../../functions/src/http/errors';
import { auditPage } from '../../functions/src/lib/audit';
import { AppSheetError, createAppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { filter, keyIn } from '../../functions/src/sync/appsheet/selector';
import { runFullSync, runSyncReportingChanges } from '../../functions/src/wiring/syncRuns';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { atSource } from '../support/appSheet';
import { emulatorAdmin } from '../../tools/lib/emulators';
import { PORTS } from '../../tools/lib/stack';
import { signedUpAccount } from '../support/auth';
import { timedCall } from '../support/manyAtOnce';
import { addChildren, addOffers, indexedMembers, removeTestRows, schoolDay, syncedSchool, type TestOffer } from '../support/bookingSchool';

const { db } = emulatorAdmin();
const appSheetUrl = `http://127.0.0.1:${PORTS.appsheet}`;
// The functions' writes try twice (lib/appSheetWaits.ts); the pause between, lowered as the test stacks lower it.
const appSheet = createAppSheetClient({ baseUrl: appSheetUrl, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY, attempts: 2, backoffMs: 20 });
const HOLD_MS = 48 * 3_600_000;
const MAIL_SETTINGS = { appOrigin: 'https://portal.example.org', association: { name: 'Schulverein Lindenhof e.V.', address: '' }, timeZone: 'Europe/Berlin' };
const ADMIN = 'waiting-admin@example.com';

type Child = { childId: string; memberId: string };
let quarterId = '';
const offers: Record<string, TestOffer> = {};
let members: Array<{ memberId: string; email: string }> = [];
let kids: Child[] = [];

/**
 * The joining times of a test's families, a second apart: AppSheet records a DateTime to the
 * second, and families who join in the same second are in line by their key.
 */
let clock = Date.now();
const nextSecond = () => new Date((clock = Math.max(clock + 1000, Date.now())));
const deps = (now = new Date()): WaitingDeps => ({ db, appSheet, offerHoldMs: HOLD_MS, offerMails: offerMailsWith(db, () => MAIL_SETTINGS), now });
const emailOf = (child: Child) => members.find((member) => member.memberId === child.memberId)?.email as string;
const parentOf = (child: Child) => ({ email: emailOf(child) });
const memberOf = (child: Child) => db.doc(`members/${child.memberId}`).get();
const kid = (index: number) => kids[index] as Child;
const keyOf = (child: Child, offer: TestOffer) => requestKey(quarterId, offer.lessonId, child.childId);
const first = (offer: TestOffer) => offer.roomHourIds[0] as string;

const setFault = (table: string, fault: string | null, times?: number) =>
  fetch(`${appSheetUrl}/__demo/faults/${encodeURIComponent(table)}`, { method: 'PUT', body: JSON.stringify({ fault, times }) });
const holders = async (offer: TestOffer) => ((await db.doc(`${BOOKING_HOLDS}/${offer.offerId}`).get()).get('holders') as Record<string, { state: string; roomHourIds: string[]; until?: string }> | undefined) ?? {};
const taken = async (offer: TestOffer) => ((await db.doc(`${OFFER_PLACES}/${offer.offerId}`).get()).get('taken') as Record<string, number> | undefined) ?? {};
const entry = async (id: string) => (await db.doc(`${WAITING_ENTRIES}/${id}`).get()).data();
const mirror = async (id: string) => (await db.doc(`bookingRequests/${id}`).get()).data();
const row = async (id: string) => (await appSheet.find('Course Requests', filter('Course Requests', keyIn('Request ID', [id]))))[0];
/** The audit log's steps of a request, in the order they were written (the tests move the clock). */
const audit = async (requestId: string) =>
  (await db.collection(ADMIN_AUDIT).where('requestId', '==', requestId).get()).docs
    .sort((a, b) => a.createTime.toMillis() - b.createTime.toMillis())
    .map((doc) => doc.get('step') as string);
/** Who holds an offered place of this offer (request ids), in key order. */
const offeredTo = async (offer: TestOffer) =>
  Object.entries(await holders(offer))
    .filter(([, holder]) => holder.state === 'offered')
    .map(([id]) => id)
    .sort();

/** The sweep looks at every offer: a test's steps are those of its own offer's lesson. */
const stepsOf = (offer: TestOffer, events: Awaited<ReturnType<typeof sweepWaitingLists>>) => events.filter((event) => event.request.lessonId === offer.lessonId);

const request = async (child: Child, offer: TestOffer, roomHourIds = [first(offer)]) =>
  requestBooking({ db, appSheet }, parentOf(child), await memberOf(child), { childId: child.childId, offerId: offer.offerId, roomHourIds });
const join = async (child: Child, offer: TestOffer, roomHourIds = [first(offer)], now = nextSecond()) =>
  joinWaitingList(deps(now), parentOf(child), await memberOf(child), { childId: child.childId, offerId: offer.offerId, roomHourIds });
const withdraw = async (child: Child, offer: TestOffer) => {
  await withdrawBooking({ db, appSheet }, await memberOf(child), keyOf(child, offer));
  // As the endpoint does after a withdrawal (bookingEndpoints.ts).
  await refreshWaitingLists(deps(), [offer.offerId]);
};
const take = async (child: Child, offer: TestOffer, now = new Date()) => takeWaitingOffer(deps(now), parentOf(child), await memberOf(child), keyOf(child, offer));
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'done',
    (error: unknown) => (error instanceof HttpError ? error.code : (error as Error).message),
  );

/** The offer's one place taken by `holder`, and `waiting` in line, in this order. */
async function fullWithLine(offer: TestOffer, holder: Child, waiting: Child[]) {
  await request(holder, offer);
  for (const child of waiting) await join(child, offer, [first(offer)], nextSecond());
}

beforeAll(async () => {
  const school = await syncedSchool(db, appSheetUrl, appSheet);
  quarterId = school.quarterId;
  const twoTimes = school.lessons.findLast((lesson) => lesson.roomHourIds.length >= 2);
  expect(twoTimes).toBeDefined();
  const inTurn = school.lessons.filter((lesson) => lesson !== twoTimes);
  const names = ['join', 'line', 'pass', 'raise', 'devices', 'expiring', 'withdrawal', 'office', 'late', 'http', 'closed', 'times'] as const;
  expect(inTurn.length).toBeGreaterThanOrEqual(names.length - 1);
  names.forEach((name, index) => {
    const lesson = (name === 'times' ? twoTimes : inTurn[index]) as (typeof school.lessons)[number];
    // 'closed' took requests until yesterday.
    offers[name] = { offerId: `OFF-WAIT-${name}`, lessonId: lesson.lessonId, roomHourIds: lesson.roomHourIds, places: 1, requestsUntil: schoolDay(name === 'closed' ? -1 : 30) };
  });
  await addOffers(appSheetUrl, quarterId, Object.values(offers));
  members = (await indexedMembers(db)).slice(0, 10);
  expect(members).toHaveLength(10);
  // Ten children, one in each of ten families: kid(i) and kid(j) are never siblings.
  kids = await addChildren(appSheetUrl, 'CWL', 10, members.map((member) => member.memberId));
  expect((await runFullSync({ db, appSheet }, { triggeredBy: 'manual' })).status).not.toBe('error');
}, 120_000);

beforeEach(async () => {
  await fetch(`${appSheetUrl}/__demo/faults`, { method: 'DELETE' });
  await db.recursiveDelete(db.collection('rate_limits'));
});

afterAll(async () => {
  await fetch(`${appSheetUrl}/__demo/faults`, { method: 'DELETE' });
  await removeTestRows(appSheetUrl, appSheet, kids.map((child) => child.childId), Object.values(offers).map((offer) => offer.offerId));
});

describe('joining', () => {
  it('puts a family on the list of a full time: the row in AppSheet, its place in line, the audit log', async () => {
    const offer = offers.join as TestOffer;
    await fullWithLine(offer, kid(0), [kid(1), kid(2)]);
    const id = keyOf(kid(2), offer);
    expect(await row(id)).toMatchObject({ Status: 'Warteliste', 'Room Hour IDs': first(offer), 'Requested By': emailOf(kid(2)) });
    expect(await mirror(id)).toMatchObject({ status: 'waiting', roomHourIds: [first(offer)], memberId: kid(2).memberId });
    expect(await entry(id)).toMatchObject({ memberId: kid(2).memberId, positions: [{ roomHourId: first(offer), position: 2 }], offer: null });
    expect((await entry(keyOf(kid(1), offer)))?.positions).toEqual([{ roomHourId: first(offer), position: 1 }]);
    expect(await audit(id)).toEqual(['joined']);
    // The place stays the holder's: nobody waiting holds one.
    expect(await taken(offer)).toEqual({ [first(offer)]: 1 });
  });

  it("refuses with nothing written: a time with a free place, twice, a child already requesting, another family's child, a closed offer", async () => {
    const offer = offers.join as TestOffer;
    const other = offers.line as TestOffer;
    const before = (await appSheet.find('Course Requests')).length;
    // 'line' has its place free still: request it, not wait for it.
    expect(await refusal(join(kid(5), other))).toBe('not-full');
    expect(await refusal(join(kid(1), offer))).toBe('already-waiting');
    expect(await refusal(join(kid(0), offer))).toBe('already-requested');
    const stranger = { childId: kid(3).childId, memberId: kid(4).memberId };
    expect(await refusal(join(stranger, offer))).toBe('permission-denied');
    expect(await refusal(join(kid(5), offers.closed as TestOffer))).toBe('requests-closed');
    expect((await appSheet.find('Course Requests')).length).toBe(before);
    expect(await mirror(keyOf(kid(5), other))).toBeUndefined();
  });
});

describe('a freed place', () => {
  it('goes to the first in line with an e-mail and a push; taken with one tap, it becomes the request', async () => {
    const offer = offers.line as TestOffer;
    await fullWithLine(offer, kid(0), [kid(1), kid(2)]);
    await withdraw(kid(0), offer);
    const firstId = keyOf(kid(1), offer);
    expect(await offeredTo(offer)).toEqual([firstId]);
    const offered = await entry(firstId);
    expect(offered?.offer).toMatchObject({ roomHourId: first(offer) });
    expect(Date.parse(offered?.offer.until as string) - Date.parse(offered?.offer.offeredAt as string)).toBe(HOLD_MS);
    const mails = (await db.collection(MAIL).where('to', '==', emailOf(kid(1))).get()).docs.map((doc) => doc.data()).filter((mail) => mail.push?.kind === 'waitingOffer');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.push).toMatchObject({ path: `/booking?offer=${offer.offerId}&child=${kid(1).childId}`, tag: `waitingOffer:${firstId}` });
    // No parent of the family chose a language: the school's own.
    expect(mails[0]?.message.text).toContain('für Sie freigehalten');
    // Still full for everyone else: the place offered counts.
    expect(await taken(offer)).toEqual({ [first(offer)]: 1 });

    const taken1 = await take(kid(1), offer);
    expect(taken1).toMatchObject({ status: 'requested', roomHourIds: [first(offer)] });
    expect(await row(firstId)).toMatchObject({ Status: 'Angefragt', 'Room Hour IDs': first(offer) });
    expect((await holders(offer))[firstId]?.state).toBe('held');
    expect(await entry(firstId)).toBeUndefined();
    expect((await entry(keyOf(kid(2), offer)))?.positions).toEqual([{ roomHourId: first(offer), position: 1 }]);
    expect(await audit(firstId)).toEqual(['joined', 'offered', 'taken']);
  });

  // The one test that sweeps every offer with a clock two days ahead: the only offer out is this one.
  it('runs out after the hold without a visitor: the sweep gives it to the next, who takes it', async () => {
    const offer = offers.line as TestOffer;
    // The family that took the place above withdraws: kid(2), next in line, is offered it.
    await withdraw(kid(1), offer);
    await join(kid(3), offer);
    const secondId = keyOf(kid(2), offer);
    expect(await offeredTo(offer)).toEqual([secondId]);
    const until = Date.parse((await entry(secondId))?.offer.until as string);
    // The sweep a second before the end changes nothing; a second after it, the place goes on.
    expect(stepsOf(offer, await sweepWaitingLists(deps(new Date(until - 1000))))).toEqual([]);
    const events = stepsOf(offer, await sweepWaitingLists(deps(new Date(until + 1000))));
    expect(events.map((event) => [event.step, event.request.requestId])).toEqual([
      ['expired', secondId],
      ['offered', keyOf(kid(3), offer)],
    ]);
    expect(await entry(secondId)).toMatchObject({ positions: [], offer: null, passed: [first(offer)] });
    expect(await refusal(take(kid(2), offer, new Date(until + 2000)))).toBe('offer-ended');
    expect(await take(kid(3), offer, new Date(until + 2000))).toMatchObject({ status: 'requested' });
    expect(await audit(secondId)).toEqual(['joined', 'offered', 'expired']);
  });

  it('turned down, goes to the next; the family stays in line for its other times', async () => {
    const offer = offers.times as TestOffer;
    const [one, two] = offer.roomHourIds as [string, string];
    await request(kid(0), offer, [one]);
    await request(kid(1), offer, [two]);
    await join(kid(2), offer, [one, two]);
    await join(kid(3), offer, [one]);
    await withdraw(kid(0), offer);
    const id = keyOf(kid(2), offer);
    expect((await entry(id))?.offer).toMatchObject({ roomHourId: one });
    expect(await passWaitingOffer(deps(), parentOf(kid(2)), await memberOf(kid(2)), id)).toEqual({ requestId: id, roomHourId: one });
    expect(await entry(id)).toMatchObject({ positions: [{ roomHourId: two, position: 1 }], offer: null, passed: [one] });
    expect(await offeredTo(offer)).toEqual([keyOf(kid(3), offer)]);
    expect(await refusal(passWaitingOffer(deps(), parentOf(kid(2)), await memberOf(kid(2)), id))).toBe('offer-ended');
  });

  it('left while offered, goes to the next in line', async () => {
    const offer = offers.pass as TestOffer;
    await fullWithLine(offer, kid(0), [kid(1), kid(2)]);
    await withdraw(kid(0), offer);
    expect(await offeredTo(offer)).toEqual([keyOf(kid(1), offer)]);
    expect(await leaveWaitingList(deps(), parentOf(kid(1)), await memberOf(kid(1)), keyOf(kid(1), offer))).toMatchObject({ status: 'withdrawn' });
    expect(await row(keyOf(kid(1), offer))).toMatchObject({ Status: 'Zurückgezogen' });
    expect(await entry(keyOf(kid(1), offer))).toBeUndefined();
    expect(await offeredTo(offer)).toEqual([keyOf(kid(2), offer)]);
    expect(await audit(keyOf(kid(1), offer))).toEqual(['joined', 'offered', 'left']);
  });
});

describe('races', () => {
  it('two places freed at once (the office raises the places in AppSheet) go to the first two in line', async () => {
    const offer = offers.raise as TestOffer;
    await fullWithLine(offer, kid(0), [kid(1), kid(2), kid(3)]);
    await atSource(appSheetUrl, 'Edit', 'Offers', [{ 'Offer ID': offer.offerId, Places: 3 }]);
    const sync = await runSyncReportingChanges({ db, appSheet }, { syncType: 'delta', triggeredBy: 'manual' });
    expect(sync.log.status).not.toBe('error');
    expect(await offeredTo(offer)).toEqual([keyOf(kid(1), offer), keyOf(kid(2), offer)].sort());
    expect((await entry(keyOf(kid(3), offer)))?.positions).toEqual([{ roomHourId: first(offer), position: 3 }]);
    expect(await taken(offer)).toEqual({ [first(offer)]: 3 });
  });

  it('the offer taken on two devices at once: one request, one refusal, one place', async () => {
    const offer = offers.devices as TestOffer;
    await fullWithLine(offer, kid(0), [kid(1), kid(2)]);
    await withdraw(kid(0), offer);
    const answers = await Promise.all([refusal(take(kid(1), offer)), refusal(take(kid(1), offer))]);
    expect(answers.sort()).toEqual(['already-requested', 'done']);
    expect((await appSheet.find('Course Requests', filter('Course Requests', `[Offer ID] = "${offer.offerId}"`))).filter((r) => r.Status === 'Angefragt')).toHaveLength(1);
    expect(await taken(offer)).toEqual({ [first(offer)]: 1 });
    expect(await offeredTo(offer)).toEqual([]);
  });

  it('taking while the hold runs out: either the family has it or the next one does, never both', async () => {
    const offer = offers.expiring as TestOffer;
    await fullWithLine(offer, kid(0), [kid(1), kid(2)]);
    await withdraw(kid(0), offer);
    const until = Date.parse((await entry(keyOf(kid(1), offer)))?.offer.until as string);
    // The take's clock a moment before the end, the sweep's a moment after it, at the same time.
    // The sweep of this offer alone: a clock two days ahead would end the other tests' offers too.
    const [took, swept] = await Promise.all([refusal(take(kid(1), offer, new Date(until - 1))), refreshWaitingLists(deps(new Date(until + 1)), [offer.offerId])]);
    const requested = (await mirror(keyOf(kid(1), offer)))?.status === 'requested';
    expect(took === 'done').toBe(requested);
    if (requested) {
      expect(stepsOf(offer, swept)).toEqual([]);
      expect(await offeredTo(offer)).toEqual([]);
    } else {
      expect(took).toBe('offer-ended');
      expect(await offeredTo(offer)).toEqual([keyOf(kid(2), offer)]);
    }
    expect(await taken(offer)).toEqual({ [first(offer)]: 1 });
  });

  it('a withdrawal while an offer is out frees a second place: it goes to the next, the offer stands', async () => {
    const offer = offers.withdrawal as TestOffer;
    await atSource(appSheetUrl, 'Edit', 'Offers', [{ 'Offer ID': offer.offerId, Places: 2 }]);
    expect((await runSyncReportingChanges({ db, appSheet }, { syncType: 'delta', triggeredBy: 'manual' })).log.status).not.toBe('error');
    await request(kid(0), offer);
    await request(kid(5), offer);
    await join(kid(1), offer);
    await join(kid(2), offer);
    await withdraw(kid(0), offer);
    expect(await offeredTo(offer)).toEqual([keyOf(kid(1), offer)]);
    await withdraw(kid(5), offer);
    expect(await offeredTo(offer)).toEqual([keyOf(kid(1), offer), keyOf(kid(2), offer)].sort());
    expect(await taken(offer)).toEqual({ [first(offer)]: 2 });
  });
});

describe('AppSheet late or failing', () => {
  it('joining with the answer lost: the family is told it may be on the list, and the next sync shows it', async () => {
    const offer = offers.late as TestOffer;
    await request(kid(0), offer);
    // The line drops at the Add: the row lands, and every answer (the Add's tries, the lookup after them) is lost.
    await setFault('Course Requests', 'lost-answer', 20);
    expect(await refusal(join(kid(1), offer))).toBe('waiting-unconfirmed');
    await setFault('Course Requests', null);
    expect(await row(keyOf(kid(1), offer))).toMatchObject({ Status: 'Warteliste' });
    expect((await runSyncReportingChanges({ db, appSheet }, { syncType: 'delta', triggeredBy: 'manual' })).log.status).not.toBe('error');
    expect(await mirror(keyOf(kid(1), offer))).toMatchObject({ status: 'waiting' });
    expect((await entry(keyOf(kid(1), offer)))?.positions).toEqual([{ roomHourId: first(offer), position: 1 }]);
  });

  it('taking while AppSheet is down: the place is kept, and the next sync gives the offer back to the family', async () => {
    const offer = offers.late as TestOffer;
    await withdraw(kid(0), offer);
    const id = keyOf(kid(1), offer);
    expect(await offeredTo(offer)).toEqual([id]);
    // A server error may have written the row: the place stays the family's, uncertain.
    await setFault('Course Requests', 'error');
    expect(await refusal(take(kid(1), offer))).toBe('request-unconfirmed');
    await setFault('Course Requests', null);
    expect((await holders(offer))[id]).toMatchObject({ state: 'reserving', uncertain: true });
    expect(await taken(offer)).toEqual({ [first(offer)]: 1 });
    // The sync finds the row still waiting: the place goes back to the first in line, the same family.
    expect((await runSyncReportingChanges({ db, appSheet, uncertainHoldMs: 0 }, { syncType: 'delta', triggeredBy: 'manual' })).log.status).not.toBe('error');
    expect(await offeredTo(offer)).toEqual([id]);
    expect(await take(kid(1), offer)).toMatchObject({ status: 'requested' });
  });

  it('taking when AppSheet refuses the row: nothing changes, and the family keeps its offer', async () => {
    const offer = offers.late as TestOffer;
    await join(kid(2), offer);
    await withdraw(kid(1), offer);
    const id = keyOf(kid(2), offer);
    expect(await offeredTo(offer)).toEqual([id]);
    const refusing = { ...appSheet, edit: () => Promise.reject(new AppSheetError('Row validation failed', 400)) };
    const refused = takeWaitingOffer({ ...deps(), appSheet: refusing }, parentOf(kid(2)), await memberOf(kid(2)), id);
    expect(await refusal(refused)).toBe('appsheet-failed');
    expect((await holders(offer))[id]?.state).toBe('offered');
    expect(await row(id)).toMatchObject({ Status: 'Warteliste' });
    expect(await mirror(id)).toMatchObject({ status: 'waiting' });
  });

  it('leaving or being moved while AppSheet fails changes nothing: the line and the offer stay as they were', async () => {
    const offer = offers.pass as TestOffer;
    const [offered, next] = [keyOf(kid(2), offer), keyOf(kid(3), offer)];
    await join(kid(3), offer);
    expect(await offeredTo(offer)).toEqual([offered]);
    const before = [await entry(offered), await entry(next)];
    await setFault('Course Requests', 'error');
    expect(await refusal(leaveWaitingList(deps(), parentOf(kid(2)), await memberOf(kid(2)), offered))).toBe('appsheet-failed');
    expect(await refusal(moveOnWaitingList(deps(), ADMIN, { requestId: next, move: 'up' }))).toBe('appsheet-failed');
    await setFault('Course Requests', null);
    expect([await entry(offered), await entry(next)]).toEqual(before);
    expect(await offeredTo(offer)).toEqual([offered]);
    expect(await row(offered)).toMatchObject({ Status: 'Warteliste', 'Waiting Since': '' });
  });

  it("taking with the answer lost: the place stays the family's, uncertain, until a sync settles it", async () => {
    const offer = offers.late as TestOffer;
    const id = keyOf(kid(2), offer);
    await setFault('Course Requests', 'lost-answer', 20);
    expect(await refusal(take(kid(2), offer))).toBe('request-unconfirmed');
    await setFault('Course Requests', null);
    expect((await holders(offer))[id]).toMatchObject({ state: 'reserving', uncertain: true });
    expect(await taken(offer)).toEqual({ [first(offer)]: 1 });
    expect((await runSyncReportingChanges({ db, appSheet, uncertainHoldMs: 0 }, { syncType: 'delta', triggeredBy: 'manual' })).log.status).not.toBe('error');
    expect(await mirror(id)).toMatchObject({ status: 'requested' });
    expect((await holders(offer))[id]?.state).toBe('held');
    expect(await entry(id)).toBeUndefined();
  });
});

describe('the office', () => {
  it('moves a family up past the one ahead, with a note the family sees, and takes one off', async () => {
    const offer = offers.office as TestOffer;
    await fullWithLine(offer, kid(0), [kid(1), kid(2), kid(3)]);
    const [a, b, c] = [keyOf(kid(1), offer), keyOf(kid(2), offer), keyOf(kid(3), offer)];
    const moved = await moveOnWaitingList(deps(), ADMIN, { requestId: c, move: 'up', note: 'Geschwisterkind im Kurs' });
    expect(moved).toMatchObject({ status: 'waiting', note: 'Geschwisterkind im Kurs' });
    const position = async (id: string) => (await entry(id))?.positions[0]?.position as number;
    expect([await position(a), await position(c), await position(b)]).toEqual([1, 2, 3]);
    expect((await row(c))?.['Waiting Since']).toBeTruthy();
    await moveOnWaitingList(deps(), ADMIN, { requestId: c, move: 'up' });
    expect(await refusal(moveOnWaitingList(deps(), ADMIN, { requestId: c, move: 'up' }))).toBe('already-first');
    expect([await position(c), await position(a), await position(b)]).toEqual([1, 2, 3]);

    await moveOnWaitingList(deps(), ADMIN, { requestId: a, move: 'off', note: 'Das Kind ist zu jung für den Kurs.' });
    expect(await row(a)).toMatchObject({ Status: 'Abgelehnt', Note: 'Das Kind ist zu jung für den Kurs.' });
    expect(await entry(a)).toBeUndefined();
    expect(await refusal(moveOnWaitingList(deps(), ADMIN, { requestId: a, move: 'up' }))).toBe('not-waiting');
    // The place frees: the family the office moved first gets it.
    await withdraw(kid(0), offer);
    expect(await offeredTo(offer)).toEqual([c]);
    const steps = (await db.collection(ADMIN_AUDIT).where('adminEmail', '==', ADMIN).get()).docs.map((doc) => [doc.get('step'), doc.get('requestId')]);
    expect(steps).toEqual(expect.arrayContaining([['movedUp', c], ['removed', a]]));
    // The console's audit log reads them as waiting list steps, with the office's note.
    const logged = (await auditPage(db))?.entries.filter((shown) => shown.kind === 'waitingList' && shown.requestId === a);
    expect(logged).toContainEqual(expect.objectContaining({ kind: 'waitingList', step: 'removed', adminEmail: ADMIN, note: 'Das Kind ist zu jung für den Kurs.', roomHourIds: [first(offer)] }));
  });
});

describe('over HTTP', () => {
  it('joins, frees a place by a withdrawal and takes it through the endpoints, each with its token', async () => {
    const offer = offers.http as TestOffer;
    const [holder, waiting] = [kid(6), kid(7)];
    const [holderToken, waitingToken] = await Promise.all([signedUpAccount(emailOf(holder)), signedUpAccount(emailOf(waiting))]).then((accounts) => accounts.map((account) => account.token) as [string, string]);
    const call = (name: string, token: string, body: unknown) => timedCall(name, token, body, 60_000);
    expect((await call('requestBooking', holderToken, { childId: holder.childId, offerId: offer.offerId, roomHourIds: [first(offer)] })).status).toBe(200);
    const body = { childId: waiting.childId, offerId: offer.offerId, roomHourIds: [first(offer)] };
    expect((await call('joinWaitingList', 'not-a-token', body)).status).toBe(401);
    const joined = await call('joinWaitingList', waitingToken, body);
    expect([joined.status, joined.body.data?.status]).toEqual([200, 'waiting']);
    expect((await call('withdrawBooking', holderToken, { requestId: keyOf(holder, offer) })).status).toBe(200);
    const id = keyOf(waiting, offer);
    expect(await offeredTo(offer)).toEqual([id]);
    // The functions' own settings: the e-mail links to the portal of APP_ORIGINS, with its push.
    const mail = (await db.collection(MAIL).where('to', '==', emailOf(waiting)).get()).docs.map((doc) => doc.data()).find((doc) => doc.push?.kind === 'waitingOffer');
    expect(mail?.message.html).toContain(`/booking?offer=${offer.offerId}`);
    expect((await call('takeWaitingOffer', holderToken, { requestId: id })).body.error).toBe('not-found');
    const took = await call('takeWaitingOffer', waitingToken, { requestId: id });
    expect([took.status, took.body.data?.status]).toEqual([200, 'requested']);
    expect((await call('moveOnWaitingList', waitingToken, { requestId: id, move: 'up' })).status).toBe(403);

    // The office declines the request the place became: the next family in line is offered it.
    await join(kid(8), offer);
    const { token: adminToken } = await signedUpAccount(ADMIN, { admin: true });
    const declined = await call('decideBookingRequests', adminToken, { requestIds: [id], decision: 'decline' });
    expect(declined.body.data?.results).toEqual([{ requestId: id, outcome: 'declined' }]);
    expect(await offeredTo(offer)).toEqual([keyOf(kid(8), offer)]);
  });
});
