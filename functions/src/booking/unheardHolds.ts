/**
 * Places kept for requests AppSheet may or may not have: one whose Add answer was lost
 * (uncertain: the parent was told its places are kept until the next sync says) and one whose
 * function died while writing it. After every sync, those old enough (holders.ts isUnheard) are
 * looked up by key in AppSheet: a row there holds its places as its mirror says (reconcileHolds;
 * one not mirrored yet waits for the sync that brings it); no row gives the places back. So a lost
 * answer keeps a place until the first hourly sync after the hold is old enough, not until the
 * nightly full sync.
 */
import { APPSHEET_TABLES, holdsPlaces, REQUEST_STATUS_WORDS } from '@family-portal/contract';
import { chunk } from 'es-toolkit/array';
import type { Firestore } from 'firebase-admin/firestore';
import type { AppSheetClient } from '../sync/appsheet/appsheetClient';
import { filter, keyIn } from '../sync/appsheet/selector';
import { changeHolders, SYNC_HOLD_CHANGE_MS } from './changeHolders';
import { BOOKING_HOLDS, isUnheard, readHolders, type Holder } from './holders';
import { reconcileHolds } from './reconcileHolds';

/**
 * How old an uncertain hold is before the sync looks it up: long after the row, had AppSheet
 * taken it, would have landed (each write gives up after 2 × 15 s). BOOKING_UNCERTAIN_HOLD_MINUTES
 * in the functions' .env sets another age (config.ts).
 */
export const UNCERTAIN_HOLD_MS = 5 * 60_000;
/** Request keys per Find: the Selector names each one. */
const KEYS_PER_FIND = 50;

const requests = APPSHEET_TABLES.bookingRequests;

export interface UnheardHolds {
  /** Requests AppSheet does not have: their places are free again. */
  freed: string[];
  /** Requests AppSheet has: they keep their places. */
  landed: string[];
}

export async function freeUnheardHolds(db: Firestore, appSheet: AppSheetClient, { uncertainHoldMs = UNCERTAIN_HOLD_MS, now = new Date() } = {}): Promise<UnheardHolds> {
  // Only the offers with a request being written or unheard: usually none.
  const docs = (await db.collection(BOOKING_HOLDS).where('reserving', '==', true).get()).docs;
  const unheard = new Map<string, Array<[string, Holder]>>();
  for (const doc of docs) {
    const old = Object.entries(readHolders(doc)).filter(([, holder]) => isUnheard(holder, now, uncertainHoldMs));
    if (old.length > 0) unheard.set(doc.id, old);
  }
  const ids = [...unheard.values()].flat().map(([id]) => id);
  if (ids.length === 0) return { freed: [], landed: [] };

  const statusIn = new Map<string, unknown>();
  for (const keys of chunk(ids, KEYS_PER_FIND)) {
    const rows = await appSheet.find(requests.appSheetTable, filter(requests.appSheetTable, keyIn(requests.keyColumn, keys)));
    for (const row of rows) statusIn.set(String(row[requests.keyColumn] ?? '').trim(), row[requests.columns.status.column]);
  }
  // A waiting family taking its place edits a row that was there before: only its new status says the edit landed.
  const landedAs = ([id, holder]: [string, Holder]) => statusIn.has(id) && (!holder.taking || holdsPlaces(REQUEST_STATUS_WORDS[String(statusIn.get(id)).trim() as keyof typeof REQUEST_STATUS_WORDS]));
  const freed: string[] = [];
  const landed: string[] = [];
  for (const [offerId, holders] of unheard) {
    const gone = holders.filter((entry) => !landedAs(entry));
    landed.push(...holders.filter(landedAs).map(([id]) => id));
    if (gone.length > 0) freed.push(...(await freeHolders(db, offerId, gone)));
  }
  if (landed.length > 0) await reconcileHolds(db, landed);
  return { freed, landed };
}

/** Drops these holders in one change, each only while it is the one that was looked up (not asked again since). */
async function freeHolders(db: Firestore, offerId: string, gone: Array<[string, Holder]>): Promise<string[]> {
  return changeHolders(
    db,
    offerId,
    ({ holds, holders }) => {
      const freed = gone
        .filter(([id, seen]) => {
          const current = holders[id];
          return current?.state === 'reserving' && current.since === seen.since;
        })
        .map(([id]) => id);
      const quarterId = holds.get('quarterId') as string | undefined;
      if (freed.length === 0 || !quarterId) return { result: [] };
      for (const id of freed) delete holders[id];
      return { result: freed, write: { quarterId, holders } };
    },
    SYNC_HOLD_CHANGE_MS,
  );
}
