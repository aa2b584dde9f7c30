/**
 * What the e-mail about a booking decision names, read from the office's records: the child's name
 * (children), and the course's name, the quarter's name and the room hours chosen from the
 * quarter's catalogue (offer_catalogue, one document per quarter), or, where the catalogue lacks
 * them (a quarter that is over, an offer taken back), from lessons, quarters and roomHours. A name
 * the records no longer have is given as its key, never left out.
 */
import { OFFER_CATALOGUE } from '@family-portal/contract';
import { chunk } from 'es-toolkit/array';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { BookingDecision, DecidedRoomHour, DecisionStatus } from './bookingDecisionMail';
import { isDocumentId } from './documentIds';

/** What a decided request's mirror document says (bookingRequests). */
export interface DecidedRequest {
  id: string;
  status: DecisionStatus;
  decidedAt: string;
  memberId: string;
  childId: string;
  lessonId: string;
  quarterId: string;
  offerId: string | null;
  roomHourIds: string[];
  note: string | null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** The request as the e-mail needs it, or null when it is not a decision (requested, withdrawn, malformed). */
export function decidedRequest(doc: DocumentSnapshot): DecidedRequest | null {
  const status = doc.get('status') as unknown;
  const decidedAt = text(doc.get('decidedAt'));
  const field = (name: string) => text(doc.get(name)) ?? '';
  const memberId = field('memberId');
  if ((status !== 'confirmed' && status !== 'declined') || !decidedAt || !isDocumentId(memberId)) return null;
  const roomHourIds = doc.get('roomHourIds') as unknown;
  return {
    id: doc.id,
    status,
    decidedAt,
    memberId,
    childId: field('childId'),
    lessonId: field('lessonId'),
    quarterId: field('quarterId'),
    offerId: text(doc.get('offerId')),
    roomHourIds: Array.isArray(roomHourIds) ? roomHourIds.filter((id): id is string => typeof id === 'string') : [],
    note: text(doc.get('note')),
  };
}

interface CatalogueOfferFacts {
  offerId?: unknown;
  lessonId?: unknown;
  lessonName?: unknown;
  roomHours?: Array<{ id?: unknown; dayOfWeek?: unknown; hourRefLabel?: unknown; roomName?: unknown }>;
}

const asRoomHour = (value: { dayOfWeek?: unknown; hourRefLabel?: unknown; roomName?: unknown }): DecidedRoomHour => ({
  dayOfWeek: text(value.dayOfWeek) ?? '',
  hourRefLabel: text(value.hourRefLabel) ?? '',
  roomName: text(value.roomName),
});

/** Document lookups by id, 300 a call, missing ones left out. */
async function lookUp(db: Firestore, collection: string, ids: Iterable<string>, fieldMask?: string[]): Promise<Map<string, DocumentSnapshot>> {
  const unique = [...new Set(ids)].filter(isDocumentId);
  const found = await Promise.all(
    chunk(unique, 300).map((batch) => db.getAll(...batch.map((id) => db.collection(collection).doc(id)), ...(fieldMask ? [{ fieldMask }] : []))),
  );
  return new Map(found.flat().filter((doc) => doc.exists).map((doc) => [doc.id, doc]));
}

/** The facts of each request, by request id. */
export async function bookingDecisions(db: Firestore, requests: readonly DecidedRequest[]): Promise<Map<string, BookingDecision>> {
  const [children, catalogues] = await Promise.all([
    lookUp(db, 'children', requests.map((request) => request.childId), ['name']),
    lookUp(db, OFFER_CATALOGUE, requests.map((request) => request.quarterId)),
  ]);
  const offerOf = (request: DecidedRequest): CatalogueOfferFacts | undefined => {
    const offers = (catalogues.get(request.quarterId)?.get('offers') ?? []) as CatalogueOfferFacts[];
    return offers.find((offer) => request.offerId !== null && offer.offerId === request.offerId) ?? offers.find((offer) => offer.lessonId === request.lessonId);
  };
  const catalogueRoomHour = (request: DecidedRequest, id: string) => offerOf(request)?.roomHours?.find((roomHour) => roomHour.id === id);

  // Only what the catalogues did not give.
  const missingLessons = requests.filter((request) => text(offerOf(request)?.lessonName) === null).map((request) => request.lessonId);
  const missingQuarters = requests.filter((request) => text(catalogues.get(request.quarterId)?.get('quarter.name')) === null).map((request) => request.quarterId);
  const missingRoomHours = requests.flatMap((request) => request.roomHourIds.filter((id) => !catalogueRoomHour(request, id)));
  const [lessons, quarters, roomHours] = await Promise.all([
    lookUp(db, 'lessons', missingLessons, ['name']),
    lookUp(db, 'quarters', missingQuarters, ['name']),
    lookUp(db, 'roomHours', missingRoomHours, ['dayOfWeek', 'hourRefLabel', 'roomName']),
  ]);

  return new Map(
    requests.map((request) => {
      const roomHourFacts = request.roomHourIds.flatMap((id) => {
        const fromCatalogue = catalogueRoomHour(request, id);
        if (fromCatalogue) return [asRoomHour(fromCatalogue)];
        const stored = roomHours.get(id);
        return stored ? [asRoomHour(stored.data() ?? {})] : [];
      });
      const decision: BookingDecision = {
        status: request.status,
        childName: text(children.get(request.childId)?.get('name')) ?? request.childId,
        lessonName: text(offerOf(request)?.lessonName) ?? text(lessons.get(request.lessonId)?.get('name')) ?? request.lessonId,
        quarterName: text(catalogues.get(request.quarterId)?.get('quarter.name')) ?? text(quarters.get(request.quarterId)?.get('name')) ?? request.quarterId,
        roomHours: roomHourFacts,
        note: request.note,
      };
      return [request.id, decision] as const;
    }),
  );
}
