/**
 * Offers and children for the booking tests, made at the AppSheet demo source as the office
 * would make them, then synced: each test gets an offer of its own lesson (so place counts and
 * request keys never meet), and children of its own.
 */
import { MEMBER_EMAILS } from '@family-portal/contract';
import type { Firestore } from 'firebase-admin/firestore';
import type { AppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { dayIn } from '../../functions/src/lib/timeZone';
import { runFullSync } from '../../functions/src/wiring/syncRuns';
import { clearFirestore } from '../../tools/lib/emulators';
import { atSource } from './appSheet';

export interface TestOffer {
  offerId: string;
  lessonId: string;
  roomHourIds: string[];
  places: number;
  requestsUntil: string;
}

const germanDay = (iso: string) => iso.split('-').reverse().join('.');

/** The school's day `days` from now (negative: before today). */
export const schoolDay = (days = 0) => dayIn(new Date(Date.now() + days * 86_400_000), 'Europe/Berlin');

/**
 * A booking test file's start: an empty Firestore, no AppSheet faults, the demo school synced in
 * full; the quarter requests are for, and the lessons with their times.
 */
export async function syncedSchool(db: Firestore, appSheetUrl: string, appSheet: AppSheetClient): Promise<{ quarterId: string; lessons: Array<{ lessonId: string; roomHourIds: string[] }> }> {
  await clearFirestore();
  await fetch(`${appSheetUrl}/__demo/faults`, { method: 'DELETE' });
  const sync = await runFullSync({ db, appSheet }, { triggeredBy: 'manual' });
  if (sync.status === 'error') throw new Error(`the demo school's full sync failed: ${sync.error ?? ''}`);
  return { quarterId: await plannedQuarterId(db), lessons: await lessonsWithRoomHours(db) };
}

/** The lessons with their room hours, as synced. */
export async function lessonsWithRoomHours(db: Firestore): Promise<Array<{ lessonId: string; roomHourIds: string[] }>> {
  const roomHours = await db.collection('roomHours').get();
  const byLesson = new Map<string, string[]>();
  for (const doc of roomHours.docs) byLesson.set(String(doc.get('lessonId')), [...(byLesson.get(String(doc.get('lessonId'))) ?? []), doc.id]);
  return [...byLesson.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([lessonId, roomHourIds]) => ({ lessonId, roomHourIds: roomHourIds.sort() }));
}

/** The quarter requests are for: the earliest quarter the office still plans. */
export async function plannedQuarterId(db: Firestore): Promise<string> {
  const quarters = await db.collection('quarters').where('status', '==', 'planned').get();
  const first = quarters.docs.map((doc) => ({ id: doc.id, firstDay: String(doc.get('firstDay')) })).sort((a, b) => a.firstDay.localeCompare(b.firstDay))[0];
  if (!first) throw new Error('the demo school plans no quarter');
  return first.id;
}

/** Adds Offers rows at the source. `roomHourIds` blank offers every room hour of the lesson. */
export async function addOffers(baseUrl: string, quarterId: string, offers: Array<TestOffer & { blankRoomHours?: boolean; weeks?: number }>): Promise<void> {
  await atSource(
    baseUrl,
    'Add',
    'Offers',
    offers.map((offer) => ({
      'Offer ID': offer.offerId,
      'Quarter ID': quarterId,
      'Lesson ID': offer.lessonId,
      'Room Hour IDs': offer.blankRoomHours ? '' : offer.roomHourIds.join(' , '),
      Places: offer.places,
      Weeks: offer.weeks ?? 12,
      'Requests Until': germanDay(offer.requestsUntil),
    })),
  );
}

/** Members whose address the index resolves (so their accounts may call the functions), by id. */
export async function indexedMembers(db: Firestore): Promise<Array<{ memberId: string; email: string }>> {
  const index = await db.collection(MEMBER_EMAILS).get();
  return index.docs.map((doc) => ({ memberId: String(doc.get('memberId')), email: doc.id })).sort((a, b) => a.memberId.localeCompare(b.memberId));
}

/** Adds children at the source: `count` of them, spread over the members given in turn. */
export async function addChildren(baseUrl: string, prefix: string, count: number, memberIds: string[]): Promise<Array<{ childId: string; memberId: string }>> {
  const children = Array.from({ length: count }, (_, index) => ({
    childId: `${prefix}${String(index + 1).padStart(2, '0')}`,
    memberId: memberIds[index % memberIds.length] as string,
  }));
  await atSource(
    baseUrl,
    'Add',
    'Children',
    children.map((child) => ({ 'Child ID': child.childId, 'Member ID': child.memberId, Name: `Kind ${child.childId}`, Status: 'Aktiv' })),
  );
  return children;
}

/**
 * Takes back every row a booking test file added at the shared demo source (its children, its
 * offers, and the requests and plans of either), so that later files sync the demo school as
 * generated: its offers would otherwise collide with the demo's own offers of the same lessons.
 */
export async function removeTestRows(baseUrl: string, appSheet: AppSheetClient, childIds: string[], offerIds: string[]): Promise<void> {
  const added = new Set(childIds);
  const offered = new Set(offerIds);
  const ofTheTest = (row: Record<string, unknown>) => added.has(String(row['Child ID'])) || offered.has(String(row['Offer ID']));
  const requests = (await appSheet.find('Course Requests')).filter(ofTheTest);
  const plans = (await appSheet.find('Plans')).filter(ofTheTest);
  if (requests.length > 0) await atSource(baseUrl, 'Delete', 'Course Requests', requests.map((row) => ({ 'Request ID': row['Request ID'] })));
  if (plans.length > 0) await atSource(baseUrl, 'Delete', 'Plans', plans.map((row) => ({ 'Plan ID': row['Plan ID'] })));
  if (offered.size > 0) await atSource(baseUrl, 'Delete', 'Offers', [...offered].map((id) => ({ 'Offer ID': id })));
  if (added.size > 0) await atSource(baseUrl, 'Delete', 'Children', [...added].map((id) => ({ 'Child ID': id })));
}
