/**
 * Sync semantics against the AppSheet demo server and the Firestore emulator: delta syncs and
 * their watermark, writes = changes, deletions, faults, retries and the one-at-a-time lease.
 */
import { SYNCED_COLLECTIONS } from '@family-portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { createAppSheetClient, type AppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { DELTA_OVERLAP_MS, runSync, type SyncRequest } from '../../functions/src/wiring/syncRuns';
import { SyncConflictError } from '../../functions/src/sync/run/lease';
import { emptyCounts } from '../../functions/src/sync/run/syncLog';

import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { startDemoServer, type DemoServer } from '../../tools/appsheet/server';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { APART_PROJECT_ID } from '../../tools/lib/stack';

// The project apart (tools/lib/stack.ts): the sync runs here in the test, and beside the other files.
const { db } = emulatorAdmin(APART_PROJECT_ID);
let appSheet: DemoServer;
let client: AppSheetClient;

const full: SyncRequest = { syncType: 'full', triggeredBy: 'manual', triggeredByEmail: 'admin@example.com' };
const delta: SyncRequest = { syncType: 'delta', triggeredBy: 'scheduled' };
const sync = (request: SyncRequest, appSheetClient = client, now?: () => Date) => runSync({ db, appSheet: appSheetClient, now }, request);
const written = (log: { tables: Record<string, { written: number }> }) => SYNCED_COLLECTIONS.reduce((sum, t) => sum + (log.tables[t]?.written ?? 0), 0);
const countDocs = async (collection: string) => (await db.collection(collection).count().get()).data().count;
const lastSync = async () => (await db.doc('sync_metadata/last_sync').get()).data() ?? {};
const payments = () => appSheet.store.tables.Payments ?? [];

