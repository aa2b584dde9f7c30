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

/**
 * The places follow the requests: the booking feature's step (booking/syncSteps.ts), given to
 * the run by whoever starts it (wiring/syncRuns.ts), since the sync imports no feature. It
 * records a failure as the requests table's problem and never throws.
 */
export type PlacesStep = (db: Firestore, syncType: SyncType, requests: TableSyncResult, booking: BookingSyncDeps) => Promise<void>;

export async function settleBooking(
  db: Firestore,
  syncType: SyncType,
  results: TableSyncResult[],
  syncedAt: string,
  today: string,
  booking: BookingSyncDeps & { places?: PlacesStep },
): Promise<void> {
  const table = (name: string) => results.find((result) => result.table === name);
  const [children, offers, requests] = [table('children'), table('offers'), table('bookingRequests')];
  if (children && requests && !requests.absent && children.updatedIds.length > 0) await moveRequests(db, children, requests, syncedAt);
  if (offers) await updateCatalogues(db, syncType, offers, today);
  if (requests && !requests.absent && booking.places) await booking.places(db, syncType, requests, booking);
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

