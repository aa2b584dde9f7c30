/**
 * Every fault of the AppSheet demo server on every table, in full and delta syncs, while a
 * parent saves an edit in the middle of the run: no document is lost and no edit is reverted.
 * The AppSheet source does not change during a case (apart from the parent's edit), so every
 * document that existed before the run must exist after it.
 *
 * The optional booking tables go through the same code as the others (tableSync.ts); to keep
 * the matrix's time, each of them gets one fault, the one most likely to cost documents in a
 * full sync (a cut answer, an empty one). bookingSync.test.ts covers them further. The demo's
 * Direct Debits table starts empty, so the school here has had a collection run: an empty answer
 * must not cost the record of its debits.
 */
import { APPSHEET_TABLES, SYNCED_COLLECTIONS, type SyncedCollection } from '@family-portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppSheetClient, type AppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { runSync } from '../../functions/src/wiring/syncRuns';
import { updateContactData } from '../../functions/src/members/memberWrites';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { startDemoServer, type DemoServer, type Fault } from '../../tools/appsheet/server';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { APART_PROJECT_ID } from '../../tools/lib/stack';
import { atSource } from '../support/appSheet';

// A project apart (tools/lib/stack.ts): the matrix runs beside the other files, and its syncs
// start none of the functions' triggers, which are not what it tests.
const { db } = emulatorAdmin(APART_PROJECT_ID);
let appSheet: DemoServer;
let client: AppSheetClient;
/** For what is not under test: the clean syncs and the parent's save, on a machine shared with other lanes. */
let patient: AppSheetClient;

const FAULTS: Fault[] = ['error', 'hang', 'malformed', 'empty', 'partial', 'slow'];
/** The tables every school has get every fault; an optional table only its own. */
const OPTIONAL_FAULT: Partial<Record<SyncedCollection, Fault>> = { offers: 'partial', bookingRequests: 'empty', closedDays: 'error', mandates: 'malformed', debits: 'empty' };
const tablesFor = (fault: Fault) => SYNCED_COLLECTIONS.filter((table) => !APPSHEET_TABLES[table].optional || OPTIONAL_FAULT[table] === fault);
const CASES_PER_SYNC_TYPE = FAULTS.reduce((sum, fault) => sum + tablesFor(fault).length, 0);
const SYNC_TYPES = ['full', 'delta'] as const;
const MEMBER = 'M0003';

/** Every synced document's path. */
async function documentPaths(): Promise<Set<string>> {
  const paths = new Set<string>();
  for (const table of SYNCED_COLLECTIONS) {
    const refs = await db.collection(APPSHEET_TABLES[table].collection).listDocuments();
    for (const ref of refs) paths.add(ref.path);
  }
  return paths;
}

/**
 * The sync's AppSheet client, through which the parent saves a new phone number right after
 * the sync has read (or failed to read) the Members table: the sync then holds the older row.
 * The parent's save goes through while the fault is lifted for a moment, as an intermittent
 * fault would allow.
 */
function racingClient(table: string, fault: Fault, phone: string): { client: AppSheetClient; saved: () => boolean } {
  let saved = false;
  const save = async () => {
    if (saved) return;
    saved = true;
    appSheet.setFault(table, null);
    try {
      await updateContactData(patient, await db.doc(`members/${MEMBER}`).get(), { phone });
    } finally {
      appSheet.setFault(table, fault);
    }
  };
  return {
    saved: () => saved,
    client: {
      ...client,
      async find(name, selector) {
        try {
          return await client.find(name, selector);
        } finally {
          if (name === 'Members') await save();
        }
      },
    },
  };
}

