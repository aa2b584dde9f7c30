/**
 * What a sync run does for booking once its tables have settled (given to the run as its places
 * step, sync/run/bookingSteps.ts): the places follow the requests' status as AppSheet has it (the
 * office decides there too), and places kept for requests whose AppSheet answer was lost are
 * looked up and freed when AppSheet never got them. A failure is the requests table's problem;
 * nothing else is undone.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import type { BookingSyncDeps, PlacesStep } from '../sync/run/bookingSteps';
import type { SyncType } from '../sync/run/syncLog';
import type { TableSyncResult } from '../sync/run/tableSync';
import { reconcileHolds } from './reconcileHolds';
import { freeUnheardHolds } from './unheardHolds';
import { sweepWaitingLists, type WaitingListDeps } from './waitingList';
import { waitingListConfig } from './waitingSettings';

/**
 * The places step, with the waiting list's settings: after the places follow the requests, every
 * offer with a waiting list is brought up to date (waitingList.ts): places freed in AppSheet (a
 * decline, a withdrawal, places raised) or by a returned uncertain hold go to the next in line.
 */
export const settlePlacesWith =
  (waiting: (db: Firestore) => Pick<WaitingListDeps, 'offerHoldMs' | 'offerMails'>): PlacesStep =>
  async (db, syncType, requests, booking) => {
    await updateHolds(db, syncType, requests);
    await freeUnheard(db, requests, booking);
    try {
      await sweepWaitingLists({ db, ...waiting(db) }, { all: true });
    } catch (error) {
      requests.problem ??= `bringing the waiting lists up to date failed: ${(error as Error).message}`;
    }
  };

export const settlePlaces: PlacesStep = settlePlacesWith(waitingListConfig);

/**
 * Every holder after a full sync whose requests table synced; else those of the requests written.
 * Requests beyond a time's places are the office's warnings, in the order they reached AppSheet.
 */
async function updateHolds(db: Firestore, syncType: SyncType, requests: TableSyncResult): Promise<void> {
  try {
    const overbooked = await reconcileHolds(db, syncType === 'full' && !requests.problem ? 'all' : requests.writtenIds);
    const warnings = overbooked.map(({ offerId, requestId }) => ({
      table: 'bookingRequests' as const,
      key: requestId,
      reason: `more requests than places at a time of offer ${offerId}: this later one cannot be confirmed until a place is freed (decline it or another)`,
    }));
    requests.rowWarnings.push(...warnings);
    requests.counts.warnings += warnings.length;
  } catch (error) {
    requests.problem ??= `bringing the places in line with the requests failed: ${(error as Error).message}`;
  }
}

/**
 * Every run, delta or full: places kept for requests whose AppSheet answer was lost, once the
 * hold is old enough, are given back when AppSheet has no row. Nothing for the office to do: the
 * log keeps how many.
 */
async function freeUnheard(db: Firestore, requests: TableSyncResult, booking: BookingSyncDeps) {
  try {
    const { freed, landed } = await freeUnheardHolds(db, booking.appSheet, { uncertainHoldMs: booking.uncertainHoldMs });
    if (freed.length + landed.length > 0) logger.info('booking requests whose answer was lost, looked up in AppSheet', { freed: freed.length, landed: landed.length });
  } catch (error) {
    requests.problem ??= `looking up requests whose AppSheet answer was lost failed: ${(error as Error).message}`;
  }
}
