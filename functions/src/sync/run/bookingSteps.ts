/**
 * What follows the booking tables in a run, once every table has settled: the requests of
 * children that moved to another family go with them, the offer catalogues follow the offers and
 * what they show, and the places follow the requests' status as AppSheet has it (the office
 * decides there too); places kept for requests whose AppSheet answer was lost are looked up and
 * freed when AppSheet never got them. A school whose app has no booking tables (absent,
 * tableSync.ts) offers nothing and holds no places. A failure is the error of the table it
 * follows; nothing else is undone.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { reconcileHolds } from '../../booking/reconcileHolds';
import { freeUnheardHolds } from '../../booking/unheardHolds';
import type { AppSheetClient } from '../appsheet/appsheetClient';
import { updateOfferCatalogues } from '../family/offerCatalogue';
import { repairRequestOwners } from '../family/planOwners';
import type { SyncType } from './syncLog';
import type { TableSyncResult } from './tableSync';

/** What the places step needs beyond Firestore: AppSheet, to look unheard requests up, and how old their holds must be. */
export interface BookingSyncDeps {
  appSheet: AppSheetClient;
  uncertainHoldMs?: number;
}

export async function settleBooking(db: Firestore, syncType: SyncType, results: TableSyncResult[], syncedAt: string, today: string, booking: BookingSyncDeps): Promise<void> {
  const table = (name: string) => results.find((result) => result.table === name);
  const [children, offers, requests] = [table('children'), table('offers'), table('bookingRequests')];
  if (children && requests && !requests.absent && children.updatedIds.length > 0) await moveRequests(db, children, requests, syncedAt);
  if (offers) await updateCatalogues(db, syncType, offers, today);
  if (requests && !requests.absent) {
    await updateHolds(db, syncType, requests);
    await freeUnheard(db, requests, booking);
  }
}

/** A child that moved to another family takes its requests along, as its plans (planOwners.ts). */
async function moveRequests(db: Firestore, children: TableSyncResult, requests: TableSyncResult, syncedAt: string) {
  try {
    const repaired = await repairRequestOwners(db, children.updatedIds, syncedAt);
    requests.counts.written += repaired.written;
    if (repaired.failed > 0) requests.problem ??= `moving requests with their child failed: ${repaired.firstFailure}`;
  } catch (error) {
    requests.problem ??= `moving requests with their child failed: ${(error as Error).message}`;
  }
}

/**
 * The catalogues are rebuilt after every run from what Firestore holds and written only where
 * they changed. The office sees an offer left out after a full sync and after a run that
 * rewrote its quarter's catalogue, not every hour.
 */
async function updateCatalogues(db: Firestore, syncType: SyncType, offers: TableSyncResult, today: string) {
  try {
    const run = await updateOfferCatalogues(db, today, { withoutOffers: offers.absent === true });
    const rewritten = new Set(run.writtenQuarterIds);
    const warnings = run.warnings
      .filter((warning) => syncType === 'full' || rewritten.has(warning.quarterId))
      .map(({ table, key, reason }) => ({ table, key, reason }));
    offers.rowWarnings.push(...warnings);
    offers.counts.warnings += warnings.length;
  } catch (error) {
    offers.problem ??= `building the offer catalogue failed: ${(error as Error).message}`;
  }
}

/**
 * Every holder after a full sync whose requests table synced; else those of the requests written.
 * Requests beyond a time's places are the office's warnings, in the order they reached AppSheet.
 */
async function updateHolds(db: Firestore, syncType: SyncType, requests: TableSyncResult) {
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
