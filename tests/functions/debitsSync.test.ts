/**
 * The Direct Debits table in the sync, against the AppSheet demo server and the Firestore
 * emulator: the table starts empty, each debit a collection run adds there is mirrored to
 * `debits/{End To End ID}` with its amount in euros and its status in the portal's words, a return
 * the office records follows after the next delta sync, a row that cannot be a debit (an amount
 * not positive or not in whole cents, a return without the bank's reason code) is refused, named
 * and not written, and a school without the table syncs as before and deletes none of the debits
 * kept from when it had one.
 */
import { debitsTable } from '@family-portal/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppSheetClient, type AppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { runSyncReportingChanges, type SyncRequest } from '../../functions/src/wiring/syncRuns';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { startDemoServer, type DemoServer } from '../../tools/appsheet/server';
import { atSource } from '../support/appSheet';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';

const { db } = emulatorAdmin();
const TODAY = '2026-11-21';
const TABLE = 'Direct Debits';
const RUN = 'RUN-20261215';
const OLGAS = `${RUN}-M0002`;
let school: DemoServer;
let client: AppSheetClient;

const full: SyncRequest = { syncType: 'full', triggeredBy: 'manual' };
const delta: SyncRequest = { syncType: 'delta', triggeredBy: 'scheduled' };
const sync = (request: SyncRequest) => runSyncReportingChanges({ db, appSheet: client, today: TODAY }, request);
const ids = async () => (await db.collection('debits').listDocuments()).map((ref) => ref.id).sort();
/** The debit as a reader of `debits` gets it (the sync's own fields left out), or null. */
async function stored(endToEndId: string) {
  const snapshot = await db.doc(`debits/${endToEndId}`).get();
  return snapshot.exists ? debitsTable.schema.parse({ ...snapshot.data(), id: snapshot.id }) : null;
}
/** A row as the office's collection run writes it, in the app's de-DE Locale. */
const debit = (endToEndId: string, cells: Record<string, string> = {}) => ({
  'End To End ID': endToEndId,
  'Run ID': RUN,
  'Member ID': 'M0002',
  'Mandate Reference': 'MNDT-M0002-DEMO1',
  Amount: '87,50',
  'Collection Date': '15.12.2026',
  Status: 'Angekündigt',
  ...cells,
});

async function startSchool(debits = true) {
  school = await startDemoServer({ families: 12, seed: 7, today: TODAY, debits });
  client = createAppSheetClient({ baseUrl: school.url, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY, attempts: 2, backoffMs: 20 });
}
beforeEach(() => clearFirestore());
afterEach(() => school.close());

describe('a school with the Direct Debits table', () => {
  beforeEach(() => startSchool());

  it('starts with no debits and mirrors each one a run adds, in euros, with the status in the portal words', async () => {
    const first = await sync(full);
    expect(first.log.status).toBe('success');
    expect(first.log.tables.debits).toMatchObject({ synced: 0, errors: 0 });
    expect(await ids()).toEqual([]);

    await atSource(school.url, 'Add', TABLE, [debit(OLGAS), debit(`${RUN}-M0006`, { 'Member ID': 'M0006', 'Mandate Reference': 'MNDT-M0006-DEMO2', Amount: '1.234,05' })]);
    const { log } = await sync(delta);
    expect(log.status).toBe('success');
    expect(log.tables.debits).toMatchObject({ synced: 2, errors: 0 });
    expect(await ids()).toEqual([OLGAS, `${RUN}-M0006`].sort());
    expect(await stored(OLGAS)).toEqual({
      id: OLGAS,
      runId: RUN,
      memberId: 'M0002',
      mandateReference: 'MNDT-M0002-DEMO1',
      amount: 87.5,
      collectionDate: '2026-12-15',
      status: 'announced',
      returnReason: null,
    });
    expect(await stored(`${RUN}-M0006`)).toMatchObject({ memberId: 'M0006', amount: 1234.05 });
  });

  it('refuses a debit whose amount is not positive or not in cents, and a return without its reason code, writing none of them', async () => {
    await atSource(school.url, 'Add', TABLE, [debit(OLGAS, { Status: 'Eingereicht' })]);
    await sync(full);
    await atSource(school.url, 'Add', TABLE, [
      debit(`${RUN}-M0001`, { 'Member ID': 'M0001', Amount: '0,00' }),
      debit(`${RUN}-M0003`, { 'Member ID': 'M0003', Amount: '-12,50' }),
      debit(`${RUN}-M0004`, { 'Member ID': 'M0004', Amount: '12,345' }),
      debit(`${RUN}-M0005`, { 'Member ID': 'M0005', Status: 'Zurückgegeben' }),
    ]);
    // The office records the bank's return but forgets the reason code.
    await atSource(school.url, 'Edit', TABLE, [{ 'End To End ID': OLGAS, Status: 'Zurückgegeben' }]);

    const { log } = await sync(delta);
    const amount = 'the amount must be positive, in euros and cents';
    const reason = "a returned debit needs the bank's reason code";
    expect(log.rowErrors.filter((error) => error.table === 'debits').sort((a, b) => String(a.key).localeCompare(String(b.key)))).toEqual([
      { table: 'debits', key: `${RUN}-M0001`, reason: amount },
      { table: 'debits', key: OLGAS, reason },
      { table: 'debits', key: `${RUN}-M0003`, reason: amount },
      { table: 'debits', key: `${RUN}-M0004`, reason: amount },
      { table: 'debits', key: `${RUN}-M0005`, reason },
    ]);
    expect(log.tables.debits).toMatchObject({ errors: 5 });
    expect(await ids()).toEqual([OLGAS]);
    // The refused edit leaves the debit as it was synced last.
    expect(await stored(OLGAS)).toMatchObject({ status: 'filed', returnReason: null });

    await atSource(school.url, 'Edit', TABLE, [{ 'End To End ID': OLGAS, 'Return Reason': 'AM04' }]);
    const fixed = await sync(delta);
    expect(fixed.log.rowErrors.filter((error) => error.key === OLGAS)).toEqual([]);
    expect(await stored(OLGAS)).toMatchObject({ status: 'returned', returnReason: 'AM04', amount: 87.5 });
  });
});

describe('a school without the Direct Debits table', () => {
  it('syncs without it, full and delta, and deletes none of the debits kept from when it had one', async () => {
    await startSchool();
    await atSource(school.url, 'Add', TABLE, [debit(OLGAS)]);
    await sync(full);
    await school.close();

    await startSchool(false);
    for (const request of [full, delta]) {
      const { log } = await sync(request);
      expect(log.status, request.syncType).toBe('success');
      expect(log.tables.debits, request.syncType).toMatchObject({ synced: 0, errors: 0, deleted: 0, heldBack: 0 });
    }
    expect(await ids()).toEqual([OLGAS]);
    expect(await stored(OLGAS)).toMatchObject({ status: 'announced', amount: 87.5 });
  });
});
