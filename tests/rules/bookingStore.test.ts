/**
 * The next quarter's offer as the family store reads it in the Firestore worker
 * (src/data/booking.ts): the real web SDK against the emulator and its rules. A family reads the
 * quarter's catalogue with the free places per time and its own requests of that quarter; a
 * school without a catalogue, and a former member, get no booking at all.
 */
import * as contract from '@family-portal/contract';
import { MEMBER_EMAILS, OFFER_CATALOGUE, OFFER_PLACES, OFFER_SUMMARY, summaryOf } from '@family-portal/contract';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import * as fs from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthFromPage } from '../../src/data/authFromPage';
import { createFamilyStore } from '../../src/data/familyStore';
import { provideAuthToFirestore } from '../../src/data/firebaseInterop';
import { emulatorAdmin } from '../../tools/lib/emulators';
import { EMULATOR_HOST, PORTS, PROJECT_ID } from '../../tools/lib/stack';
import { createAccount, idTokenFor } from '../support/auth';

const { db: admin } = emulatorAdmin();
const apps: FirebaseApp[] = [];
let familyStore: Awaited<ReturnType<typeof storeOf>>;
const QUARTER = 'QBS-2';
const family = { email: 'booking.store@example.com', memberId: 'MBS1' };
const former = { email: 'booking.former@example.com', memberId: 'MBS2' };
const other = { memberId: 'MBS3' };

const catalogueOffer = (offerId: string, lessonId: string, requestsUntil: string) => ({
  offerId,
  lessonId,
  lessonName: `Kurs ${lessonId}`,
  teacherName: 'Olga Iwanow',
  hours: null,
  pricePerHour: 15,
  extrasPerQuarter: 10,
  weeks: 12,
  places: 3,
  requestsUntil,
  roomHours: [
    { id: `${offerId}-RH1`, dayOfWeek: 'Mo.', hourRefLabel: '3 - 15:40-16:25', roomName: 'Raum 1' },
    { id: `${offerId}-RH2`, dayOfWeek: 'Mi.', hourRefLabel: '2 - 16:00-16:45', roomName: null },
  ],
});

const requestDoc = (memberId: string, quarterId: string, status: string) => ({
  childId: `${memberId}-C1`,
  quarterId,
  lessonId: 'LBS1',
  offerId: 'OBS1',
  roomHourIds: ['OBS1-RH1'],
  weeks: 12,
  status,
  requestedAt: '2027-02-01T10:00:00.000Z',
  requestedBy: null,
  note: status === 'declined' ? 'Leider <b>voll</b>' : null,
  decidedAt: null,
  planId: null,
  memberId,
  _hash: 'x',
});

async function storeOf(email: string) {
  const app = initializeApp({ apiKey: 'demo-api-key', projectId: PROJECT_ID }, `booking-store-${apps.length}`);
  apps.push(app);
  const user = await createAccount(email);
  const auth = new AuthFromPage(() => idTokenFor(email));
  provideAuthToFirestore(app, auth);
  const db = fs.initializeFirestore(app, {});
  fs.connectFirestoreEmulator(db, EMULATOR_HOST, PORTS.firestore);
  auth.userChanged(user.uid);
  return createFamilyStore(fs, db, contract);
}

