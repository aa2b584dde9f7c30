/**
 * Brings the holders of offers in line with the mirrored requests after a sync: a request the
 * office declined or withdrew in AppSheet gives its places back, one it made or confirmed there
 * holds them, and a 'reserving' holder whose request AppSheet never got (its function died) is
 * dropped once its claim is stale. A claim some function is working on right now is left to it.
 */
import { APPSHEET_TABLES, holdsPlaces, type RequestStatus } from '@family-portal/contract';
import { type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { BOOKING_HOLDS, HOLD_TRANSACTION_ATTEMPTS, isLiveClaim, readHolders, readOffer, writeHolders, type Holders } from './holders';

const REQUESTS = APPSHEET_TABLES.bookingRequests.collection;
const OFFERS = APPSHEET_TABLES.offers.collection;
/** getAll and `in` batches. */
const BATCH = 300;
const IN_LIMIT = 30;
/** Offers reconciled at once: each is one small transaction. */
const PARALLEL = 8;

/** What a mirrored request says about its places. */
interface Wanted {
  offerId: string | null;
  quarterId: string;
  lessonId: string;
  roomHourIds: string[];
  holds: boolean;
}

const FIELDS = ['offerId', 'quarterId', 'lessonId', 'roomHourIds', 'status'];

function wantedOf(doc: DocumentSnapshot): Wanted | null {
  const quarterId = doc.get('quarterId') as unknown;
  const lessonId = doc.get('lessonId') as unknown;
  if (typeof quarterId !== 'string' || typeof lessonId !== 'string') return null;
  const offerId = doc.get('offerId') as unknown;
  const roomHourIds = doc.get('roomHourIds') as unknown;
  return {
    offerId: typeof offerId === 'string' && offerId !== '' ? offerId : null,
    quarterId,
    lessonId,
    roomHourIds: Array.isArray(roomHourIds) ? roomHourIds.filter((id): id is string => typeof id === 'string') : [],
    holds: holdsPlaces(doc.get('status') as RequestStatus),
  };
}

async function readRequests(db: Firestore, requestIds: string[] | 'all'): Promise<Map<string, Wanted | null>> {
  const found = new Map<string, Wanted | null>();
  if (requestIds === 'all') {
    const snapshot = await db.collection(REQUESTS).select(...FIELDS).get();
    for (const doc of snapshot.docs) found.set(doc.id, wantedOf(doc));
    return found;
  }
  const unique = [...new Set(requestIds)];
  for (let start = 0; start < unique.length; start += BATCH) {
    const refs = unique.slice(start, start + BATCH).map((id) => db.collection(REQUESTS).doc(id));
    const docs = await db.getAll(...refs, { fieldMask: FIELDS });
    for (const doc of docs) found.set(doc.id, doc.exists ? wantedOf(doc) : null);
  }
  return found;
}

/** The offer of requests the office made in AppSheet without an Offer ID: the quarter's offer of the lesson. */
async function offersByLesson(db: Firestore, quarterIds: string[]): Promise<Map<string, string>> {
  const byLesson = new Map<string, string>();
  for (let start = 0; start < quarterIds.length; start += IN_LIMIT) {
    const snapshot = await db
      .collection(OFFERS)
      .where('quarterId', 'in', quarterIds.slice(start, start + IN_LIMIT))
      .select('quarterId', 'lessonId')
      .get();
    for (const doc of snapshot.docs) byLesson.set(`${doc.get('quarterId')}\u0000${doc.get('lessonId')}`, doc.id);
  }
  return byLesson;
}

/** One offer's holders for the concerned requests, set from what their documents say. */
async function reconcileOffer(db: Firestore, offerId: string, concerned: Set<string>, wanted: Map<string, Wanted & { offerId: string }>, all: boolean) {
  const now = new Date();
  await db.runTransaction(
    async (transaction) => {
      const { holds: holdsSnapshot, places: placesSnapshot } = await readOffer(transaction, db, offerId);
      const holders: Holders = readHolders(holdsSnapshot);
      const ids = new Set(concerned);
      if (all) for (const id of Object.keys(holders)) ids.add(id);
      let changed = false;
      let quarterId = holdsSnapshot.get('quarterId') as string | undefined;
      for (const id of ids) {
        const holder = holders[id];
        if (isLiveClaim(holder, now)) continue;
        const want = wanted.get(id);
        if (want && want.offerId === offerId && want.holds) {
          quarterId ??= want.quarterId;
          const same = holder?.state === 'held' && holder.roomHourIds.join('\u0000') === want.roomHourIds.join('\u0000');
          if (!same) {
            holders[id] = { roomHourIds: want.roomHourIds, state: 'held', since: holder?.since ?? now.toISOString() };
            changed = true;
          }
        } else if (holder) {
          delete holders[id];
          changed = true;
        }
      }
      if (changed && quarterId) writeHolders(transaction, db, offerId, quarterId, holders, placesSnapshot);
    },
    { maxAttempts: HOLD_TRANSACTION_ATTEMPTS },
  );
}

/**
 * Reconciles the holders of these requests (the ids a sync wrote), or of every request and every
 * holder ('all', after a full sync: holders whose request is gone are dropped too).
 */
export async function reconcileHolds(db: Firestore, requestIds: string[] | 'all'): Promise<void> {
  if (Array.isArray(requestIds) && requestIds.length === 0) return;
  const all = requestIds === 'all';
  const requests = await readRequests(db, requestIds);
  const withoutOffer = [...requests.values()].filter((want): want is Wanted => want !== null && want.offerId === null);
  const byLesson = withoutOffer.length ? await offersByLesson(db, [...new Set(withoutOffer.map((want) => want.quarterId))]) : new Map<string, string>();

  const wanted = new Map<string, Wanted & { offerId: string }>();
  const concerned = new Map<string, Set<string>>();
  const concern = (offerId: string, requestId: string) => {
    if (!concerned.has(offerId)) concerned.set(offerId, new Set());
    concerned.get(offerId)?.add(requestId);
  };
  for (const [id, want] of requests) {
    const offerId = want ? (want.offerId ?? byLesson.get(`${want.quarterId}\u0000${want.lessonId}`) ?? null) : null;
    if (want && offerId) {
      wanted.set(id, { ...want, offerId });
      concern(offerId, id);
    }
  }
  if (all) {
    const holds = await db.collection(BOOKING_HOLDS).select('quarterId').get();
    for (const doc of holds.docs) if (!concerned.has(doc.id)) concerned.set(doc.id, new Set());
  }
  const offers = [...concerned.entries()];
  for (let start = 0; start < offers.length; start += PARALLEL) {
    await Promise.all(offers.slice(start, start + PARALLEL).map(([offerId, ids]) => reconcileOffer(db, offerId, ids, wanted, all)));
  }
}
