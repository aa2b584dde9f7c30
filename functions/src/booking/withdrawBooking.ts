/**
 * A family withdraws a request the office has not decided yet. The request is claimed first, so
 * that a withdrawal and the office's decision never write at once; AppSheet's own row decides
 * whether it is still waiting (the mirror may lag behind a decision the office made there).
 */
import { holdsPlaces, type BookingRequest } from '@family-portal/contract';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { HttpError } from '../http/errors';
import { claimKeyOf } from './holders';
import { claimHolder, finishClaim, release } from './holds';
import { offerOfRequest, readOffer } from './offers';
import type { BookingDeps } from './requestBooking';
import { answerDoc, atAppSheet, findRows, mapRequestRows, REQUESTS, requestRow, requests, storeMirrors } from './requestRecord';

const notRequested = (status: string) =>
  new HttpError('not-requested', `This request can no longer be withdrawn: it is ${status}. Please contact the school office.`);

export async function withdrawBooking(deps: BookingDeps, member: DocumentSnapshot, requestId: string): Promise<BookingRequest> {
  const { db, appSheet } = deps;
  const now = deps.now ?? new Date();
  const mirror = await db.collection(REQUESTS).doc(requestId).get();
  // Another family's request answers as one that does not exist: its key (quarter, lesson, child)
  // can be guessed, and whether it exists is that family's business.
  if (!mirror.exists || mirror.get('memberId') !== member.id) throw new HttpError('not-found', 'There is no such request.');
  if (mirror.get('status') !== 'requested') throw notRequested(String(mirror.get('status')));

  const quarterId = String(mirror.get('quarterId'));
  const roomHourIds = ((mirror.get('roomHourIds') as unknown[] | undefined) ?? []).map(String);
  const offerId = await offerOfRequest(db, { offerId: (mirror.get('offerId') as string | null) ?? null, quarterId, lessonId: String(mirror.get('lessonId')) });
  const places = offerId ? ((await readOffer(db, offerId))?.places ?? null) : null;
  const claim = await claimHolder(db, { offerId: claimKeyOf(offerId, requestId), quarterId, places }, requestId, roomHourIds, 'withdrawing', now);
  // Until AppSheet says otherwise, the request keeps its places.
  let holds = true;
  try {
    const row = (await findRows(appSheet, requests, [requestId])).get(requestId);
    const current = row ? mapRequestRows([row]).get(requestId) : undefined;
    if (!current) throw new HttpError('not-found', 'There is no such request in the school office system.');
    if (current.doc.status !== 'requested') {
      // The office decided in AppSheet before the sync brought it here: the mirror learns it now.
      await storeMirrors(db, [{ id: requestId, mapped: current, memberId: member.id }], now);
      holds = holdsPlaces(current.doc.status);
      throw notRequested(current.doc.status);
    }
    const answer = await atAppSheet(() => appSheet.edit(requests.appSheetTable, [requestRow(requestId, { status: 'withdrawn' })]));
    const mapped = mapRequestRows(answer).get(requestId) ?? { doc: { ...current.doc, status: 'withdrawn' as const }, changedAt: null };
    await storeMirrors(db, [{ id: requestId, mapped, memberId: member.id }], now);
    holds = false;
    return answerDoc(requestId, mapped, member.id);
  } finally {
    await (holds ? finishClaim(db, claim, quarterId, { holds: true }) : release(db, claim, quarterId));
  }
}
