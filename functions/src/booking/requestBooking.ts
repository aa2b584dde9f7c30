/**
 * A family's request for one child, one offered lesson of the next quarter and the room hours
 * chosen. Every check comes before anything is written; then the places are reserved in one
 * atomic change (holds.ts), the row is written to AppSheet (found by its key first, so a retry
 * never adds it twice), and only then mirrored. An AppSheet refusal gives the places back and
 * leaves no mirror; a lost answer (timeout, 429, 5xx) keeps them, since the row may have landed:
 * a sync settles it, or frees them once it finds no row (unheardHolds.ts).
 */
import { ACTIVE, holdsPlaces, OFFER_CATALOGUE, offerCatalogueSchema, requestsOpen, type BookingRequest, type RequestBookingBody, type RequestStatus } from '@family-portal/contract';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { AppSheetError, formatAppSheetDateTime, type AppSheetWriter } from '../sync/appsheet/appsheetClient';
import type { AppSheetRow } from '../sync/mapping/mapRow';
import { HttpError } from '../http/errors';
import { bookingQuarter } from './bookingQuarter';
import { keepUncertain, release, reserve, settle } from './holds';
import { requestKey } from './keys';
import { answerDoc, appSheetFailed, findRows, mapRequestRows, REQUESTS, requestRow, requests, storeMirrors, type MappedRequest } from './requestRecord';

export interface BookingDeps {
  db: Firestore;
  appSheet: AppSheetWriter;
  now?: Date;
}

const alreadyRequested = () => new HttpError('already-requested', 'This child has already requested this course for the quarter.');

/** The offer a request is checked and counted against: as the family was shown it. */
interface CheckedOffer {
  id: string;
  quarterId: string;
  lessonId: string;
  weeks: number;
  places: number;
}

/**
 * A new request of the child for the offer's chosen times, as its mirror stores it: nothing
 * decided, no note, no place in a waiting line yet (a row made again clears an earlier one's).
 */
export function newRequest(offer: CheckedOffer, body: RequestBookingBody, requestedBy: string, status: 'requested' | 'waiting', now: Date): MappedRequest['doc'] {
  return {
    childId: body.childId,
    quarterId: offer.quarterId,
    lessonId: offer.lessonId,
    offerId: offer.id,
    roomHourIds: body.roomHourIds,
    weeks: offer.weeks,
    status,
    requestedAt: new Date(Math.floor(now.getTime() / 1000) * 1000).toISOString(),
    requestedBy,
    note: null,
    decidedAt: null,
    planId: null,
    waitingSince: null,
  };
}

/**
 * The checks that need no lock: the child (the family's, and active), the offer, the deadline,
 * the room hours. The offer and its times are those of the quarter's catalogue, which is what
 * families were shown: an offer the sync left out (a second one for the same lesson) or a time
 * it dropped (a room hour of another lesson listed by mistake) is refused, never counted.
 */
export async function checkRequest(db: Firestore, member: DocumentSnapshot, body: RequestBookingBody, now: Date): Promise<CheckedOffer> {
  const [child, { quarter, today }] = await Promise.all([db.collection('children').doc(body.childId).get(), bookingQuarter(db, now)]);
  if (!child.exists || child.get('memberId') !== member.id) {
    throw new HttpError('permission-denied', 'This child is not one of your family.');
  }
  if (child.get('status') !== ACTIVE) {
    throw new HttpError('not-active', 'This child is not active at the school: please contact the school office.');
  }
  const catalogue = quarter ? await db.collection(OFFER_CATALOGUE).doc(quarter.id).get() : null;
  const parsed = catalogue?.exists ? offerCatalogueSchema.safeParse(catalogue.data()) : null;
  const offer = parsed?.success ? parsed.data.offers.find((candidate) => candidate.offerId === body.offerId) : undefined;
  if (!offer || !quarter) {
    throw new HttpError('not-found', 'This course is not offered for the next quarter.');
  }
  if (!requestsOpen(offer, today)) {
    throw new HttpError('requests-closed', `Requests for this course were taken until ${offer.requestsUntil}.`);
  }
  const offered = new Set(offer.roomHours.map((roomHour) => roomHour.id));
  const strange = body.roomHourIds.filter((id) => !offered.has(id));
  if (strange.length > 0 || new Set(body.roomHourIds).size !== body.roomHourIds.length) {
    throw new HttpError('invalid-argument', `Not a time of this course, or named twice: ${strange.join(', ') || body.roomHourIds.join(', ')}.`);
  }
  return { id: offer.offerId, quarterId: quarter.id, lessonId: offer.lessonId, weeks: offer.weeks, places: offer.places };
}

