/**
 * The next quarter's offer and the family's requests for it, read after the family's own data
 * (never part of the dashboard's first round trips): the quarter's catalogue by get, its place
 * counts, and the family's requests and waiting list entries by memberId, each parsed by the
 * contract's schemas; for the entries to booking, the catalogue's summary instead of the catalogue
 * and its places (the entries still read the waiting list: a place held for the family). A school
 * without booking has no catalogue document; a family the rules do not let read it (a former
 * member) gets the same answer: no booking.
 */
import type {
  BookingRequest,
  freePlaces,
  OFFER_CATALOGUE,
  OFFER_PLACES,
  OFFER_SUMMARY,
  offerCatalogueSchema,
  OfferPlaces,
  offerPlacesSchema,
  offerSummarySchema,
  requestsOpen,
  WAITING_ENTRIES,
  waitingEntrySchema,
} from '@family-portal/contract';
import type { Firestore } from 'firebase/firestore';
import { bookingDataOf, type BookingData, type BookingOffer, type WaitingListEntry } from '../domain/booking';
import { DataLoadError, InvalidDocumentError, parseDocument, problemsOf, type DocumentSchemas } from './queries';
import type { FirestoreFunctions } from './firestoreFunctions';

/** What the booking reads take from the contract (the module itself will do). */
export interface BookingContract {
  OFFER_CATALOGUE: typeof OFFER_CATALOGUE;
  OFFER_PLACES: typeof OFFER_PLACES;
  OFFER_SUMMARY: typeof OFFER_SUMMARY;
  offerCatalogueSchema: typeof offerCatalogueSchema;
  offerPlacesSchema: typeof offerPlacesSchema;
  offerSummarySchema: typeof offerSummarySchema;
  DOCUMENT_SCHEMAS: DocumentSchemas;
  freePlaces: typeof freePlaces;
  requestsOpen: typeof requestsOpen;
  WAITING_ENTRIES: typeof WAITING_ENTRIES;
  waitingEntrySchema: typeof waitingEntrySchema;
}

export interface BookingQuery {
  memberId: string;
  quarterId: string;
  /** Today on the school's clock: decides which offers still take requests. */
  today: string;
  /**
   * The booking page's read: every offer with its free places per time. Without (the light read
   * of the dashboard's entry and the plans page's link), no offers: the catalogue's summary, the
   * last day of requests and the courses' names. The whole catalogue, some 285 kB from the server
   * for the 2,000-family demo school, cost every dashboard more than anything it shows
   * (docs/performance.md).
   */
  withPlaces: boolean;
}

/** The message of a failed booking read (for the console and the plans page's retry). */
export const BOOKING_LOAD_ERROR = 'Failed to fetch the course offer';

const denied = (error: unknown) => (error as { code?: string } | null)?.code === 'permission-denied';

export async function readBooking(fs: FirestoreFunctions, db: Firestore, contract: BookingContract, query: BookingQuery): Promise<BookingData | null> {
  try {
    return await (query.withPlaces ? readOffer(fs, db, contract, query) : readSummary(fs, db, contract, query));
  } catch (error) {
    // A former member reads nothing of the offer (the rules): for the screens, no booking.
    if (denied(error)) return null;
    if (error instanceof InvalidDocumentError) console.error('A stored document does not match the contract', error.message);
    throw new DataLoadError(BOOKING_LOAD_ERROR, error);
  }
}

function requestsOf(fs: FirestoreFunctions, db: Firestore, contract: BookingContract, query: BookingQuery) {
  const { collection, getDocs, where } = fs;
  return getDocs(fs.query(collection(db, 'bookingRequests'), where('memberId', '==', query.memberId))).then((requestDocs) => {
    const requests: BookingRequest[] = [];
    for (const requestDoc of requestDocs.docs) {
      const request = parseDocument(contract.DOCUMENT_SCHEMAS, 'bookingRequests', requestDoc.id, requestDoc.data());
      if (request.quarterId === query.quarterId) requests.push(request);
    }
    return requests;
  });
}

