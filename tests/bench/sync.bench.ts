/**
 * Full-sync benchmark: the default demo school and the 2,000-family school, from the AppSheet
 * demo server into the Firestore emulator, measured in one run against the baseline of the same
 * fetch and mapping followed by one awaited write per document; plus an unchanged full sync and a
 * delta with 10 changed rows. Prints figures, asserts nothing.
 *
 *   npm run bench                    both schools
 *   npm run bench -- --families 60   one school
 */
import { createAppSheetClient } from '../../functions/src/sync/appsheetClient';
import { contentHash, HASH_FIELD, SYNCED_AT_FIELD } from '../../functions/src/sync/contentHash';
import { runDeltaSync, runFullSync } from '../../functions/src/sync/engine';
import { mapRow } from '../../functions/src/sync/schema';
import { TABLES, TABLE_NAMES } from '../../functions/src/sync/tables';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { isPortOpen, run, stop, waitForPort } from '../../tools/lib/processes';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';

const { db } = emulatorAdmin();
const familiesArg = process.argv.indexOf('--families');
const schools = familiesArg >= 0 ? [Number(process.argv[familiesArg + 1])] : [60, 2000];

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const perSecond = (count: number, ms: number) => Math.round(count / (ms / 1000));

async function oneByOne(appSheet: ReturnType<typeof createAppSheetClient>): Promise<number> {
  let written = 0;
  for (const table of TABLE_NAMES) {
    const spec = TABLES[table];
    for (const row of await appSheet.find(spec.appSheetTable)) {
      const mapped = mapRow(spec, row);
      if (!mapped.ok) continue;
      const data = { ...mapped.doc, [HASH_FIELD]: contentHash(mapped.doc), [SYNCED_AT_FIELD]: new Date().toISOString() };
      await db.collection(spec.collection).doc(mapped.id).set(data);
      written += 1;
    }
  }
  return written;
}

const BENCH_APPSHEET_PORT = 8788;

async function benchSchool(families: number) {
  if (await isPortOpen(BENCH_APPSHEET_PORT)) throw new Error(`port ${BENCH_APPSHEET_PORT} is already in use`);
  // AppSheet is a remote service: its demo runs in its own process, not on the sync's event loop.
  const server = run(
    process.execPath,
    ['--import', 'tsx', 'tools/appsheet/server.ts', '--port', String(BENCH_APPSHEET_PORT), '--families', String(families), '--fresh', '--data', `.cache/bench-appsheet-${families}.json`],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${BENCH_APPSHEET_PORT}`;
  try {
    await waitForPort(BENCH_APPSHEET_PORT);
    const health = (await (await fetch(`${url}/__demo/health`)).json()) as { rows: Record<string, number> };
    const rows = Object.values(health.rows).reduce((sum, count) => sum + count, 0);
    const appSheet = createAppSheetClient({ baseUrl: url, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY });
    await clearFirestore();
    let start = Date.now();
    const first = await runFullSync({ db, appSheet }, { triggeredBy: 'manual' });
    const fullMs = Date.now() - start;
    const written = TABLE_NAMES.reduce((sum, t) => sum + first.tables[t].written, 0);
    if (first.status !== 'success') throw new Error(`full sync failed: ${first.error}`);

    start = Date.now();
    const again = await runFullSync({ db, appSheet }, { triggeredBy: 'manual' });
    const againMs = Date.now() - start;
    const rewritten = TABLE_NAMES.reduce((sum, t) => sum + again.tables[t].written, 0);

    // The office changes 10 payments; the next delta should write exactly those.
    const changed = (await appSheet.find('Payments')).slice(0, 10).map((row) => ({ 'Payment ID': row['Payment ID'] as string, Comment: `Korrektur ${Date.now()}` }));
    await appSheet.edit('Payments', changed);
    start = Date.now();
    const deltaLog = await runDeltaSync({ db, appSheet }, { triggeredBy: 'manual' });
    const deltaMs = Date.now() - start;
    const deltaWritten = TABLE_NAMES.reduce((sum, t) => sum + deltaLog.tables[t].written, 0);

    await clearFirestore();
    start = Date.now();
    const baselineWritten = await oneByOne(appSheet);
    const baselineMs = Date.now() - start;

    return { families, rows, written, fullMs, againMs, rewritten, deltaMs, deltaWritten, deltaStatus: deltaLog.status, baselineWritten, baselineMs };
  } finally {
    await stop(server);
  }
}

console.log('Full sync benchmark (AppSheet demo server → Firestore emulator, this machine)\n');
for (const families of schools) {
  const r = await benchSchool(families);
  console.log(`school of ${r.families} families: ${r.rows} AppSheet rows`);
  console.log(`  full sync into an empty Firestore: ${seconds(r.fullMs)} s, ${r.written} documents, ${perSecond(r.written, r.fullMs)} documents/s`);
  console.log(`  repeated full sync, nothing changed: ${seconds(r.againMs)} s, ${r.rewritten} documents written`);
  console.log(`  delta sync after 10 changed rows: ${seconds(r.deltaMs)} s, ${r.deltaWritten} documents written (${r.deltaStatus})`);
  console.log(`  baseline, one awaited write per document: ${seconds(r.baselineMs)} s, ${r.baselineWritten} documents, ${perSecond(r.baselineWritten, r.baselineMs)} documents/s`);
  console.log(`  speed-up of the full sync over the baseline: ${(r.baselineMs / r.fullMs).toFixed(1)}x\n`);
}
process.exit(0);
