/**
 * What follows the Closed Days table in a run, once every table has settled: the quarters'
 * calendars follow the closed days (family/schoolCalendar.ts). A school whose app has no Closed
 * Days table (absent, tableSync.ts) closes on no day. The office sees a closed day that closes
 * nothing after a full sync and after a run that wrote closed days, not every hour. A failure is
 * the Closed Days table's error; nothing else is undone.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { updateSchoolCalendars } from '../family/schoolCalendar';
import type { SyncType } from './syncLog';
import type { TableSyncResult } from './tableSync';

export async function settleCalendar(db: Firestore, syncType: SyncType, results: TableSyncResult[], today: string): Promise<void> {
  const closedDays = results.find((result) => result.table === 'closedDays');
  if (!closedDays) return;
  try {
    const run = await updateSchoolCalendars(db, today, { withoutClosedDays: closedDays.absent === true });
    if (syncType !== 'full' && closedDays.writtenIds.length === 0) return;
    closedDays.rowWarnings.push(...run.warnings);
    closedDays.counts.warnings += run.warnings.length;
  } catch (error) {
    closedDays.problem ??= `building the quarters' closed days failed: ${(error as Error).message}`;
  }
}