beforeAll(async () => {
  const batch = admin.batch();
  for (const member of [family, former]) {
    batch.set(admin.collection(MEMBER_EMAILS).doc(member.email), { memberId: member.memberId });
    batch.set(admin.collection('members').doc(member.memberId), { primaryEmail: member.email, status: member === family ? 'active' : 'inactive' });
  }
  const catalogue = {
    quarter: { id: QUARTER, name: '2027 Q2', firstDay: '2027-04-01', lastDay: '2027-06-30' },
    offers: [catalogueOffer('OBS1', 'LBS1', '2027-03-15'), catalogueOffer('OBS2', 'LBS2', '2027-03-01'), catalogueOffer('OBS3', 'LBS3', '2027-03-12'), catalogueOffer('OBS4', 'LBS4', '2027-03-20')],
  };
  batch.set(admin.collection(OFFER_CATALOGUE).doc(QUARTER), catalogue);
  // As the sync writes it beside the catalogue (functions/src/sync/family/offerCatalogue.ts).
  batch.set(admin.collection(OFFER_SUMMARY).doc(QUARTER), summaryOf(catalogue)!);
  batch.set(admin.collection(OFFER_PLACES).doc('OBS1'), { quarterId: QUARTER, taken: { 'OBS1-RH1': 1, 'OBS1-RH2': 3 } });
  batch.set(admin.collection(OFFER_PLACES).doc('OBS2'), { quarterId: QUARTER, taken: { 'OBS2-RH1': 5 } });
  batch.set(admin.collection('bookingRequests').doc('REQ-BS-1'), requestDoc(family.memberId, QUARTER, 'requested'));
  batch.set(admin.collection('bookingRequests').doc('REQ-BS-2'), requestDoc(family.memberId, QUARTER, 'declined'));
  batch.set(admin.collection('bookingRequests').doc('REQ-BS-3'), requestDoc(family.memberId, 'QBS-1', 'confirmed'));
  batch.set(admin.collection('bookingRequests').doc('REQ-BS-4'), requestDoc(other.memberId, QUARTER, 'requested'));
  await batch.commit();
  familyStore = await storeOf(family.email);
});

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  // The next suites find Firestore as they would without this one.
  const batch = admin.batch();
  for (const member of [family, former]) {
    batch.delete(admin.collection(MEMBER_EMAILS).doc(member.email));
    batch.delete(admin.collection('members').doc(member.memberId));
  }
  batch.delete(admin.collection(OFFER_CATALOGUE).doc(QUARTER));
  batch.delete(admin.collection(OFFER_SUMMARY).doc(QUARTER));
  for (const id of ['OBS1', 'OBS2']) batch.delete(admin.collection(OFFER_PLACES).doc(id));
  for (const id of ['REQ-BS-1', 'REQ-BS-2', 'REQ-BS-3', 'REQ-BS-4']) batch.delete(admin.collection('bookingRequests').doc(id));
  await batch.commit();
});

describe("the family store's booking read", () => {
  it("reads the quarter's offer with the free places per time and which offers still take requests, and only the family's requests of that quarter", async () => {
    const booking = await familyStore.readBooking({ memberId: family.memberId, quarterId: QUARTER, today: '2027-03-10', withPlaces: true });
    expect(booking?.quarter.name).toBe('2027 Q2');
    expect(booking?.offers.map((offer) => [offer.offerId, offer.open, offer.free])).toEqual([
      ['OBS1', true, { 'OBS1-RH1': 2, 'OBS1-RH2': 0 }],
      // More taken than offered (the office gave out places in AppSheet): none free, never below zero.
      ['OBS2', false, { 'OBS2-RH1': 0, 'OBS2-RH2': 3 }],
      ['OBS3', true, { 'OBS3-RH1': 3, 'OBS3-RH2': 3 }],
      ['OBS4', true, { 'OBS4-RH1': 3, 'OBS4-RH2': 3 }],
    ]);
    expect(booking?.requests.map((request) => [request.id, request.status, request.note]).sort()).toEqual([
      ['REQ-BS-1', 'requested', null],
      ['REQ-BS-2', 'declined', 'Leider <b>voll</b>'],
    ]);
  });

  it("reads for the light read the catalogue's summary: no offers, the last day of requests up to and including it, the names of the family's courses", async () => {
    const light = (today: string) => familyStore.readBooking({ memberId: family.memberId, quarterId: QUARTER, today, withPlaces: false });
    const booking = await light('2027-03-15');
    expect(booking?.quarter.name).toBe('2027 Q2');
    expect(booking?.offers).toEqual([]);
    expect(booking?.requestsUntil).toBe('2027-03-20');
    expect(booking?.lessonNames).toEqual({ LBS1: 'Kurs LBS1' });
    expect(booking?.requests.map((request) => request.id).sort()).toEqual(['REQ-BS-1', 'REQ-BS-2']);
    // The same answer as the whole offer's.
    expect((await familyStore.readBooking({ memberId: family.memberId, quarterId: QUARTER, today: '2027-03-15', withPlaces: true }))?.requestsUntil).toBe('2027-03-20');
    expect((await light('2027-03-20'))?.requestsUntil).toBe('2027-03-20');
    expect((await light('2027-03-21'))?.requestsUntil).toBeNull();
  });

  it('answers no booking for a quarter without a catalogue (a school without booking)', async () => {
    expect(await familyStore.readBooking({ memberId: family.memberId, quarterId: 'QBS-none', today: '2027-03-10', withPlaces: true })).toBeNull();
  });

  it('answers no booking to a former member, whom the rules let read nothing of the offer', async () => {
    const store = await storeOf(former.email);
    expect(await store.readBooking({ memberId: former.memberId, quarterId: QUARTER, today: '2027-03-10', withPlaces: true })).toBeNull();
  });

  it("reads nothing of another family's requests", async () => {
    await expect(familyStore.readBooking({ memberId: other.memberId, quarterId: QUARTER, today: '2027-03-10', withPlaces: false })).resolves.toBeNull();
  });
});
