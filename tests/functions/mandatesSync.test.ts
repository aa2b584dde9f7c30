/**
 * The Mandates table in the sync, against the AppSheet demo server and the Firestore emulator:
 * the rows are mirrored with their full IBAN in `mandates`, each family gets its mandates'
 * views with the IBAN masked, a mandate revoked in AppSheet is revoked in the view after the next
 * delta sync, a row SEPA cannot debit is refused, and the school says whether it offers direct
 * debit: a school without the table syncs as before and offers none.
 */
import { mandateViewSchema } from '@family-portal/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppSheetClient, type AppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { runSyncReportingChanges, type SyncRequest } from '../../functions/src/wiring/syncRuns';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { startDemoServer, type DemoServer } from '../../tools/appsheet/server';
import type { RawRow } from '../../tools/appsheet/store';
import { atSource } from '../support/appSheet';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';

const { db } = emulatorAdmin();
const TODAY = '2026-11-21';
const TABLE = 'Mandates';
const OLGAS = 'MNDT-M0002-DEMO1';
let school: DemoServer;
let client: AppSheetClient;

const full: SyncRequest = { syncType: 'full', triggeredBy: 'manual' };
const delta: SyncRequest = { syncType: 'delta', triggeredBy: 'scheduled' };
const sync = (request: SyncRequest) => runSyncReportingChanges({ db, appSheet: client, today: TODAY }, request);
const rows = () => school.store.tables[TABLE] as RawRow[];
const ids = async (collection: string) => (await db.collection(collection).listDocuments()).map((ref) => ref.id).sort();
const view = async (reference: string) => mandateViewSchema.parse((await db.doc(`mandate_views/${reference}`).get()).data());
const offered = async () => (await db.doc('direct_debit/school').get()).get('offered');

async function startSchool(mandates = true) {
  school = await startDemoServer({ families: 36, seed: 7, today: TODAY, mandates });
  client = createAppSheetClient({ baseUrl: school.url, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY, attempts: 2, backoffMs: 20 });
}
beforeEach(() => clearFirestore());
afterEach(() => school.close());

describe('a school with mandates', () => {
  beforeEach(() => startSchool());

  it('mirrors the rows with their IBAN and gives each family its mandates with the IBAN masked', async () => {
    const { log } = await sync(full);
    expect(log.status).toBe('success');
    expect(log.tables.mandates.synced).toBe(rows().length);
    const references = rows().map((row) => String(row['Mandate Reference'])).sort();
    expect(await ids('mandates')).toEqual(references);
    expect(await ids('mandate_views')).toEqual(references);
    expect((await db.doc(`mandates/${OLGAS}`).get()).get('iban')).toBe('DE02120300000000202051');
    expect(await view(OLGAS)).toEqual({
      id: OLGAS,
      memberId: 'M0002',
      accountHolder: 'Olga Petrova',
      ibanMasked: 'DE•• •••• •••• •••• ••20 51',
      bic: null,
      signedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      signedBy: 'olga.petrova@example.com',
      status: 'active',
      revokedAt: null,
    });
    // No view anywhere holds a full IBAN.
    const views = await db.collection('mandate_views').get();
    expect(views.docs.filter((doc) => JSON.stringify(doc.data()).match(/[A-Z]{2}\d{2}\d{8,}/))).toEqual([]);
    expect(await offered()).toBe(true);
  });

  it('shows a mandate revoked in AppSheet as revoked after the next delta sync, and refuses a row SEPA cannot debit', async () => {
    await sync(full);
    await atSource(school.url, 'Edit', TABLE, [{ 'Mandate Reference': OLGAS, Status: 'Widerrufen', 'Revoked At': '06.12.2026 10:00:00' }]);
    await atSource(school.url, 'Add', TABLE, [
      { 'Mandate Reference': 'MNDT-M0001-PAPER', 'Member ID': 'M0001', 'Account Holder': 'Anna Müller', IBAN: 'DE88370400440532013000', 'Signed At': '01.12.2026 09:00:00', Status: 'Aktiv' },
    ]);
    const { log } = await sync(delta);
    expect(log.rowErrors).toContainEqual({ table: 'mandates', key: 'MNDT-M0001-PAPER', reason: expect.stringContaining('ibanInvalid') });
    expect(await view(OLGAS)).toMatchObject({ status: 'revoked', revokedAt: expect.stringMatching(/^2026-12-06T/) });
    expect((await db.doc('mandate_views/MNDT-M0001-PAPER').get()).exists).toBe(false);
  });
});

describe('a school without the Mandates table', () => {
  beforeEach(() => startSchool(false));

  it('syncs as before and offers no direct debit', async () => {
    const { log } = await sync(full);
    expect(log.status).toBe('success');
    expect(await ids('mandates')).toEqual([]);
    expect(await ids('mandate_views')).toEqual([]);
    expect(await offered()).toBe(false);
  });
});
