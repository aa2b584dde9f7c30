/**
 * The booking tables in the sync, against the AppSheet demo server and the Firestore emulator: a
 * school without them syncs as before (no error, no warning); with them, offers and requests
 * are mirrored (requests with their family), the offer catalogue follows the offers and is
 * written only when it changes, the places follow the requests' status, and a table that
 * vanished from the app deletes nothing.
 */
import { offerCatalogueSchema, offerSummarySchema, summaryOf, type OfferCatalogue } from '@family-portal/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppSheetClient, type AppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { runSyncReportingChanges, type SyncRequest } from '../../functions/src/wiring/syncRuns';
import { emptyCounts } from '../../functions/src/sync/run/syncLog';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { startDemoServer, type DemoServer } from '../../tools/appsheet/server';
import type { RawRow } from '../../tools/appsheet/store';
import { atSource } from '../support/appSheet';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { APART_PROJECT_ID } from '../../tools/lib/stack';

// The project apart (tools/lib/stack.ts): the sync runs here in the test, and beside the other files.
const { db } = emulatorAdmin(APART_PROJECT_ID);
const TODAY = '2026-11-21';
const NEXT = 'Q2027-1';
let school: DemoServer;
let client: AppSheetClient;

const full: SyncRequest = { syncType: 'full', triggeredBy: 'manual' };
const delta: SyncRequest = { syncType: 'delta', triggeredBy: 'scheduled' };
const sync = (request: SyncRequest, today = TODAY) => runSyncReportingChanges({ db, appSheet: client, today }, request);
const countDocs = async (collection: string) => (await db.collection(collection).count().get()).data().count;
const rows = (table: string) => school.store.tables[table] as RawRow[];
const catalogue = async (quarterId = NEXT) => {
  const snapshot = await db.doc(`offer_catalogue/${quarterId}`).get();
  return snapshot.exists ? { data: offerCatalogueSchema.parse(snapshot.data()), updateTime: snapshot.updateTime?.toMillis() } : null;
};
const summary = async (quarterId = NEXT) => {
  const snapshot = await db.doc(`offer_summary/${quarterId}`).get();
  return snapshot.exists ? { data: offerSummarySchema.parse(snapshot.data()), updateTime: snapshot.updateTime?.toMillis() } : null;
};
const ids = async (collection: string) => (await db.collection(collection).listDocuments()).map((ref) => ref.id).sort();
/** Places the requests hold per offer and room hour, as the rows say. */
function heldByRows(): Record<string, Record<string, number>> {
  const held: Record<string, Record<string, number>> = {};
  for (const request of rows('Course Requests')) {
    if (!['Angefragt', 'Bestätigt'].includes(request.Status as string)) continue;
    const offer = (held[request['Offer ID'] as string] ??= {});
    for (const id of request['Room Hour IDs'] as string[]) offer[id] = (offer[id] ?? 0) + 1;
  }
  return held;
}
async function heldInFirestore(): Promise<Record<string, Record<string, number>>> {
  const places = await db.collection('offer_places').get();
  const held: Record<string, Record<string, number>> = {};
  for (const doc of places.docs) {
    const taken = Object.entries(doc.get('taken') as Record<string, number>).filter(([, n]) => n > 0);
    if (taken.length > 0) held[doc.id] = Object.fromEntries(taken);
  }
  return held;
}

async function startSchool(booking = true) {
  school = await startDemoServer({ families: 12, seed: 7, today: TODAY, booking });
  client = createAppSheetClient({ baseUrl: school.url, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY, attempts: 2, backoffMs: 20 });
}
beforeEach(() => clearFirestore(APART_PROJECT_ID));
afterEach(() => school.close());

describe('a school without the booking tables', () => {
  beforeEach(() => startSchool(false));

  it('syncs with no error and no warning, and keeps working', async () => {
    for (const request of [full, delta, full]) {
      const { log, changed } = await sync(request);
      expect(log.status, request.syncType).toBe('success');
      expect(log.error).toBeNull();
      expect(log.rowErrors).toEqual([]);
      expect(log.rowWarnings).toEqual([]);
      expect(log.heldBackDeletions).toEqual([]);
      expect(log.tables.offers).toEqual(emptyCounts());
      expect(log.tables.bookingRequests).toEqual(emptyCounts());
      if (request.syncType === 'delta') expect(changed).toEqual({ memberIds: [], paymentIds: [], bookingRequestIds: [] });
    }
    expect(await countDocs('members')).toBe(12);
    expect(await countDocs('offer_catalogue')).toBe(0);

    await client.edit('Members', [{ 'Member ID': 'M0005', Phone: '+49 30 4242' }]);
    const { log } = await sync(delta);
    expect(log.status).toBe('success');
    expect(log.tables.members.written).toBe(1);
    expect((await db.doc('members/M0005').get()).get('phone')).toBe('+49 30 4242');
  });
});

