/**
 * The first full sync, end to end: the AppSheet demo server → the real sync code → the
 * Firestore emulator, checked document by document against the demo store's raw values.
 */
import { APPSHEET_TABLES, SYNCED_COLLECTIONS, type SyncedCollection } from '@family-portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { syncAppSheetPauseMs } from '../../functions/src/lib/appSheetWaits';
import { createAppSheetClient, type AppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { runFullSync } from '../../functions/src/wiring/syncRuns';
import { emptyCounts } from '../../functions/src/sync/run/syncLog';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { startDemoServer, type DemoServer } from '../../tools/appsheet/server';
import type { RawRow } from '../../tools/appsheet/store';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { stackSettings } from '../support/stackSettings';

const { db } = emulatorAdmin();
let appSheet: DemoServer;
let client: AppSheetClient;

const sync = () => runFullSync({ db, appSheet: client }, { triggeredBy: 'manual', triggeredByEmail: 'admin@example.com' });
const rowsOf = (table: SyncedCollection) => appSheet.store.tables[APPSHEET_TABLES[table].appSheetTable] as RawRow[];
const countDocs = async (collection: string) => (await db.collection(collection).count().get()).data().count;

// What the office types, and what the portal stores; written out here rather than taken from
// the contract so that a wrong mapping in the contract fails this test.
const ENUM_VALUES: Record<string, string> = {
  Aktiv: 'active',
  Inaktiv: 'inactive',
  Erstattet: 'returned',
  Geplant: 'planned',
  Abgeschlossen: 'closed',
  Überweisung: 'bank',
  Bar: 'cash',
  Karte: 'card',
  Sonstiges: 'other',
  Eingang: 'IN',
  Ausgang: 'OUT',
  Angefragt: 'requested',
  Bestätigt: 'confirmed',
  Abgelehnt: 'declined',
  Zurückgezogen: 'withdrawn',
  Warteliste: 'waiting',
  Angekündigt: 'announced',
  Eingereicht: 'filed',
  Zurückgegeben: 'returned',
  Ausgesetzt: 'suspended',
  Widerrufen: 'revoked',
  Ersetzt: 'replaced',
};

function expectedDocument(table: SyncedCollection, row: RawRow): Record<string, unknown> {
  const expected: Record<string, unknown> = {};
  for (const [field, col] of Object.entries(APPSHEET_TABLES[table].columns)) {
    const raw = row[col.column] ?? null;
    let value: unknown = raw;
    if (col.kind === 'email' && typeof raw === 'string') value = raw.trim().toLowerCase();
    if (col.kind === 'enum' && typeof raw === 'string') value = ENUM_VALUES[raw] ?? raw;
    if (col.kind === 'list') value = raw ?? [];
    expected[field] = value ?? col.blankValue ?? null;
  }
  // Plans and booking requests carry the family of their child, for the security rules.
  if (table === 'plans' || table === 'bookingRequests') expected.memberId = rowsOf('children').find((child) => child['Child ID'] === row['Child ID'])?.['Member ID'];
  return expected;
}

async function setFault(table: string, fault: string | null) {
  await fetch(`${appSheet.url}/__demo/faults/${encodeURIComponent(table)}`, { method: 'PUT', body: JSON.stringify({ fault }) });
}

beforeAll(async () => {
  appSheet = await startDemoServer({ families: 12, seed: 7, today: '2026-11-21' });
  // The demo school has run no collection yet; this one has, and the bank returned a debit.
  const debit = { 'Run ID': 'RUN-20261215', 'Mandate Reference': 'MNDT-M0002-DEMO1', 'Member ID': 'M0002', Amount: 87.5, 'Collection Date': '2026-12-15', 'Return Reason': null, 'Last Changed': '2026-12-18T08:30:00.000Z' };
  rowsOf('debits').push(
    { ...debit, 'End To End ID': 'RUN-20261215-M0002', Status: 'Zurückgegeben', 'Return Reason': 'AM04' },
    { ...debit, 'End To End ID': 'RUN-20261215-M0006', 'Member ID': 'M0006', 'Mandate Reference': 'MNDT-M0006-DEMO2', Amount: 1234.05, Status: 'Eingereicht' },
    { ...debit, 'End To End ID': 'RUN-20261215-M0012', 'Member ID': 'M0012', 'Mandate Reference': 'MNDT-M0012-DEMO1', Status: 'Zurückgezogen' },
  );
  // Pauses between attempts as the emulated functions' syncs take them (lowered for the test stacks).
  client = createAppSheetClient({ baseUrl: appSheet.url, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY, backoffMs: syncAppSheetPauseMs(stackSettings()) });
});
afterAll(() => appSheet.close());

describe('first full sync', () => {
  beforeEach(async () => {
    await clearFirestore();
    await fetch(`${appSheet.url}/__demo/faults`, { method: 'DELETE' });
  });

  it('writes every row of every table, and the documents match AppSheet field by field', async () => {
    const log = await sync();
    expect(log.status).toBe('success');
    expect(log.error).toBeNull();
    for (const table of SYNCED_COLLECTIONS) {
      const rows = rowsOf(table);
      expect(log.tables[table], table).toEqual({ ...emptyCounts(), synced: rows.length, written: rows.length });
      expect(await countDocs(table), table).toBe(rows.length);
      // A sample of every table, document by document.
      const sample = rows.filter((_, index) => index % 4 === 0);
      const snapshots = await db.getAll(...sample.map((row) => db.collection(table).doc(String(row[APPSHEET_TABLES[table].keyColumn]))));
      snapshots.forEach((snapshot, index) => {
        const { _hash, _syncedAt, _lastChanged, ...data } = snapshot.data() ?? {};
        expect(data, `${table}/${snapshot.id}`).toEqual(expectedDocument(table, sample[index] as RawRow));
        // The version of the row it was written from: newer data wins over it later.
        expect(_lastChanged).toBe(new Date(String(sample[index]?.[APPSHEET_TABLES[table].changedColumn])).toISOString());
        expect(_syncedAt).toBe(log.startedAt);
        expect(typeof _hash).toBe('string');
      });
    }
  });

  it('stores the demo parent exactly as the spec names the fields', async () => {
    await sync();
    const anna = (await db.doc('members/M0001').get()).data();
    expect(anna).toMatchObject({
      primaryName: 'Anna Müller',
      primaryEmail: 'anna.mueller@example.com',
      status: 'active',
      type: 'Familie',
      cancellationRequested: false,
      membershipEndsAt: null,
    });
    expect(anna?.balance).toBeLessThan(0);
    const children = await db.collection('children').where('memberId', '==', 'M0001').get();
    expect(children.size).toBe(2);
    const deposits = await db.collection('otherPayments').where('memberId', '==', 'M0001').get();
    expect(deposits.docs.map((d) => d.get('type'))).toContain('Bücherkaution');
    expect(deposits.docs.map((d) => d.get('status')).sort()).toEqual(['active', 'returned']);
    const olga = (await db.doc('members/M0002').get()).data();
    expect(olga?.balance).toBeGreaterThan(0);
  });

  it('writes a sync log and the last-sync metadata', async () => {
    const log = await sync();
    const stored = (await db.collection('sync_logs').doc(log.syncId).get()).data();
    expect(stored).toMatchObject({
      syncId: log.syncId,
      status: 'success',
      syncType: 'full',
      triggeredBy: 'manual',
      triggeredByEmail: 'admin@example.com',
      startedAt: log.startedAt,
      error: null,
      totalMembers: 12,
    });
    expect(stored?.duration).toBeGreaterThan(0);
    expect(Object.keys(stored?.tables ?? {}).sort()).toEqual([...SYNCED_COLLECTIONS].sort());
    const metadata = (await db.doc('sync_metadata/last_sync').get()).data();
    expect(metadata).toMatchObject({ lastSyncId: log.syncId, lastSyncStatus: 'success', lastSuccessfulFullSyncAt: log.startedAt });
  });

  it('writes nothing the second time, then only what changed, and deletes rows that are gone', async () => {
    await sync();
    const again = await sync();
    for (const table of SYNCED_COLLECTIONS) expect(again.tables[table].written, table).toBe(0);

    await client.edit('Members', [{ 'Member ID': 'M0005', Phone: '+49 30 987654' }]);
    const deleted = rowsOf('payments')[0]?.['Payment ID'] as string;
    const response = await fetch(`${appSheet.url}/api/v2/apps/${DEMO_APP_ID}/tables/Payments/Action`, {
      method: 'POST',
      headers: { ApplicationAccessKey: DEMO_ACCESS_KEY },
      body: JSON.stringify({ Action: 'Delete', Properties: {}, Rows: [{ 'Payment ID': deleted }] }),
    });
    expect(response.status).toBe(200);

    const third = await sync();
    expect(third.tables.members).toMatchObject({ written: 1, deleted: 0 });
    expect(third.tables.payments).toMatchObject({ written: 0, deleted: 1 });
    expect((await db.doc('members/M0005').get()).get('phone')).toBe('+49 30 987654');
    expect((await db.doc(`payments/${deleted}`).get()).exists).toBe(false);
  });

  it('counts malformed rows with key and reason, syncs the rest, and loses no document', async () => {
    await sync();
    const before = await countDocs('payments');
    await setFault('Payments', 'malformed');
    const log = await sync();
    expect(log.tables.payments.errors).toBe(3);
    expect(log.tables.payments.synced).toBe(before - 3);
    expect(log.tables.payments.deleted).toBe(0);
    expect(log.rowErrors).toEqual(
      expect.arrayContaining([
        { table: 'payments', key: null, reason: 'key column "Payment ID" is blank' },
        expect.objectContaining({ table: 'payments', key: rowsOf('payments')[2]?.['Payment ID'], reason: expect.stringMatching(/Member ID|Date|Amount/) }),
      ]),
    );
    expect(await countDocs('payments')).toBe(before);
    expect(log.tables.members.errors).toBe(0);
  });

  it('deletes nothing of a table whose fetch failed or came back empty, and says so', async () => {
    await sync();
    const [children, members] = [await countDocs('children'), await countDocs('members')];
    await setFault('Children', 'error');
    await setFault('Members', 'empty');
    const log = await sync();
    expect(log.status).toBe('error');
    expect(log.error).toMatch(/children: AppSheet Find on Children: HTTP 500/);
    expect(log.error).not.toMatch(/members/);
    expect(log.heldBackDeletions).toEqual([
      { table: 'members', count: 12, reason: '12 deletions held back: AppSheet returned no rows for Members while Firestore holds 12' },
    ]);
    expect(await countDocs('children')).toBe(children);
    expect(await countDocs('members')).toBe(members);
    expect(log.tables.payments.errors).toBe(0);
    const metadata = (await db.doc('sync_metadata/last_sync').get()).data();
    expect(metadata?.lastSyncStatus).toBe('error');
    expect(metadata?.lastSuccessfulFullSyncAt).not.toBe(log.startedAt);
  });
});
