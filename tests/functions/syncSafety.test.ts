/**
 * A sync never loses or reverts data: truncated answers hold deletions back for an admin, tables
 * settle independently before the lease is given back, runs stop starting work at their
 * deadline, newer data wins over an older copy of a row, and values outside the office's lists
 * are kept. Against the AppSheet demo server (with its faults) and the Firestore emulator.
 */
import { SYNCED_COLLECTIONS } from '@family-portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAppSheetClient, type AppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { runSync, type SyncDeps, type SyncRequest } from '../../functions/src/wiring/syncRuns';

import { updateContactData } from '../../functions/src/members/memberWrites';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { startDemoServer, type DemoServer } from '../../tools/appsheet/server';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { APART_PROJECT_ID } from '../../tools/lib/stack';
import { atSource } from '../support/appSheet';

// The project apart (tools/lib/stack.ts): the sync runs here in the test, and beside the other files.
const { db } = emulatorAdmin(APART_PROJECT_ID);
let appSheet: DemoServer;
let client: AppSheetClient;

const full: SyncRequest = { syncType: 'full', triggeredBy: 'manual', triggeredByEmail: 'admin@example.com' };
const delta: SyncRequest = { syncType: 'delta', triggeredBy: 'scheduled' };
const sync = (request: SyncRequest, deps: Partial<SyncDeps> = {}) => runSync({ db, appSheet: client, ...deps }, request);
const countDocs = async (collection: string) => (await db.collection(collection).count().get()).data().count;
const paymentRows = () => appSheet.store.tables.Payments ?? [];

/** Takes rows away at the source and gives them back afterwards, as found. */
async function withoutPayments(count: number, work: (ids: string[]) => Promise<void>) {
  const ids = paymentRows().slice(-count).map((row) => String(row['Payment ID']));
  const rows = (await client.find('Payments')).filter((row) => ids.includes(String(row['Payment ID'])));
  await atSource(appSheet.url, 'Delete', 'Payments', ids.map((id) => ({ 'Payment ID': id })));
  try {
    await work(ids);
  } finally {
    await atSource(appSheet.url, 'Add', 'Payments', rows.map(({ _RowNumber, ...values }) => values));
  }
}

beforeAll(async () => {
  appSheet = await startDemoServer({ families: 10, seed: 23, today: '2026-11-21' });
  client = createAppSheetClient({ baseUrl: appSheet.url, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY, timeoutMs: 3000, attempts: 2, backoffMs: 20 });
});
afterAll(() => appSheet.close());
beforeEach(async () => {
  await fetch(`${appSheet.url}/__demo/faults`, { method: 'DELETE' });
  await clearFirestore(APART_PROJECT_ID);
  expect((await sync(full)).status).toBe('success');
});

describe('the mass-deletion guard', () => {
  it('a truncated answer (1 row of many) deletes nothing and reports the held-back deletions as a warning', async () => {
    const payments = await countDocs('payments');
    expect(payments).toBeGreaterThan(100);
    appSheet.setFault('Payments', 'partial', undefined, 1);
    const log = await sync(full);
    expect(log.status).toBe('warning');
    expect(log.error).toBeNull();
    expect(log.tables.payments).toMatchObject({ deleted: 0, heldBack: payments - 1 });
    expect(log.heldBackDeletions).toEqual([
      { table: 'payments', count: payments - 1, reason: expect.stringMatching(/deletions held back: more than \d+ of \d+ documents of Payments at once/) },
    ]);
    expect(await countDocs('payments')).toBe(payments);
  });

  it('an empty answer deletes nothing, even of a small table', async () => {
    const quarters = await countDocs('quarters');
    appSheet.setFault('Quarters', 'empty');
    const log = await sync(full);
    expect(log.status).toBe('warning');
    expect(log.heldBackDeletions[0]).toMatchObject({ table: 'quarters', count: quarters, reason: expect.stringContaining('no rows') });
    expect(await countDocs('quarters')).toBe(quarters);
  });

  it('deletes a few rows the office removed, up to max(20, 5 %) in one run', async () => {
    const payments = await countDocs('payments');
    await withoutPayments(3, async (ids) => {
      const log = await sync(full);
      expect(log.status).toBe('success');
      expect(log.tables.payments.deleted).toBe(3);
      expect(await countDocs('payments')).toBe(payments - 3);
      for (const id of ids) expect((await db.doc(`payments/${id}`).get()).exists).toBe(false);
    });
  });

  it('holds back more, applies them when an admin confirms the table and the count, and not for another count', async () => {
    const payments = await countDocs('payments');
    const tooMany = Math.max(20, Math.floor(payments * 0.05)) + 1;
    await withoutPayments(tooMany, async () => {
      const held = await sync(full);
      expect(held.heldBackDeletions).toEqual([expect.objectContaining({ table: 'payments', count: tooMany })]);
      expect(await countDocs('payments')).toBe(payments);

      const wrongCount = await sync({ ...full, confirmDeletions: { table: 'payments', count: tooMany - 1 } });
      expect(wrongCount.heldBackDeletions[0]?.reason).toContain(`${tooMany - 1} were confirmed; the number has changed`);
      expect(await countDocs('payments')).toBe(payments);

      const applied = await sync({ ...full, confirmDeletions: { table: 'payments', count: tooMany } });
      expect(applied.status).toBe('success');
      expect(applied.tables.payments.deleted).toBe(tooMany);
      expect(await countDocs('payments')).toBe(payments - tooMany);
    });
  });
});