async function deleteAtSource(table: string, keyColumn: string, key: string) {
  const response = await fetch(`${appSheet.url}/api/v2/apps/${DEMO_APP_ID}/tables/${table}/Action`, {
    method: 'POST',
    headers: { ApplicationAccessKey: DEMO_ACCESS_KEY },
    body: JSON.stringify({ Action: 'Delete', Properties: {}, Rows: [{ [keyColumn]: key }] }),
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  appSheet = await startDemoServer({ families: 10, seed: 11, today: '2026-11-21' });
  // Patient enough for a machine shared with other test lanes: a table that answers late is not
  // a fault here. The hanging-table test gives only that table a short timeout.
  client = createAppSheetClient({ baseUrl: appSheet.url, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY, timeoutMs: 10_000, attempts: 2, backoffMs: 20 });
});
afterAll(() => appSheet.close());
beforeEach(async () => {
  await clearFirestore(APART_PROJECT_ID);
  for (const table of Object.keys(appSheet.store.tables)) appSheet.setFault(table, null);
  await sync(full);
});

describe('delta sync', () => {
  it('writes exactly the k rows that changed, reading from the last successful sync minus the overlap', async () => {
    const { lastSuccessfulSyncAt } = await lastSync();
    await client.edit('Members', [{ 'Member ID': 'M0004', Phone: '+49 30 1111' }]);
    await client.edit('Payments', [{ 'Payment ID': payments()[5]?.['Payment ID'] as string, Comment: 'Korrektur' }]);
    await client.edit('Plans', [{ 'Plan ID': 'PL000003', Paid: '99,50' }]);

    const log = await sync(delta);
    expect(log.status).toBe('success');
    expect(log.deltaSince).toBe(new Date(Date.parse(lastSuccessfulSyncAt) - DELTA_OVERLAP_MS).toISOString());
    expect(written(log)).toBe(3);
    expect(log.tables.members.written).toBe(1);
    expect(log.tables.payments.written).toBe(1);
    expect(log.tables.plans.written).toBe(1);
    expect((await db.doc('plans/PL000003').get()).get('paid')).toBe(99.5);
    expect((await lastSync()).lastSuccessfulDeltaSyncAt).toBe(log.startedAt);
  });

  it("keeps a course whose messaging-group link is a typing slip: the link stored empty, the office told", async () => {
    const row = appSheet.store.tables.Lessons?.find((lesson) => lesson['WhatsApp Group']) ?? {};
    const lessonId = row['Lesson ID'] as string;
    const before = (await db.doc(`lessons/${lessonId}`).get()).data();
    await client.edit('Lessons', [{ 'Lesson ID': lessonId, 'WhatsApp Group': 'chat.whatsapp.com/Gruppe 4b' }]);
    // The demo server's rows outlive the test: the next tests expect clean syncs.
    onTestFinished(() => client.edit('Lessons', [{ 'Lesson ID': lessonId, 'WhatsApp Group': String(row['WhatsApp Group']) }]).then(() => undefined));

    const log = await sync(delta);
    expect(log.status).toBe('warning');
    expect(log.tables.lessons).toMatchObject({ written: 1, errors: 0, warnings: 1 });
    expect(log.rowWarnings).toEqual([
      { table: 'lessons', key: lessonId, reason: 'column "WhatsApp Group": not a web address: "chat.whatsapp.com/Gruppe 4b"; stored empty' },
    ]);
    expect(before?.whatsappGroup).toMatch(/^https:\/\//);
    // The course itself is all there: only the link is empty (the _ fields are the sync's own).
    const after = (await db.doc(`lessons/${lessonId}`).get()).data() ?? {};
    const course = (doc: Record<string, unknown>) => Object.fromEntries(Object.entries(doc).filter(([field]) => !field.startsWith('_')));
    expect(course(after)).toEqual({ ...course(before ?? {}), whatsappGroup: null });
  });

  it('writes nothing when nothing changed', async () => {
    const log = await sync(delta);
    expect(log.status).toBe('success');
    expect(written(log)).toBe(0);
  });

  it('picks up a row changed while the previous sync ran', async () => {
    const paymentId = payments()[7]?.['Payment ID'] as string;
    // The office saves a payment just after this sync has read the Payments table.
    const racing: AppSheetClient = {
      ...client,
      async find(table, selector) {
        const rows = await client.find(table, selector);
        if (table === 'Payments') await client.edit('Payments', [{ 'Payment ID': paymentId, Comment: 'während der Sync geändert' }]);
        return rows;
      },
    };
    const during = await sync(delta, racing);
    expect(during.status).toBe('success');
    expect((await db.doc(`payments/${paymentId}`).get()).get('comment')).not.toBe('während der Sync geändert');

    const next = await sync(delta);
    expect(next.tables.payments.written).toBe(1);
    expect((await db.doc(`payments/${paymentId}`).get()).get('comment')).toBe('während der Sync geändert');
  });

  it('keeps its watermark when it fails, so the next delta still reads what it missed', async () => {
    const before = (await lastSync()).lastSuccessfulSyncAt;
    await client.edit('Members', [{ 'Member ID': 'M0002', Address: 'Neue Straße 1, 10115 Berlin' }]);
    appSheet.setFault('Members', 'error');
    const failed = await sync(delta);
    expect(failed.status).toBe('error');
    expect(failed.error).toMatch(/members: AppSheet Find on Members: HTTP 500 .*\(after 2 attempts\)/);
    expect((await lastSync()).lastSuccessfulSyncAt).toBe(before);
    expect((await lastSync()).lastSyncStatus).toBe('error');
    // What parents see ("as of …") stays at the last success, and holds nothing else.
    expect((await db.doc('sync_metadata/public').get()).data()).toEqual({ lastSuccessfulSyncAt: before });

    appSheet.setFault('Members', null);
    const next = await sync(delta);
    expect(next.status).toBe('success');
    expect(next.tables.members.written).toBe(1);
    expect((await db.doc('members/M0002').get()).get('address')).toBe('Neue Straße 1, 10115 Berlin');
    expect((await db.doc('sync_metadata/public').get()).data()).toEqual({ lastSuccessfulSyncAt: next.startedAt });
  });
});

describe('a row deleted at the source', () => {
  it('stays after a delta sync and is deleted by the next full sync', async () => {
    const paymentId = payments()[0]?.['Payment ID'] as string;
    await deleteAtSource('Payments', 'Payment ID', paymentId);
    const deltaLog = await sync(delta);
    expect(deltaLog.tables.payments.deleted).toBe(0);
    expect((await db.doc(`payments/${paymentId}`).get()).exists).toBe(true);

    const fullLog = await sync(full);
    expect(fullLog.tables.payments.deleted).toBe(1);
    expect((await db.doc(`payments/${paymentId}`).get()).exists).toBe(false);
  });
});

describe('faults', () => {
  it('retries a table that failed once and then syncs it', async () => {
    appSheet.setFault('Quarters', 'error', 1);
    const log = await sync(full);
    expect(log.status).toBe('success');
    expect(log.tables.quarters.errors).toBe(0);
  });

  it('gives up on a table that hangs, after bounded attempts, and deletes nothing of it', async () => {
    const lessons = await countDocs('lessons');
    appSheet.setFault('Lessons', 'hang');
    const hasty = createAppSheetClient({ baseUrl: appSheet.url, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY, timeoutMs: 400, attempts: 2, backoffMs: 20 });
    const log = await sync(full, { ...client, find: (table, selector) => (table === 'Lessons' ? hasty : client).find(table, selector) });
    expect(log.status).toBe('error');
    expect(log.error).toMatch(/lessons: AppSheet Find on Lessons: timed out after 400 ms \(after 2 attempts\)/);
    expect(log.tables.lessons).toEqual({ ...emptyCounts(), errors: 1 });
    expect(await countDocs('lessons')).toBe(lessons);
    expect(log.tables.members.errors).toBe(0);
  });

  it('writes the log as running first, then finished', async () => {
    let seen: unknown;
    const peeking: AppSheetClient = {
      ...client,
      async find(table, selector) {
        if (table === 'Teachers') seen = (await db.collection('sync_logs').where('status', '==', 'running').get()).docs[0]?.data();
        return client.find(table, selector);
      },
    };
    const log = await sync(full, peeking);
    expect(seen).toMatchObject({ syncId: log.syncId, status: 'running', syncType: 'full', duration: null });
    expect((await db.doc(`sync_logs/${log.syncId}`).get()).get('status')).toBe('success');
  });
});

describe('one sync at a time', () => {
  it('refuses a second sync while one runs', async () => {
    appSheet.setFault('Members', 'slow', 1);
    const patient = createAppSheetClient({ baseUrl: appSheet.url, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY });
    const running = sync(full, patient);
    while (!(await db.doc('sync_metadata/lease').get()).exists) await new Promise((resolve) => setTimeout(resolve, 20));
    const refused = await sync(delta).then(
      () => null,
      (error: Error) => error,
    );
    expect(refused).toBeInstanceOf(SyncConflictError);
    expect(refused?.message).toMatch(/A full sync \(started manually\) has been running since .*Try again when it has finished/);
    expect((await running).status).toBe('success');
    expect((await db.doc('sync_metadata/lease').get()).exists).toBe(false);
  });

  it('never lets two simultaneous triggers run at the same time', async () => {
    const results = await Promise.allSettled([sync(full), sync(delta), sync(full)]);
    const ran = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(SyncConflictError);
    }
    expect(ran.length).toBeGreaterThan(0);
    // A trigger that lost the race either was refused or ran after the winner had finished.
    const ordered = ran.sort((a, b) => a.startedAt.localeCompare(b.startedAt));
    for (let i = 1; i < ordered.length; i += 1) {
      expect(Date.parse(ordered[i]!.startedAt)).toBeGreaterThanOrEqual(Date.parse(ordered[i - 1]!.finishedAt!));
    }
  });

  it('counts a lease that does not read as one as expired, and runs', async () => {
    await db.doc('sync_metadata/lease').set({ syncId: 'hand-made', expiresAt: 'never' });
    const log = await sync(delta);
    expect(log.status).toBe('success');
    expect((await db.doc('sync_metadata/lease').get()).exists).toBe(false);
  });

  it('waits out the lease of a crashed run, then proceeds and marks that run as failed', async () => {
    const crashedAt = new Date();
    await db.doc('sync_logs/crashed-run').set({ syncId: 'crashed-run', status: 'running', startedAt: crashedAt.toISOString() });
    await db.doc('sync_metadata/lease').set({
      syncId: 'crashed-run',
      syncType: 'full',
      triggeredBy: 'scheduled',
      acquiredAt: crashedAt.toISOString(),
      expiresAt: new Date(crashedAt.getTime() + 35 * 60_000).toISOString(),
    });
    const logsBefore = await countDocs('sync_logs');
    await expect(sync(delta)).rejects.toThrow(SyncConflictError);
    expect(await countDocs('sync_logs')).toBe(logsBefore);

    const later = () => new Date(crashedAt.getTime() + 36 * 60_000);
    const log = await sync(delta, client, later);
    expect(log.status).toBe('success');
    expect((await db.doc('sync_logs/crashed-run').get()).data()).toMatchObject({
      status: 'error',
      error: 'The sync stopped before it finished (its lease expired).',
    });
  });
});