/** The family's places on the quarter's waiting lists: one small document per waiting request. */
function waitingOf(fs: FirestoreFunctions, db: Firestore, contract: BookingContract, query: BookingQuery) {
  const { collection, getDocs, where } = fs;
  return getDocs(fs.query(collection(db, contract.WAITING_ENTRIES), where('memberId', '==', query.memberId))).then((entryDocs) => {
    const entries: WaitingListEntry[] = [];
    for (const entryDoc of entryDocs.docs) {
      const parsed = contract.waitingEntrySchema.safeParse(entryDoc.data());
      if (!parsed.success) throw new InvalidDocumentError(contract.WAITING_ENTRIES, entryDoc.id, problemsOf(parsed.error));
      if (parsed.data.quarterId === query.quarterId) entries.push({ ...parsed.data, requestId: entryDoc.id });
    }
    return entries;
  });
}

async function readOffer(fs: FirestoreFunctions, db: Firestore, contract: BookingContract, query: BookingQuery): Promise<BookingData | null> {
  const { collection, doc, getDoc, getDocs, where } = fs;
  const [catalogueDoc, placesDocs, requests, waiting] = await Promise.all([
    getDoc(doc(db, contract.OFFER_CATALOGUE, query.quarterId)),
    getDocs(fs.query(collection(db, contract.OFFER_PLACES), where('quarterId', '==', query.quarterId))),
    requestsOf(fs, db, contract, query),
    waitingOf(fs, db, contract, query),
  ]);
  if (!catalogueDoc.exists()) return null;
  const catalogue = contract.offerCatalogueSchema.safeParse(catalogueDoc.data());
  if (!catalogue.success) throw new InvalidDocumentError(contract.OFFER_CATALOGUE, catalogueDoc.id, problemsOf(catalogue.error));
  const places = new Map<string, OfferPlaces>();
  for (const placesDoc of placesDocs.docs) {
    const parsed = contract.offerPlacesSchema.safeParse(placesDoc.data());
    if (!parsed.success) throw new InvalidDocumentError(contract.OFFER_PLACES, placesDoc.id, problemsOf(parsed.error));
    places.set(placesDoc.id, parsed.data);
  }
  const offers: BookingOffer[] = catalogue.data.offers.map((offer) => ({
    ...offer,
    open: contract.requestsOpen(offer, query.today),
    free: Object.fromEntries(offer.roomHours.map((roomHour) => [roomHour.id, contract.freePlaces(offer, places.get(offer.offerId), roomHour.id)])),
  }));
  return bookingDataOf(catalogue.data.quarter, offers, requests, waiting);
}

async function readSummary(fs: FirestoreFunctions, db: Firestore, contract: BookingContract, query: BookingQuery): Promise<BookingData | null> {
  const [summaryDoc, requests, waiting] = await Promise.all([
    fs.getDoc(fs.doc(db, contract.OFFER_SUMMARY, query.quarterId)),
    requestsOf(fs, db, contract, query),
    waitingOf(fs, db, contract, query),
  ]);
  if (!summaryDoc.exists()) return null;
  const summary = contract.offerSummarySchema.safeParse(summaryDoc.data());
  if (!summary.success) throw new InvalidDocumentError(contract.OFFER_SUMMARY, summaryDoc.id, problemsOf(summary.error));
  const requested = new Set(requests.map((request) => request.lessonId));
  return {
    quarter: summary.data.quarter,
    offers: [],
    requestsUntil: contract.requestsOpen(summary.data, query.today) ? summary.data.requestsUntil : null,
    // Only the names the entries show go to the page.
    lessonNames: Object.fromEntries(Object.entries(summary.data.lessonNames).filter(([lessonId]) => requested.has(lessonId))),
    requests,
    waiting,
  };
}
