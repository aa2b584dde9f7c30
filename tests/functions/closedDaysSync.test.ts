/**
 * The Closed Days table in the sync, against the AppSheet demo server and the Firestore emulator:
 * the rows are mirrored, each quarter not over gets its closed days in one document
 * (school_calendar), written only when it changed, following rows added, changed and removed in
 * AppSheet; a row naming an unknown lesson is the office's warning, one that ends before it
 * starts is refused; a mass deletion is held back; a school without the table syncs as before,
 * and a table that vanished from the app deletes nothing.
 */
import { schoolCalendarSchema } from '@family-portal/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppSheetClient, type AppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { runSyncReportingChanges, type SyncRequest } from '../../functions/src/wiring/syncRuns';
import { emptyCounts } from '../../functions/src/sync/run/syncLog';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { startDemoServer, type DemoServer } from '../../tools/appsheet/server';
import type { RawRow } from '../../tools/appsheet/store';
import { atSource } from '../support/appSheet';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';

const { db } = emulatorAdmin();
const TODAY = '2026-11-21';
const CURRENT = 'Q2026-4';
const NEXT = 'Q2027-1';
const TABLE = 'Closed Days';
let school: DemoServer;
let client: AppSheetClient;

const full: SyncRequest = { syncType: 'full', triggeredBy: 'manual' };
const delta: SyncRequest = { syncType: 'delta', triggeredBy: 'scheduled' };
const sync = (request: SyncRequest) => runSyncReportingChanges({ db, appSheet: client, today: TODAY }, request);
const rows = (table = TABLE) => school.store.tables[table] as RawRow[];
const ids = async (collection: string) => (await db.collection(collection).listDocuments()).map((ref) => ref.id).sort();
async function calendar(quarterId: string) {
  const snapshot = await db.doc(`school_calendar/${quarterId}`).get();
  return snapshot.exists ? { ...schoolCalendarSchema.parse(snapshot.data()), updateTime: snapshot.updateTime?.toMillis() } : null;
}
const named = async (quarterId: string) => (await calendar(quarterId))?.closedDays.map((day) => `${day.name} ${day.firstDay}–${day.lastDay}`);

async function startSchool(closedDays = true) {
  school = await startDemoServer({ families: 12, seed: 7, today: TODAY, closedDays });
  client = createAppSheetClient({ baseUrl: school.url, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY, attempts: 2, backoffMs: 20 });
}
beforeEach(() => clearFirestore());
afterEach(() => school.close());

