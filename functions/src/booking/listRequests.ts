/**
 * The office's list of a quarter's requests (the next quarter unless another is named): the
 * quarter's offer as families see it, with the places taken, and every request with its child's
 * and family's names, whether the family's membership still holds, and whether the request is
 * beyond its time's places (overbooked: it cannot be confirmed). One query for the requests and batched reads for the rest, never one round
 * trip per row: five hundred requests list within a couple of seconds.
 */
import { isActiveMember, OFFER_CATALOGUE, OFFER_PLACES, offerCatalogueSchema, REQUEST_STATUSES, WAITING_ENTRIES, waitingEntrySchema, waitingOrder, type BookingRequestsAnswer, type OfficeRequestRow } from '@family-portal/contract';
import { chunk } from 'es-toolkit/array';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { bookingQuarter } from './bookingQuarter';
import { BOOKING_HOLDS, overbookedIds, readHolders } from './holders';
import { REQUESTS } from './requestRecord';

/** Document ids one getAll takes. */
const BATCH = 300;

/** Chosen fields of documents by id, read in batches side by side. */
async function readMany(db: Firestore, collection: string, ids: Iterable<string>, fields: string[]): Promise<Map<string, DocumentSnapshot>> {
  const unique = [...new Set(ids)].filter((id) => id !== '');
  const batches = await Promise.all(
    chunk(unique, BATCH).map((batch) => db.getAll(...batch.map((id) => db.collection(collection).doc(id)), { fieldMask: fields })),
  );
  return new Map(batches.flat().filter((doc) => doc.exists).map((doc) => [doc.id, doc]));
}

const textOr = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** The quarter asked for: its name, or null when it is unknown (or, by default, none is next). */
async function quarterOf(db: Firestore, quarterId: string | undefined): Promise<{ id: string; name: string } | null> {
  if (quarterId === undefined) {
    const { quarter } = await bookingQuarter(db);
    return quarter ? { id: quarter.id, name: quarter.name } : null;
  }
  const doc = await db.collection('quarters').doc(quarterId).get();
  return doc.exists ? { id: doc.id, name: String(doc.get('name') ?? doc.id) } : null;
}

/** A waiting request's place in line and offer, as its entry says (none yet: the next refresh writes it). */
function waitingOf(entry: DocumentSnapshot | undefined): NonNullable<OfficeRequestRow['waiting']> {
  const parsed = entry ? waitingEntrySchema.safeParse(entry.data()) : null;
  return parsed?.success ? { positions: parsed.data.positions, offer: parsed.data.offer } : { positions: [], offer: null };
}

export async function listRequests(db: Firestore, quarterId?: string): Promise<BookingRequestsAnswer> {
  const quarter = await quarterOf(db, quarterId);
  if (!quarter) return { quarter: null, offers: [], requests: [] };
  const [catalogueDoc, requestDocs] = await Promise.all([
    db.collection(OFFER_CATALOGUE).doc(quarter.id).get(),
    db.collection(REQUESTS).where('quarterId', '==', quarter.id).get(),
  ]);
  const catalogue = catalogueDoc.exists ? offerCatalogueSchema.safeParse(catalogueDoc.data()) : null;
  const offers = catalogue?.success ? catalogue.data.offers : [];
  const docs = requestDocs.docs;
  const lessonNames = new Map(offers.map((offer) => [offer.lessonId, offer.lessonName]));
  const waitingIds = docs.filter((doc) => doc.get('status') === 'waiting').map((doc) => doc.id);
  const [places, holds, children, members, lessons, entries] = await Promise.all([
    readMany(db, OFFER_PLACES, offers.map((offer) => offer.offerId), ['taken']),
    readMany(db, BOOKING_HOLDS, offers.map((offer) => offer.offerId), ['holders']),
    readMany(db, 'children', docs.map((doc) => String(doc.get('childId') ?? '')), ['name', 'memberId']),
    readMany(db, 'members', docs.map((doc) => String(doc.get('memberId') ?? '')), ['primaryName', 'status']),
    readMany(db, 'lessons', docs.map((doc) => String(doc.get('lessonId') ?? '')).filter((id) => !lessonNames.has(id)), ['name']),
    readMany(db, WAITING_ENTRIES, waitingIds, ['positions', 'offer', 'memberId', 'childId', 'offerId', 'quarterId', 'lessonId', 'passed']),
  ]);
  for (const [id, lesson] of lessons) lessonNames.set(id, String(lesson.get('name') ?? ''));
  const overbooked = new Set<string>();
  for (const offer of offers) {
    const holders = holds.get(offer.offerId);
    if (holders) for (const id of overbookedIds(readHolders(holders), offer.places)) overbooked.add(id);
  }

  const rows: OfficeRequestRow[] = [];
  for (const doc of docs) {
    const status = doc.get('status') as OfficeRequestRow['status'];
    if (!REQUEST_STATUSES.includes(status)) continue;
    const childId = String(doc.get('childId') ?? '');
    const memberId = textOr(doc.get('memberId'));
    const lessonId = String(doc.get('lessonId') ?? '');
    rows.push({
      id: doc.id,
      status,
      childId,
      childName: textOr(children.get(childId)?.get('name')),
      memberId,
      familyName: memberId ? textOr(members.get(memberId)?.get('primaryName')) : null,
      familyActive: memberId !== null && isActiveMember(members.get(memberId)?.data()),
      overbooked: overbooked.has(doc.id),
      offerId: textOr(doc.get('offerId')),
      lessonId,
      lessonName: lessonNames.get(lessonId) ?? null,
      roomHourIds: strings(doc.get('roomHourIds')),
      weeks: Number.isInteger(doc.get('weeks')) ? (doc.get('weeks') as number) : 0,
      requestedAt: textOr(doc.get('requestedAt')),
      decidedAt: textOr(doc.get('decidedAt')),
      note: textOr(doc.get('note')),
      planId: textOr(doc.get('planId')),
      waitingSince: textOr(doc.get('waitingSince')),
      ...(status === 'waiting' ? { waiting: waitingOf(entries.get(doc.id)) } : {}),
    });
  }
  // Waiting requests in line (their Waiting Since), the others as they came.
  const orderOf = (row: OfficeRequestRow) => (row.status === 'waiting' ? waitingOrder(row) : (row.requestedAt ?? ''));
  rows.sort((a, b) => orderOf(a).localeCompare(orderOf(b)) || a.id.localeCompare(b.id));
  return {
    quarter,
    offers: offers.map((offer) => ({ ...offer, taken: (places.get(offer.offerId)?.get('taken') as Record<string, number> | undefined) ?? {} })),
    requests: rows,
  };
}
