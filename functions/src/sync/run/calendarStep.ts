/**
 * What follows the Closed Days table in a run, once every table has settled: the quarters'
 * calendars follow the closed days (family/schoolCalendar.ts), and the plans and offers of the
 * quarters not over are checked against them (family/weeksCheck.ts). A school whose app has no
 * Closed Days table (absent, tableSync.ts) closes on no day. The office sees a warning after a
 * full sync and after a run that wrote what it depends on, not every hour. A failure is the
 * Closed Days table's error; nothing else is undone.
 */
import { chunk } from 'es-toolkit/array';
import { OFFER_CATALOGUE, offerCatalogueSchema, type SyncedCollection } from '@family-portal/contract';
import type { Firestore } from 'firebase-admin/firestore';
import { storedClosedDays, updateSchoolCalendars } from '../family/schoolCalendar';
import { weeksWarnings, type CountedCourse } from '../family/weeksCheck';
import type { SyncType } from './syncLog';
import type { TableSyncResult } from './tableSync';

/** What a plan's or an offer's lesson dates depend on. */
const DATES_DEPEND_ON: readonly SyncedCollection[] = ['closedDays', 'quarters', 'roomHours', 'plans', 'offers', 'lessons'];
/** Firestore's limit of values in an `in` filter. */
const IN_VALUES = 30;

export async function settleCalendar(db: Firestore, syncType: SyncType, results: TableSyncResult[], today: string): Promise<void> {
  const table = (name: SyncedCollection) => results.find((result) => result.table === name);
  const closedDays = table('closedDays');
  if (!closedDays) return;
  try {
    const run = await updateSchoolCalendars(db, today, { withoutClosedDays: closedDays.absent === true });
    const changed = DATES_DEPEND_ON.some((name) => (table(name)?.writtenIds.length ?? 0) > 0 || (table(name)?.counts.deleted ?? 0) > 0);
    if (syncType !== 'full' && !changed) return;
    closedDays.rowWarnings.push(...run.warnings);
    closedDays.counts.warnings += run.warnings.length;
    if (closedDays.absent) return;
    for (const warning of await checkWeeks(db, today)) {
      const result = table(warning.table);
      result?.rowWarnings.push(warning);
      if (result) result.counts.warnings += 1;
    }
  } catch (error) {
    closedDays.problem ??= `building the quarters' closed days failed: ${(error as Error).message}`;
  }
}

/** The plans and offers of the quarters not over whose weeks differ from their lesson dates. */
async function checkWeeks(db: Firestore, today: string) {
  const [quarters, roomHours, catalogues, closedDays] = await Promise.all([
    db.collection('quarters').select('name', 'firstDay', 'lastDay').get(),
    db.collection('roomHours').select('dayOfWeek').get(),
    db.collection(OFFER_CATALOGUE).get(),
    storedClosedDays(db),
  ]);
  const notOver = new Map(
    quarters.docs
      .map((doc) => ({ id: doc.id, name: String(doc.get('name') ?? ''), firstDay: String(doc.get('firstDay') ?? ''), lastDay: String(doc.get('lastDay') ?? '') }))
      .filter((quarter) => quarter.lastDay >= today)
      .map((quarter) => [quarter.id, quarter]),
  );
  const dayOf = new Map(roomHours.docs.map((doc) => [doc.id, String(doc.get('dayOfWeek') ?? '')]));
  const plans = await Promise.all(
    chunk([...notOver.keys()], IN_VALUES).map((ids) => db.collection('plans').where('quarterId', 'in', ids).select('quarterId', 'lessonId', 'roomHourIds', 'weeks').get()),
  );
  const courses: CountedCourse[] = plans.flatMap((snapshot) =>
    snapshot.docs.map((doc) => ({
      table: 'plans' as const,
      key: doc.id,
      quarterId: String(doc.get('quarterId')),
      lessonId: String(doc.get('lessonId')),
      weeks: Number(doc.get('weeks')),
      roomHours: ((doc.get('roomHourIds') as unknown[] | undefined) ?? []).map(String).map((id) => ({ id, dayOfWeek: dayOf.get(id) ?? '' })),
    })),
  );
  for (const doc of catalogues.docs) {
    const catalogue = offerCatalogueSchema.safeParse(doc.data());
    if (!catalogue.success) continue;
    for (const offer of catalogue.data.offers) {
      courses.push({ table: 'offers', key: offer.offerId, quarterId: catalogue.data.quarter.id, lessonId: offer.lessonId, weeks: offer.weeks, roomHours: offer.roomHours });
    }
  }
  return weeksWarnings(courses, notOver, closedDays);
}