describe('a school with booking', () => {
  beforeEach(() => startSchool());

  it('mirrors offers and requests, each request with its family, and builds the next quarter’s catalogue', async () => {
    const { log, changed } = await sync(full);
    expect(log.status).toBe('success');
    expect(log.rowWarnings).toEqual([]);
    expect(changed).toBe('all');
    expect(log.tables.offers).toEqual({ ...emptyCounts(), synced: rows('Offers').length, written: rows('Offers').length });
    expect(log.tables.bookingRequests).toEqual({ ...emptyCounts(), synced: rows('Course Requests').length, written: rows('Course Requests').length });

    const familyOf = new Map(rows('Children').map((child) => [child['Child ID'], child['Member ID']]));
    const requests = await db.collection('bookingRequests').get();
    expect(requests.size).toBe(rows('Course Requests').length);
    for (const doc of requests.docs) expect(doc.get('memberId'), doc.id).toBe(familyOf.get(doc.get('childId')));
    const anna = requests.docs.filter((doc) => doc.get('memberId') === 'M0001').map((doc) => doc.get('status') as string);
    expect(anna.sort()).toEqual(['confirmed', 'declined', 'requested']);

    expect(await ids('offer_catalogue')).toEqual([NEXT]);
    const built = (await catalogue())?.data as OfferCatalogue;
    expect(built.quarter).toEqual({ id: NEXT, name: '2027 Q1', firstDay: '2027-01-01', lastDay: '2027-03-31' });
    expect(built.offers.map((offer) => offer.offerId).sort()).toEqual(rows('Offers').map((offer) => offer['Offer ID']).sort());
    const lesson = rows('Lessons')[0] as RawRow;
    const first = built.offers.find((offer) => offer.lessonId === lesson['Lesson ID']);
    expect(first).toMatchObject({ lessonName: lesson.Name, pricePerHour: lesson['Price Per Hour'], teacherName: expect.any(String) });
    expect(first?.roomHours.map((hour) => hour.id).sort()).toEqual(rows('Room Hours').filter((hour) => hour['Lesson ID'] === lesson['Lesson ID']).map((hour) => hour['Room Hour ID']).sort());
    // Beside it, what the entries to booking read: the last day of requests and the courses' names.
    expect(await ids('offer_summary')).toEqual([NEXT]);
    const short = (await summary())?.data;
    expect(short).toEqual(summaryOf(built));
    expect(short?.lessonNames[lesson['Lesson ID'] as string]).toBe(lesson.Name);
    expect(short?.requestsUntil).toBe(built.offers.map((offer) => offer.requestsUntil).sort().at(-1));
    expect(short?.requestsUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // The places the requests made in AppSheet hold: one room hour is full.
    expect(await heldInFirestore()).toEqual(heldByRows());
    const fullOffer = rows('Offers').find((offer) => offer.Places === 4) as RawRow;
    expect(Object.values(heldByRows()[fullOffer['Offer ID'] as string] ?? {})).toContain(4);
  });

  it('rewrites the catalogue only when its content changed, and drops a quarter that has no offers left or is over', async () => {
    await sync(full);
    const before = await catalogue();
    const summaryBefore = await summary();
    const again = await sync(full);
    expect(Object.values(again.log.tables).reduce((sum, counts) => sum + counts.written, 0)).toBe(0);
    expect((await catalogue())?.updateTime).toBe(before?.updateTime);
    expect((await summary())?.updateTime).toBe(summaryBefore?.updateTime);
    await sync(delta);
    expect((await catalogue())?.updateTime).toBe(before?.updateTime);
    // A summary missing beside an unchanged catalogue (the first sync after summaries came) is written.
    await db.doc(`offer_summary/${NEXT}`).delete();
    await sync(delta);
    expect((await catalogue())?.updateTime).toBe(before?.updateTime);
    expect((await summary())?.data).toEqual(summaryBefore?.data);

    const offer = rows('Offers')[1] as RawRow;
    await client.edit('Offers', [{ 'Offer ID': offer['Offer ID'] as string, Places: '15' }]);
    const changedPlaces = await sync(delta);
    expect(changedPlaces.log.tables.offers.written).toBe(1);
    const after = await catalogue();
    expect(after?.updateTime).not.toBe(before?.updateTime);
    expect(after?.data.offers.find((o) => o.offerId === offer['Offer ID'])?.places).toBe(15);

    // A lesson renamed in AppSheet is renamed in the catalogue.
    await client.edit('Lessons', [{ 'Lesson ID': offer['Lesson ID'] as string, Name: 'Schach – Turniergruppe' }]);
    await sync(delta);
    expect((await catalogue())?.data.offers.find((o) => o.offerId === offer['Offer ID'])?.lessonName).toBe('Schach – Turniergruppe');
    expect((await summary())?.data.lessonNames[offer['Lesson ID'] as string]).toBe('Schach – Turniergruppe');

    // The office moves every offer to this quarter: the next quarter has none left.
    await client.edit('Offers', rows('Offers').map((o) => ({ 'Offer ID': o['Offer ID'] as string, 'Quarter ID': 'Q2026-4' })));
    await sync(delta);
    expect(await ids('offer_catalogue')).toEqual(['Q2026-4']);
    expect(await ids('offer_summary')).toEqual(['Q2026-4']);
    // And once that quarter is over, it has no catalogue either.
    await sync(delta, '2027-01-01');
    expect(await ids('offer_catalogue')).toEqual([]);
    expect(await ids('offer_summary')).toEqual([]);
  });

  it("keeps each request's sender when the members table answers after the requests", async () => {
    // The member index is written after the members table: requests read before it would lose
    // their sender's address, and the next full sync would write them again.
    school.setFault('Members', 'slow', 1);
    await sync(full);
    const senders = (await db.collection('bookingRequests').get()).docs.filter((doc) => doc.get('memberId') === 'M0001').map((doc) => doc.get('requestedBy') as unknown);
    expect(senders.length).toBeGreaterThan(0);
    expect(senders).toEqual(senders.map(() => expect.stringContaining('@')));
    const again = await sync(full);
    expect(again.log.tables.bookingRequests.written).toBe(0);
  });

  it("follows the office's decisions made in AppSheet: places freed or held, the request ids reported", async () => {
    await sync(full);
    const fullOffer = rows('Offers').find((offer) => offer.Places === 4) as RawRow;
    const waiting = rows('Course Requests').find((r) => r['Offer ID'] === fullOffer['Offer ID'] && r.Status === 'Angefragt') as RawRow;
    const roomHourId = (waiting['Room Hour IDs'] as string[])[0] as string;
    await client.edit('Course Requests', [{ 'Request ID': waiting['Request ID'] as string, Status: 'Abgelehnt', Note: 'Leider voll' }]);
    const declined = await sync(delta);
    expect(declined.changed).toMatchObject({ bookingRequestIds: [waiting['Request ID']] });
    expect((await db.doc(`bookingRequests/${String(waiting['Request ID'])}`).get()).data()).toMatchObject({ status: 'declined', note: 'Leider voll' });
    // The freed place goes to the first family on the demo's waiting list: held for it, still taken.
    const line = rows('Course Requests')
      .filter((r) => r['Offer ID'] === fullOffer['Offer ID'] && r.Status === 'Warteliste')
      .sort((a, b) => String(a['Requested At']).localeCompare(String(b['Requested At'])));
    expect(line).toHaveLength(2);
    const holders = (await db.doc(`booking_holds/${String(fullOffer['Offer ID'])}`).get()).get('holders') as Record<string, { state: string }>;
    expect(Object.keys(holders).filter((id) => holders[id]?.state === 'offered')).toEqual([line[0]?.['Request ID']]);
    expect((await db.doc(`offer_places/${String(fullOffer['Offer ID'])}`).get()).get('taken')).toMatchObject({ [roomHourId]: 4 });

    // The office takes a request on the phone and types it into AppSheet: it holds its place.
    const child = rows('Children').find((c) => c['Member ID'] === 'M0003') as RawRow;
    await atSource(school.url, 'Add', 'Course Requests', [
      { 'Request ID': 'REQ-office-1', 'Child ID': child['Child ID'], 'Quarter ID': NEXT, 'Lesson ID': fullOffer['Lesson ID'], 'Offer ID': fullOffer['Offer ID'], 'Room Hour IDs': roomHourId, Weeks: '12', Status: 'Angefragt' },
    ]);
    const added = await sync(delta);
    expect(added.changed).toMatchObject({ bookingRequestIds: ['REQ-office-1'] });
    expect((await db.doc('bookingRequests/REQ-office-1').get()).get('memberId')).toBe('M0003');
    // What the rows hold, and the place offered to the waiting family.
    const held = heldByRows();
    const ofFull = held[fullOffer['Offer ID'] as string] as Record<string, number>;
    ofFull[roomHourId] = (ofFull[roomHourId] ?? 0) + 1;
    expect(await heldInFirestore()).toEqual(held);
  });

  it('rejects a request whose child is unknown, naming its table, and moves requests with a child that changes family', async () => {
    await atSource(school.url, 'Add', 'Course Requests', [
      { 'Request ID': 'REQ-nobody', 'Child ID': 'C9999-1', 'Quarter ID': NEXT, 'Lesson ID': 'L002', 'Offer ID': `OFFER-${NEXT}-L002`, 'Room Hour IDs': 'RH002-1', Weeks: '12', Status: 'Angefragt' },
    ]);
    const { log } = await sync(full);
    expect(log.status).toBe('warning');
    expect(log.rowErrors).toEqual([{ table: 'bookingRequests', key: 'REQ-nobody', reason: 'column "Child ID": no child "C9999-1"' }]);
    expect((await db.doc('bookingRequests/REQ-nobody').get()).exists).toBe(false);

    let moved = await db.collection('bookingRequests').where('childId', '==', 'C0001-1').get();
    expect(moved.size).toBeGreaterThan(0);
    // The first family's parent sent them, and the office wrote that parent a note.
    const parent = String((await db.doc('members/M0001').get()).get('primaryEmail'));
    await client.edit('Course Requests', moved.docs.map((doc) => ({ 'Request ID': doc.id, 'Requested By': parent, Note: 'Bis Montag, Frau Erste!' })));
    await sync(delta);
    moved = await db.collection('bookingRequests').where('childId', '==', 'C0001-1').get();
    expect(moved.docs.map((doc) => [doc.get('requestedBy'), doc.get('note')])).toEqual(moved.docs.map(() => [parent, 'Bis Montag, Frau Erste!']));

    await client.edit('Children', [{ 'Child ID': 'C0001-1', 'Member ID': 'M0004' }]);
    const after = await sync(delta);
    expect(after.log.tables.bookingRequests.written).toBe(moved.size);
    const now = await db.collection('bookingRequests').where('childId', '==', 'C0001-1').get();
    expect(now.docs.map((doc) => doc.get('memberId'))).toEqual(moved.docs.map(() => 'M0004'));
    // The new family reads the requests, not the first family's address or the note to it, and a
    // full sync keeps it so.
    const copied = (docs: typeof now.docs) => docs.map((doc) => [doc.get('requestedBy'), doc.get('note')]);
    expect(copied(now.docs)).toEqual(now.docs.map(() => [null, null]));
    expect((await sync(full)).log.tables.bookingRequests.written).toBe(0);
    expect(copied((await db.collection('bookingRequests').where('childId', '==', 'C0001-1').get()).docs)).toEqual(now.docs.map(() => [null, null]));
  });

  it('deletes nothing when the tables vanish from the app (and offers nothing); any other failure is an error', async () => {
    await sync(full);
    const [offers, requests, places] = [await ids('offers'), await ids('bookingRequests'), await heldInFirestore()];
    const kept = { Offers: rows('Offers'), 'Course Requests': rows('Course Requests') };
    delete school.store.tables.Offers;
    delete school.store.tables['Course Requests'];
    for (const request of [full, delta]) {
      const { log } = await sync(request);
      expect(log.status, request.syncType).toBe('success');
      expect(log.rowWarnings).toEqual([]);
      expect(log.tables.offers).toEqual(emptyCounts());
      expect(log.tables.bookingRequests).toEqual(emptyCounts());
      expect(await ids('offers')).toEqual(offers);
      expect(await ids('bookingRequests')).toEqual(requests);
      expect(await heldInFirestore()).toEqual(places);
      expect(await ids('offer_catalogue')).toEqual([]);
    }

    Object.assign(school.store.tables, kept);
    school.setFault('Offers', 'error');
    school.setFault('Course Requests', 'empty');
    const { log } = await sync(full);
    expect(log.status).toBe('error');
    expect(log.error).toMatch(/^offers: AppSheet Find on Offers: HTTP 500/);
    expect(log.heldBackDeletions).toEqual([expect.objectContaining({ table: 'bookingRequests', count: requests.length })]);
    expect(await ids('offers')).toEqual(offers);
    expect(await ids('bookingRequests')).toEqual(requests);
  });
});
