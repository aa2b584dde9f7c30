/**
 * The waiting list of an offer, brought up to date in one atomic change of its booking_holds
 * document (changeHolders.ts): the waiting requests are read inside the change, the rule of
 * waitingPlan.ts decides, and the holders, the families' entries (waiting_entries), the audit
 * log's steps and the offer e-mails (each with its push) are written in one batch that goes
 * through only if nobody changed the holders meanwhile. Every step that may free a place or change
 * the line calls it: a family joining, leaving, taking or passing up its offer, a withdrawal, a
 * decline, every sync (the office raising the places in AppSheet, a returned uncertain hold), and
 * the sweep of run-out offers every five minutes (index.ts): an offer ends on time without a visitor.
 */
import { ADMIN_AUDIT, APPSHEET_TABLES, waitingEntrySchema, WAITING_ENTRIES, waitingOrder, type WaitingEntry, type WaitingListStep } from '@family-portal/contract';
import type { DocumentReference, Firestore, WriteBatch } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { changeHolders, SYNC_HOLD_CHANGE_MS } from './changeHolders';
import { BOOKING_HOLDS } from './holders';
import { offeredRoomHours, readOffer } from './offers';
import { planWaitingList, type InLine, type WaitingEvent } from './waitingPlan';

const REQUESTS = APPSHEET_TABLES.bookingRequests.collection;

/** The e-mails (with their pushes) of the places offered: documents to create with the change. */
export type OfferMails = (offerId: string, offered: WaitingEvent[]) => Promise<Array<{ ref: DocumentReference; data: Record<string, unknown> }>>;

export interface WaitingListDeps {
  db: Firestore;
  offerHoldMs: number;
  offerMails?: OfferMails;
  now?: Date;
  /** How long the change may keep trying when others write at once (a caller waiting: the default of changeHolders). */
  budgetMs?: number;
}

/** A family turning down its offer: `by` is the parent's address, for the audit log. */
export interface Passing {
  requestId: string;
  by: string;
}

/** The offer's waiting requests, as mirrored from AppSheet. */
export async function readLine(db: Firestore, offerId: string): Promise<InLine[]> {
  const snapshot = await db.collection(REQUESTS).where('offerId', '==', offerId).where('status', '==', 'waiting').get();
  return snapshot.docs.flatMap((doc) => {
    const [memberId, childId, quarterId, lessonId] = ['memberId', 'childId', 'quarterId', 'lessonId'].map((field) => doc.get(field) as unknown);
    const roomHourIds = doc.get('roomHourIds') as unknown;
    if (typeof memberId !== 'string' || typeof childId !== 'string' || typeof quarterId !== 'string' || typeof lessonId !== 'string' || !Array.isArray(roomHourIds)) return [];
    const order = waitingOrder({ requestedAt: (doc.get('requestedAt') as string | null) ?? null, waitingSince: (doc.get('waitingSince') as string | null) ?? null });
    return [{ requestId: doc.id, memberId, childId, quarterId, lessonId, roomHourIds: roomHourIds.map(String), order }];
  });
}

/** The entries of the offer as stored now. */
export async function readEntries(db: Firestore, offerId: string): Promise<Map<string, WaitingEntry>> {
  const snapshot = await db.collection(WAITING_ENTRIES).where('offerId', '==', offerId).get();
  const entries = new Map<string, WaitingEntry>();
  for (const doc of snapshot.docs) {
    const parsed = waitingEntrySchema.safeParse(doc.data());
    if (parsed.success) entries.set(doc.id, parsed.data);
  }
  return entries;
}

function noMails(offerId: string, error: unknown): [] {
  logger.error("the e-mails of a waiting list's offers could not be written; the offers stand", { offerId, reason: (error as Error).message });
  return [];
}

const sameEntry = (a: WaitingEntry | undefined, b: WaitingEntry) => a !== undefined && JSON.stringify(a) === JSON.stringify(b);

/** An audit log entry of a waiting list step (`by`: the parent's or the office's address; blank: the portal's own step). */
export function waitingAudit(step: WaitingListStep, request: Pick<InLine, 'requestId' | 'childId' | 'lessonId'>, roomHourIds: string[], by: string, at: string, note: string | null = null) {
  return { kind: 'waitingList', adminEmail: by, at, step, requestId: request.requestId, childId: request.childId, lessonId: request.lessonId, roomHourIds, note };
}

export interface WaitingListChange {
  events: WaitingEvent[];
  entries: Map<string, WaitingEntry>;
}

/**
 * Brings one offer's waiting list up to date: run-out offers end, free places are offered in
 * line, the entries follow. Writes nothing when nothing changed.
 */