describe('tables settle independently', () => {
  it('a table that throws is its own error; the others finish before the run ends and the lease is given back', async () => {
    appSheet.setFault('Payments', 'slow', 1);
    const written = await countDocs('payments');
    await db.collection('payments').doc(String(paymentRows()[0]?.['Payment ID'])).update({ _hash: 'stale' });
    const throwing: AppSheetClient = {
      ...client,
      async find(table, selector) {
        if (table === 'Quarters') return null as never; // a broken answer that makes mapping throw
        return client.find(table, selector);
      },
    };
    const log = await sync(full, { appSheet: throwing });
    expect(log.status).toBe('error');
    expect(log.error).toMatch(/^quarters: stopped: /);
    // The slow table had finished (and written its one change) when the run ended.
    expect(log.tables.payments).toMatchObject({ synced: written, written: 1, errors: 0 });
    expect((await db.doc('sync_metadata/lease').get()).exists).toBe(false);
    expect((await db.doc(`sync_logs/${log.syncId}`).get()).get('status')).toBe('error');
    for (const table of SYNCED_COLLECTIONS.filter((name) => name !== 'quarters')) expect(log.tables[table].errors, table).toBe(0);
  });

  it('stops starting tables at its deadline, ends as an error that says so, and gives the lease back', async () => {
    const log = await sync(full, { timeBudgetMs: 0 });
    expect(log.status).toBe('error');
    for (const table of SYNCED_COLLECTIONS) expect(log.error).toContain(`${table}: not started: the sync reached its time limit`);
    expect((await db.doc('sync_metadata/lease').get()).exists).toBe(false);
    expect((await db.doc(`sync_logs/${log.syncId}`).get()).get('status')).toBe('error');
  });

  it('gives back only its own lease: a run whose lease another run took over leaves that one alone', async () => {
    const takeOver: AppSheetClient = {
      ...client,
      async find(table, selector) {
        if (table === 'Teachers') {
          await db.doc('sync_metadata/lease').set({ syncId: 'newer-run', syncType: 'full', triggeredBy: 'manual', acquiredAt: new Date().toISOString(), expiresAt: new Date(Date.now() + 60_000).toISOString() });
        }
        return client.find(table, selector);
      },
    };
    await sync(delta, { appSheet: takeOver });
    expect((await db.doc('sync_metadata/lease').get()).get('syncId')).toBe('newer-run');
    await db.doc('sync_metadata/lease').delete();
  });
});

describe('newer data wins', () => {
  it("an edit written back while a full sync was fetching survives the sync's older copy of the row", async () => {
    // The office changes the address; the sync fetches that row; then the parent saves a phone.
    await client.edit('Members', [{ 'Member ID': 'M0003', Address: 'Bürogasse 1, 10115 Berlin' }]);
    appSheet.setFault('Members', 'slow', 1);
    const racing: AppSheetClient = {
      ...client,
      async find(table, selector) {
        const rows = await client.find(table, selector);
        if (table === 'Members') {
          const member = await db.doc('members/M0003').get();
          await updateContactData(client, member, { phone: '+49 30 9999999' });
        }
        return rows;
      },
    };
    const log = await sync(full, { appSheet: racing });
    expect(log.status).toBe('success');
    expect(log.tables.members.olderSkipped).toBe(1);
    expect((await db.doc('members/M0003').get()).data()).toMatchObject({ phone: '+49 30 9999999', address: 'Bürogasse 1, 10115 Berlin' });

    // And the next sync, with AppSheet's current row, changes nothing.
    const next = await sync(full);
    expect(next.tables.members.written).toBe(0);
    expect((await db.doc('members/M0003').get()).get('phone')).toBe('+49 30 9999999');
  });

  it('a delta never replaces a document with an older row either', async () => {
    // As a write-back would leave it: content from a row AppSheet stamped later than any sync read.
    await db.doc('members/M0004').update({ _lastChanged: new Date(Date.now() + 3_600_000).toISOString(), address: 'Neuer als AppSheet', _hash: 'x' });
    await client.edit('Members', [{ 'Member ID': 'M0004', Phone: '+49 1' }]);
    const log = await sync(delta);
    // The row's Last Changed (now) is older than the stored one (an hour ahead).
    expect(log.tables.members.olderSkipped).toBe(1);
    expect((await db.doc('members/M0004').get()).get('address')).toBe('Neuer als AppSheet');
  });
});

describe('values outside the office\'s lists', () => {
  it('keeps the row, stores the value as typed and reports it as a warning with key and value', async () => {
    const paymentId = String(paymentRows()[2]?.['Payment ID']);
    await client.edit('Members', [{ 'Member ID': 'M0005', Status: ' Ausgetreten ' }]);
    await client.edit('Payments', [{ 'Payment ID': paymentId, 'Payment Type': 'PayPal' }]);
    const log = await sync(delta);
    expect(log.status).toBe('warning');
    expect(log.rowWarnings).toEqual(
      expect.arrayContaining([
        { table: 'members', key: 'M0005', reason: 'column "Status": "Ausgetreten" is not one of Aktiv, Inaktiv; kept as typed' },
        { table: 'payments', key: paymentId, reason: expect.stringContaining('"PayPal" is not one of Bar, Überweisung, Karte, Sonstiges') },
      ]),
    );
    expect((await db.doc('members/M0005').get()).get('status')).toBe('Ausgetreten');
    expect((await db.doc(`payments/${paymentId}`).get()).get('type')).toBe('PayPal');
    // The family of a member in another status still has access.
    const email = (await db.doc('members/M0005').get()).get('primaryEmail') as string;
    expect((await db.doc(`member_emails/${email}`).get()).get('memberId')).toBe('M0005');
  });
});