describe('a school with closed days', () => {
  beforeEach(() => startSchool());

  it("mirrors the rows and gives each quarter not over its closed days in one document, rewritten only when they change", async () => {
    const { log } = await sync(full);
    expect(log.status).toBe('success');
    expect(log.rowWarnings).toEqual([]);
    expect(log.tables.closedDays).toEqual({ ...emptyCounts(), synced: rows().length, written: rows().length });
    expect(await ids('closedDays')).toEqual(rows().map((row) => String(row['Closed Day ID'])).sort());
    expect(await ids('school_calendar')).toEqual([CURRENT, NEXT]);
    expect(await named(CURRENT)).toEqual([
      'Tag der Deutschen Einheit 2026-10-03–2026-10-03',
      'Herbstferien 2026-10-19–2026-10-25',
      'Pädagogischer Tag 2026-11-12–2026-11-12',
      'Weihnachtsferien 2026-12-21–2027-01-03',
    ]);
    // The holidays across New Year belong to both quarters.
    expect(await named(NEXT)).toEqual(['Weihnachtsferien 2026-12-21–2027-01-03', 'Winterferien 2027-02-15–2027-02-21']);
    // The demo office counted its plans' and offers' weeks after the closed days: no warning.
    expect(log.rowWarnings).toEqual([]);

    const before = await calendar(CURRENT);
    await sync(full);
    await sync(delta);
    expect((await calendar(CURRENT))?.updateTime).toBe(before?.updateTime);
  });

  it('follows a closed day added, changed and removed in AppSheet, and warns of one naming a lesson the school does not have', async () => {
    await sync(full);
    await atSource(school.url, 'Add', TABLE, [{ 'Closed Day ID': 'CD-SNOW', From: '14.01.2027', Name: 'Schneefrei', 'Lesson ID': 'L999' }]);
    const added = await sync(delta);
    expect(added.log.tables.closedDays.written).toBe(1);
    expect(added.log.rowWarnings).toEqual([{ table: 'closedDays', key: 'CD-SNOW', reason: 'column "Lesson ID": no lesson "L999"; closes nothing' }]);
    expect(await named(NEXT)).toEqual(['Weihnachtsferien 2026-12-21–2027-01-03', 'Winterferien 2027-02-15–2027-02-21']);

    const lessonId = String(school.store.tables.Lessons?.[0]?.['Lesson ID']);
    await client.edit(TABLE, [{ 'Closed Day ID': 'CD-SNOW', 'Lesson ID': lessonId }]);
    const changed = await sync(delta);
    expect(changed.log.rowWarnings).toEqual([]);
    expect((await calendar(NEXT))?.closedDays.find((day) => day.id === 'CD-SNOW')).toEqual({
      id: 'CD-SNOW',
      firstDay: '2027-01-14',
      lastDay: '2027-01-14',
      name: 'Schneefrei',
      lessonId,
      roomHourId: null,
    });

    await atSource(school.url, 'Delete', TABLE, [{ 'Closed Day ID': 'CD-SNOW' }]);
    const removed = await sync(full);
    expect(removed.log.tables.closedDays.deleted).toBe(1);
    expect(await named(NEXT)).toEqual(['Weihnachtsferien 2026-12-21–2027-01-03', 'Winterferien 2027-02-15–2027-02-21']);
  });

  it('refuses a row that ends before it starts, with the reason, and keeps the rest', async () => {
    await atSource(school.url, 'Add', TABLE, [{ 'Closed Day ID': 'CD-BACKWARDS', From: '10.01.2027', To: '05.01.2027', Name: 'Winterpause' }]);
    const { log } = await sync(full);
    expect(log.rowErrors).toEqual([expect.objectContaining({ table: 'closedDays', key: 'CD-BACKWARDS', reason: expect.stringContaining('the closed days end before they start') })]);
    expect(await ids('closedDays')).not.toContain('CD-BACKWARDS');
    expect(JSON.stringify(await calendar(NEXT))).not.toContain('Winterpause');
    expect(await named(CURRENT)).toHaveLength(4);
  });

  it("warns the office of a plan and an offer whose weeks differ from their lesson dates after the closed days", async () => {
    await sync(full);
    const plan = (await db.collection('plans').where('quarterId', '==', CURRENT).limit(1).get()).docs[0]!;
    const offer = rows('Offers')[0]!;
    const offerWeeks = Number(offer.Weeks);
    const planWeeks = Number(plan.get('weeks'));
    await client.edit('Plans', [{ 'Plan ID': plan.id, Weeks: String(planWeeks + 1) }]);
    await client.edit('Offers', [{ 'Offer ID': String(offer['Offer ID']), Weeks: String(offerWeeks + 2) }]);
    const { log } = await sync(delta);
    expect(log.rowWarnings).toEqual([
      { table: 'plans', key: plan.id, reason: `column "Weeks" says ${planWeeks + 1}, but 2026 Q4 has ${planWeeks} lesson dates for it once the closed days are left out; families see the dates` },
      { table: 'offers', key: offer['Offer ID'], reason: expect.stringMatching(new RegExp(`^column "Weeks" says ${offerWeeks + 2}, but 2027 Q1 has ${offerWeeks} lesson dates`)) },
    ]);
    expect(log.tables.plans.warnings).toBe(1);
    // Set back as the office counts them: no warning.
    await client.edit('Plans', [{ 'Plan ID': plan.id, Weeks: String(planWeeks) }]);
    await client.edit('Offers', [{ 'Offer ID': String(offer['Offer ID']), Weeks: String(offerWeeks) }]);
    expect((await sync(delta)).log.rowWarnings).toEqual([]);
  });

  it('holds back the deletion of most of its rows, as for every table', async () => {
    const many = Array.from({ length: 30 }, (_, index) => ({ 'Closed Day ID': `CD-X${index}`, From: `${String(index + 1).padStart(2, '0')}.03.2027`, Name: 'Projekttag' }));
    await atSource(school.url, 'Add', TABLE, many);
    await sync(full);
    const stored = await ids('closedDays');
    await atSource(school.url, 'Delete', TABLE, rows().map((row) => ({ 'Closed Day ID': row['Closed Day ID'] })));
    const { log } = await sync(full);
    expect(log.heldBackDeletions).toEqual([expect.objectContaining({ table: 'closedDays', count: stored.length })]);
    expect(await ids('closedDays')).toEqual(stored);
  });

  it('deletes nothing when the table vanishes from the app, and closes on no day', async () => {
    await sync(full);
    const stored = await ids('closedDays');
    delete school.store.tables[TABLE];
    for (const request of [full, delta]) {
      const { log } = await sync(request);
      expect(log.status, request.syncType).toBe('success');
      expect(log.tables.closedDays).toEqual(emptyCounts());
      expect(await ids('closedDays')).toEqual(stored);
      expect(await ids('school_calendar')).toEqual([]);
    }
  });
});

describe('a school without the Closed Days table', () => {
  beforeEach(() => startSchool(false));

  it('syncs with no error and no warning, and has no closed day', async () => {
    for (const request of [full, delta]) {
      const { log } = await sync(request);
      expect(log.status, request.syncType).toBe('success');
      expect(log.rowWarnings).toEqual([]);
      expect(log.tables.closedDays).toEqual(emptyCounts());
    }
    expect(await ids('closedDays')).toEqual([]);
    expect(await ids('school_calendar')).toEqual([]);
  });
});