export async function refreshWaitingList(deps: WaitingListDeps, offerId: string, passing?: Passing): Promise<WaitingListChange> {
  const { db } = deps;
  const now = deps.now ?? new Date();
  const offer = await readOffer(db, offerId);
  const offeredTimes = offer ? await offeredRoomHours(db, offer) : [];
  return changeHolders(
    db,
    offerId,
    async ({ holds, holders }) => {
      const [waiting, before] = await Promise.all([readLine(db, offerId), readEntries(db, offerId)]);
      const passedBefore = new Map([...before].map(([id, entry]) => [id, entry.passed]));
      const plan = planWaitingList({
        offerId,
        holders,
        places: offer?.places ?? null,
        offeredTimes,
        waiting,
        passedBefore,
        now,
        offerHoldMs: deps.offerHoldMs,
        ...(passing ? { passing: passing.requestId } : {}),
      });
      const changedEntries = [...plan.entries].filter(([id, entry]) => !sameEntry(before.get(id), entry));
      const goneEntries = [...before.keys()].filter((id) => !plan.entries.has(id));
      const result = { events: plan.events, entries: plan.entries };
      if (!plan.changed && changedEntries.length === 0 && goneEntries.length === 0) return { result };
      const quarterId = (holds.get('quarterId') as string | undefined) ?? offer?.quarterId ?? waiting[0]?.quarterId;
      if (!quarterId) return { result };
      const offered = plan.events.filter((event) => event.step === 'offered');
      // An offer stands without its e-mail rather than not at all: the family sees it in the portal.
      const mails = offered.length > 0 && deps.offerMails ? await deps.offerMails(offerId, offered).catch((error: unknown) => noMails(offerId, error)) : [];
      const at = now.toISOString();
      return {
        result,
        write: { quarterId, holders: plan.holders },
        also: (batch: WriteBatch) => {
          for (const [id, entry] of changedEntries) batch.set(db.collection(WAITING_ENTRIES).doc(id), entry);
          for (const id of goneEntries) batch.delete(db.collection(WAITING_ENTRIES).doc(id));
          for (const event of plan.events) batch.create(db.collection(ADMIN_AUDIT).doc(), waitingAudit(event.step, event.request, [event.roomHourId], event.step === 'passed' ? (passing?.by ?? '') : '', at));
          for (const { ref, data } of mails) batch.create(ref, data);
        },
      };
    },
    deps.budgetMs,
  );
}

/**
 * Brings these offers' waiting lists up to date, one after another. Never throws: what failed is
 * logged, and the next sync or sweep does it (the step that called has happened all the same).
 */
export async function refreshWaitingLists(deps: WaitingListDeps, offerIds: Iterable<string>): Promise<WaitingEvent[]> {
  const events: WaitingEvent[] = [];
  for (const offerId of new Set(offerIds)) {
    try {
      events.push(...(await refreshWaitingList(deps, offerId)).events);
    } catch (error) {
      logger.error('bringing a waiting list up to date failed; the next sync or sweep does it', { offerId, reason: (error as Error).message });
    }
  }
  return events;
}

/** Offers with a place offered right now (the sweep's), or with anyone waiting (the sync's). */
export async function offersWithOffers(db: Firestore): Promise<string[]> {
  return (await db.collection(BOOKING_HOLDS).where('offering', '==', true).select().get()).docs.map((doc) => doc.id);
}

export async function offersWithWaiting(db: Firestore): Promise<string[]> {
  const snapshot = await db.collection(REQUESTS).where('status', '==', 'waiting').select('offerId').get();
  const fromRequests = snapshot.docs.map((doc) => doc.get('offerId') as unknown).filter((id): id is string => typeof id === 'string' && id !== '');
  // An entry whose request is no longer waiting (decided in AppSheet) is cleared by its offer's refresh.
  const fromEntries = (await db.collection(WAITING_ENTRIES).select('offerId').get()).docs.map((doc) => String(doc.get('offerId')));
  return [...new Set([...fromRequests, ...fromEntries, ...(await offersWithOffers(db))])];
}

/**
 * The sweep (every five minutes, and at the end of every sync): offers that ran out end, and
 * their places go to the next in line. SYNC_HOLD_CHANGE_MS: nobody waits for it.
 */
export async function sweepWaitingLists(deps: Omit<WaitingListDeps, 'budgetMs'>, { all = false } = {}): Promise<WaitingEvent[]> {
  const offerIds = all ? await offersWithWaiting(deps.db) : await offersWithOffers(deps.db);
  return refreshWaitingLists({ ...deps, budgetMs: SYNC_HOLD_CHANGE_MS }, offerIds);
}
