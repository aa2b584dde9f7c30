/** An offer as the booking functions check a request against it. */
import { APPSHEET_TABLES, type Offer } from '@family-portal/contract';
import type { Firestore } from 'firebase-admin/firestore';

const offers = APPSHEET_TABLES.offers;

/** The mirrored offer, or null when there is none (or it does not read as one). */
export async function readOffer(db: Firestore, offerId: string): Promise<Offer | null> {
  const snapshot = await db.collection(offers.collection).doc(offerId).get();
  if (!snapshot.exists) return null;
  const parsed = offers.schema.safeParse({ ...snapshot.data(), id: snapshot.id });
  return parsed.success ? parsed.data : null;
}

/** The room hours an offer gives: its own list, or when blank every room hour of its lesson. */
export async function offeredRoomHours(db: Firestore, offer: Pick<Offer, 'lessonId' | 'roomHourIds'>): Promise<string[]> {
  if (offer.roomHourIds.length > 0) return offer.roomHourIds;
  const snapshot = await db.collection(APPSHEET_TABLES.roomHours.collection).where('lessonId', '==', offer.lessonId).select().get();
  return snapshot.docs.map((doc) => doc.id);
}

/**
 * The offer a request is counted under: its Offer ID, or for a request the office entered in
 * AppSheet without one, the quarter's offer of its lesson. Null when there is neither.
 */
export async function offerOfRequest(db: Firestore, request: { offerId: string | null; quarterId: string; lessonId: string }): Promise<string | null> {
  if (request.offerId) return request.offerId;
  const snapshot = await db
    .collection(offers.collection)
    .where('quarterId', '==', request.quarterId)
    .where('lessonId', '==', request.lessonId)
    .limit(1)
    .select()
    .get();
  return snapshot.docs[0]?.id ?? null;
}
