/**
 * Offers and children for the booking tests, made at the AppSheet demo source as the office
 * would make them, then synced: each test gets an offer of its own lesson (so place counts and
 * request keys never meet), and children of its own.
 */
import { MEMBER_EMAILS } from '@family-portal/contract';
import type { Firestore } from 'firebase-admin/firestore';
import { dayIn } from '../../functions/src/sync/time/timeZone';
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
