/**
 * Brings the holders of offers in line with the mirrored requests after a sync: a request the
 * office declined or withdrew in AppSheet gives its places back, one it made or confirmed there
 * holds them, and a 'reserving' holder whose request AppSheet never got (its function died) is
 * dropped once its claim is stale. A claim some function is working on right now is left to it.
 */
import { APPSHEET_TABLES, holdsPlaces, type RequestStatus } from '@family-portal/contract';
import { chunk } from 'es-toolkit/array';
import { type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { changeHolders, SYNC_HOLD_CHANGE_MS } from './changeHolders';
import { BOOKING_HOLDS, isLiveClaim, overbookedIds, readHolders, type Holders } from './holders';
import { IN_LIMIT } from '../lib/firestoreLimits';

const REQUESTS = APPSHEET_TABLES.bookingRequests.collection;
const OFFERS = APPSHEET_TABLES.offers.collection;
/** getAll and `in` batches. */
const BATCH = 300;
/** Offers reconciled at once: each is one small change. */
const PARALLEL = 8;

/** What a mirrored request says about its places. */
interface Wanted {
  offerId: string | null;
  quarterId: string;
  lessonId: string;
  roomHourIds: string[];
  holds: boolean;
  /** When it reached AppSheet: the order of places when a time holds more requests than places. */
  requestedAt: string | null;
}

const FIELDS = ['offerId', 'quarterId', 'lessonId', 'roomHourIds', 'status', 'requestedAt'];

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
    requestedAt: typeof doc.get('requestedAt') === 'string' ? (doc.get('requestedAt') as string) : null,
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

type WantedAt = Map<string, Wanted & { offerId: string }>;

/**
 * An offer's holders with the concerned requests set from what their documents say (in 'all',
 * every holder is concerned); whether anything changed. Pure: the same rule before the change
 * (to skip offers where nothing changes) and in it.
 */
function reconciled(before: Holders, concerned: Set<string>, wanted: WantedAt, offerId: string, all: boolean, now: Date) {
  const holders: Holders = { ...before };
  const ids = new Set(concerned);
  if (all) for (const id of Object.keys(holders)) ids.add(id);
  let changed = false;
  let quarterId: string | undefined;
  for (const id of ids) {
    const holder = holders[id];
    // A place offered to a waiting family is the waiting list's to end (waitingList.ts).
    if (holder?.state === 'offered') continue;
    const want = wanted.get(id);
    const holding = want !== undefined && want.offerId === offerId && want.holds;
    // An uncertain hold whose row the sync brought is settled now; one without a row waits for its TTL.
    if (isLiveClaim(holder, now) && !(holder?.uncertain && holding)) continue;
    if (holding) {
      quarterId ??= want.quarterId;
      const order = want.requestedAt ?? holder?.order ?? holder?.since ?? now.toISOString();
      const sameTimes = holder?.roomHourIds.join('\u0000') === want.roomHourIds.join('\u0000');
      if (!(holder?.state === 'held' && sameTimes && holder.order === order)) {
        // A late holder stays late at the same times: its Requested At is older than the places it took.
        holders[id] = { roomHourIds: want.roomHourIds, state: 'held', since: holder?.since ?? now.toISOString(), order, ...(holder?.late && sameTimes ? { late: true } : {}) };
        changed = true;
      }
    } else if (holder) {
      delete holders[id];
      changed = true;
    }
  }
  return { holders, changed, quarterId };
}

/** One offer's holders for the concerned requests, in one change; the holders as written. */
async function reconcileOffer(db: Firestore, offerId: string, concerned: Set<string>, wanted: WantedAt, all: boolean): Promise<Holders> {
  const now = new Date();
  return changeHolders(
    db,
    offerId,
    ({ holds, holders }) => {
      const next = reconciled(holders, concerned, wanted, offerId, all, now);
      const quarterId = (holds.get('quarterId') as string | undefined) ?? next.quarterId;
      return { result: next.holders, ...(next.changed && quarterId ? { write: { quarterId, holders: next.holders } } : {}) };
    },
    SYNC_HOLD_CHANGE_MS,
  );
}

/** The booking_holds documents of these offers (every one, for 'all'), read before any change, to skip those already right. */
async function readHolds(db: Firestore, offerIds: string[] | 'all'): Promise<Map<string, Holders>> {
  const docs =
    offerIds === 'all'
      ? (await db.collection(BOOKING_HOLDS).get()).docs
      : (await Promise.all(chunk(offerIds, BATCH).map((batch) => db.getAll(...batch.map((id) => db.collection(BOOKING_HOLDS).doc(id)))))).flat();
  return new Map(docs.filter((doc) => doc.exists).map((doc) => [doc.id, readHolders(doc)]));
}

/** A request that holds a time beyond its places (holders.ts overbookedIds), and its offer. */
export interface Overbooked {
  offerId: string;
  requestId: string;
}

/** Of these offers' holders, the requests beyond their places: one read of the offers' place counts. */
async function overbookedOf(db: Firestore, holdersByOffer: Map<string, Holders>): Promise<Overbooked[]> {
  const offerIds = [...holdersByOffer.keys()];
  const docs = (await Promise.all(chunk(offerIds, BATCH).map((batch) => db.getAll(...batch.map((id) => db.collection(OFFERS).doc(id)), { fieldMask: ['places'] })))).flat();
  const found: Overbooked[] = [];
  for (const doc of docs) {
    const places = doc.get('places') as unknown;
    if (!doc.exists || typeof places !== 'number') continue;
    for (const requestId of overbookedIds(holdersByOffer.get(doc.id) ?? {}, places)) found.push({ offerId: doc.id, requestId });
  }
  return found.sort((a, b) => a.offerId.localeCompare(b.offerId) || a.requestId.localeCompare(b.requestId));
}

/**
 * Reconciles the holders of these requests (the ids a sync wrote), or of every request and every
 * holder ('all', after a full sync: holders whose request is gone are dropped too). Offers whose
 * holders are already right are only read: a sync that changed nothing writes nothing here.
 * AppSheet's rows are taken as they are, since the office may enter requests there; where they
 * hold a time beyond its places, the later ones are answered as overbooked (for the sync's
 * warnings) and can be confirmed only once a place is freed (decideRequests.ts).
 */
export async function reconcileHolds(db: Firestore, requestIds: string[] | 'all'): Promise<Overbooked[]> {
  if (Array.isArray(requestIds) && requestIds.length === 0) return [];
  const all = requestIds === 'all';
  const requests = await readRequests(db, requestIds);
  const withoutOffer = [...requests.values()].filter((want): want is Wanted => want !== null && want.offerId === null);
  const byLesson = withoutOffer.length ? await offersByLesson(db, [...new Set(withoutOffer.map((want) => want.quarterId))]) : new Map<string, string>();

  const wanted: WantedAt = new Map();
  const concerned = new Map<string, Set<string>>();
  for (const [id, want] of requests) {
    const offerId = want ? (want.offerId ?? byLesson.get(`${want.quarterId}\u0000${want.lessonId}`) ?? null) : null;
    if (want && offerId) {
      wanted.set(id, { ...want, offerId });
      concerned.set(offerId, (concerned.get(offerId) ?? new Set()).add(id));
    }
  }
  const holds = await readHolds(db, all ? 'all' : [...concerned.keys()]);
  if (all) for (const offerId of holds.keys()) if (!concerned.has(offerId)) concerned.set(offerId, new Set());
  const now = new Date();
  const offers = [...concerned.entries()].filter(([offerId, ids]) => reconciled(holds.get(offerId) ?? {}, ids, wanted, offerId, all, now).changed);
  const after = new Map([...concerned.keys()].map((offerId) => [offerId, holds.get(offerId) ?? {}]));
  for (let start = 0; start < offers.length; start += PARALLEL) {
    const batch = offers.slice(start, start + PARALLEL);
    const written = await Promise.all(batch.map(([offerId, ids]) => reconcileOffer(db, offerId, ids, wanted, all)));
    batch.forEach(([offerId], index) => after.set(offerId, written[index] ?? {}));
  }
  return overbookedOf(db, after);
}