/**
 * AppSheet may have written what it was asked to (a timeout, a 5xx, a network error: the answer
 * was lost, not the write), or it surely did not (any other 4xx: it refused the row). A duplicate
 * key is no refusal: the row is there, written by an earlier attempt of this one.
 */
const surelyRefused = (error: unknown) =>
  error instanceof AppSheetError && error.status !== null && error.status >= 400 && error.status < 500 && error.status !== 429 && !/already exists|duplicate/i.test(error.message);

/** The parent's answer when AppSheet may hold the request: its places stay taken until the next sync says. */
export const requestUnconfirmed = () =>
  new HttpError('request-unconfirmed', 'The school office system did not answer in time. Your request may have been recorded; it will show after the next sync. Your places are kept meanwhile.');

/**
 * Adds or edits the row; on a failure, AppSheet's row decides (found by its key): there, it is the
 * answer. Not there: nothing was written when AppSheet clearly refused, else it is unknown.
 */
export async function writeOrFind(appSheet: AppSheetWriter, requestId: string, write: () => Promise<AppSheetRow[]>): Promise<AppSheetRow[]> {
  try {
    return await write();
  } catch (error) {
    const landed = await findRows(appSheet, requests, [requestId]).then(
      (rows) => rows.get(requestId),
      () => undefined,
    );
    if (landed) return [landed];
    throw surelyRefused(error) ? appSheetFailed(error) : requestUnconfirmed();
  }
}

/** Writes the request to AppSheet: added, or an earlier withdrawn or declined one asked again. */
async function writeRow(appSheet: AppSheetWriter, requestId: string, cells: Parameters<typeof requestRow>[1]) {
  const existing = (await findRows(appSheet, requests, [requestId])).get(requestId);
  if (existing) {
    const current = mapRequestRows([existing]).get(requestId);
    // Already in AppSheet and holding places: an earlier attempt whose answer was lost, or the office's own entry.
    if (!current || holdsPlaces(current.doc.status)) return { current, again: true } as const;
    const row = requestRow(requestId, { ...cells, note: null, decidedAt: null, planId: null });
    const answer = await writeOrFind(appSheet, requestId, () => appSheet.edit(requests.appSheetTable, [row]));
    return { current: mapRequestRows(answer).get(requestId), again: false } as const;
  }
  const answer = await writeOrFind(appSheet, requestId, () => appSheet.add(requests.appSheetTable, [requestRow(requestId, cells)]));
  return { current: mapRequestRows(answer).get(requestId), again: false } as const;
}

export async function requestBooking(deps: BookingDeps, caller: { email: string }, member: DocumentSnapshot, body: RequestBookingBody): Promise<BookingRequest> {
  const { db, appSheet } = deps;
  const now = deps.now ?? new Date();
  const offer = await checkRequest(db, member, body, now);
  const requestId = requestKey(offer.quarterId, offer.lessonId, body.childId);
  const mirror = await db.collection(REQUESTS).doc(requestId).get();
  if (mirror.exists && holdsPlaces(mirror.get('status') as RequestStatus)) throw alreadyRequested();

  const claim = await reserve(db, { offerId: offer.id, quarterId: offer.quarterId, places: offer.places }, requestId, body.roomHourIds, now);
  const sent = newRequest(offer, body, caller.email, 'requested', now);
  let written: Awaited<ReturnType<typeof writeRow>>;
  try {
    written = await writeRow(appSheet, requestId, {
      childId: sent.childId,
      quarterId: sent.quarterId,
      lessonId: sent.lessonId,
      offerId: sent.offerId,
      roomHourIds: sent.roomHourIds,
      weeks: sent.weeks,
      status: 'requested',
      requestedAt: formatAppSheetDateTime(now),
      requestedBy: caller.email,
    });
  } catch (error) {
    // Only a write AppSheet surely did not make gives the places back; a lost answer keeps them.
    if (error instanceof HttpError && error.code === 'request-unconfirmed') await keepUncertain(db, claim, offer.quarterId);
    else await release(db, claim, offer.quarterId);
    throw error;
  }
  // AppSheet holds the request now: whatever follows, its places stay taken.
  if (written.again) {
    if (written.current) await storeMirrors(db, [{ id: requestId, mapped: written.current, memberId: member.id }], now);
    // Its row may name other times than this attempt took: they are checked against the places.
    await settle(db, claim, offer.quarterId, offer.places, written.current?.doc.roomHourIds);
    throw alreadyRequested();
  }
  const mapped: MappedRequest = written.current ?? { doc: sent, changedAt: null };
  await storeMirrors(db, [{ id: requestId, mapped, memberId: member.id }], now);
  await settle(db, claim, offer.quarterId, offer.places, mapped.doc.roomHourIds);
  return answerDoc(requestId, mapped, member.id);
}