beforeAll(async () => {
  appSheet = await startDemoServer({ families: 10, seed: 31, today: '2026-11-21' });
  // Short timeouts, and one attempt: a fault here lasts the whole run, so a second attempt meets it
  // again (the retries have their own tests, appsheetClient.test.ts). A hanging or slow table then
  // costs half a second; with two attempts, 36 such runs waited about 37 s of the file's 46 s.
  client = createAppSheetClient({ baseUrl: appSheet.url, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY, timeoutMs: 500, attempts: 1 });
  patient = createAppSheetClient({ baseUrl: appSheet.url, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY, timeoutMs: 10_000, attempts: 2, backoffMs: 20 });
  await fetch(`${appSheet.url}/__demo/faults`, { method: 'DELETE' });
  const debit = { 'Run ID': 'RUN-20261215', 'Mandate Reference': 'MNDT-M0006-DEMO2', Amount: '45,00', 'Collection Date': '15.12.2026', Status: 'Eingereicht' };
  await atSource(appSheet.url, 'Add', APPSHEET_TABLES.debits.appSheetTable, [
    { ...debit, 'End To End ID': 'RUN-20261215-M0002', 'Member ID': 'M0002', 'Mandate Reference': 'MNDT-M0002-DEMO1' },
    { ...debit, 'End To End ID': 'RUN-20261215-M0006', 'Member ID': 'M0006' },
  ]);
  await clearFirestore(APART_PROJECT_ID);
  expect((await runSync({ db, appSheet: patient }, { syncType: 'full', triggeredBy: 'manual' })).status).toBe('success');
  expect((await db.collection('debits').listDocuments()).map((ref) => ref.id)).toEqual(['RUN-20261215-M0002', 'RUN-20261215-M0006']);
});
afterAll(async () => {
  await fetch(`${appSheet.url}/__demo/faults`, { method: 'DELETE' });
  await appSheet.close();
});

const tally = { cases: 0, lost: 0, reverted: 0 };
/**
 * The documents after the last case, which are the next case's before: nothing runs in between,
 * and the parent's edit changes a field, not which documents exist.
 */
let lastSeen: Set<string> | undefined;

describe.each(SYNC_TYPES)('a %s sync', (syncType) => {
  it.each(FAULTS)('with the %s fault on each table in turn loses no document and reverts no edit made during the run', async (fault) => {
    const problems: string[] = [];
    for (const table of tablesFor(fault)) {
      const appSheetTable = APPSHEET_TABLES[table].appSheetTable;
      const name = `${fault} on ${appSheetTable}`;
      const phone = `+49 30 ${String(1000 + tally.cases)}`;
      tally.cases += 1;
      const before = lastSeen ?? (await documentPaths());

      appSheet.setFault(appSheetTable, fault);
      const racing = racingClient(appSheetTable, fault, phone);
      const log = await runSync({ db, appSheet: racing.client }, { syncType, triggeredBy: 'manual' });
      appSheet.setFault(appSheetTable, null);

      expect(racing.saved(), `${name}: the parent's edit was made`).toBe(true);
      expect(log.status, name).not.toBe('running');
      const after = await documentPaths();
      lastSeen = after;
      const gone = [...before].filter((path) => !after.has(path));
      const storedPhone = (await db.doc(`members/${MEMBER}`).get()).get('phone');
      tally.lost += gone.length;
      if (gone.length > 0) problems.push(`${name}: lost ${gone.length}, e.g. ${gone[0]}`);
      if (storedPhone !== phone) {
        tally.reverted += 1;
        problems.push(`${name}: the phone is ${storedPhone}, the parent saved ${phone}`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('after every fault', () => {
  it('a clean full sync finds everything in place, and the figure is printed', async () => {
    const before = await documentPaths();
    const log = await runSync({ db, appSheet: patient }, { syncType: 'full', triggeredBy: 'manual' });
    expect(log.status).toBe('success');
    expect(await documentPaths()).toEqual(before);
    expect((await db.doc(`members/${MEMBER}`).get()).get('phone')).toBe(`+49 30 ${String(1000 + tally.cases - 1)}`);
    const required = SYNCED_COLLECTIONS.filter((table) => !APPSHEET_TABLES[table].optional).length;
    const optional = Object.keys(OPTIONAL_FAULT).length;
    expect(CASES_PER_SYNC_TYPE).toBe(FAULTS.length * required + optional);
    expect(tally.cases).toBe(CASES_PER_SYNC_TYPE * SYNC_TYPES.length);
    console.log(
      `fault matrix: ${tally.cases} runs = (${FAULTS.length} faults (${FAULTS.join(', ')}) × ${required} tables + ${optional} optional tables with one fault each ` +
        `(${Object.entries(OPTIONAL_FAULT).map(([table, fault]) => `${fault} on ${table}`).join(', ')})) × ${SYNC_TYPES.length} sync types (full, delta); ` +
        `documents lost: ${tally.lost}; edits reverted: ${tally.reverted}`,
    );
  });
});
