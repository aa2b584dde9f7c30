/**
 * Full-sync benchmark: the default demo school, the 2,000-family and the 10,000-family school,
 * from the AppSheet demo server into the Firestore emulator. For each school it prints the full
 * sync into an empty Firestore (time, documents/s, peak memory of this process, which runs the
 * sync), a repeated full sync with nothing changed, a delta after k changed rows, and the
 * baseline of the same fetch and mapping followed by one awaited write per document. Part of
 * every full sync, the member_references step is also timed on its own (every family recomputed,
 * nothing changed). Prints figures, asserts nothing.
 *
 *   npm run bench                        all three schools (a few minutes)
 *   npm run bench -- --families 10000    one school
 *   npm run bench -- --baseline          also time the baseline of the 10,000-family school (slow)
 *
 * The demo AppSheet server runs in a process of its own, as the real AppSheet is a remote
 * service: its memory and CPU time are not the sync's. All three (sync, demo server, Firestore
 * emulator) share this machine's cores, so on Linux the bench also prints the CPU time each of
 * them used during the full sync and how busy the machine was: a full sync that takes longer
 * than its budget shows there whether the sync or the emulator (or someone else) used the time.
 */
import { createAppSheetClient, type AppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { contentHash, HASH_FIELD, SYNCED_AT_FIELD } from '../../functions/src/sync/firestore/contentHash';
import { runFullSync, runSync } from '../../functions/src/wiring/syncRuns';
import { APPSHEET_TABLES, MEMBER_REFERENCES, SYNCED_COLLECTIONS } from '@family-portal/contract';
import { updateMemberReferences } from '../../functions/src/sync/family/memberReferences';
import { mapRow } from '../../functions/src/sync/mapping/mapRow';
import { findInSlices } from '../support/appSheet';
import type { SyncLog } from '../../functions/src/sync/run/syncLog';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { isPortOpen, run, stop, waitForPort } from '../../tools/lib/processes';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';

const { db } = emulatorAdmin();
const familiesArg = process.argv.indexOf('--families');
const schools = familiesArg >= 0 ? [Number(process.argv[familiesArg + 1])] : [60, 2000, 10000];
/** One awaited write per document takes minutes from here on; measured only when asked for. */
const BASELINE_UP_TO_FAMILIES = process.argv.includes('--baseline') ? Infinity : 2000;
/** Rows the office changes before the delta: half of them members, half payments. */
const CHANGED_ROWS = 10;

const MiB = 1024 * 1024;
const seconds = (ms: number) => (ms / 1000).toFixed(1);
const perSecond = (count: number, ms: number) => Math.round(count / (ms / 1000)).toLocaleString('en');
const mib = (bytes: number) => `${Math.round(bytes / MiB)} MiB`;
const writtenIn = (log: SyncLog) => SYNCED_COLLECTIONS.reduce((sum, t) => sum + log.tables[t].written, 0);

/**
 * Peak RSS and heap of this process while `work` runs, sampled every 5 ms. A sample cannot
 * land while the event loop is busy (say, parsing one answer), so the process's own maxRSS
 * is reported next to it: it is exact, but counts everything since the process started.
 */
async function withPeakMemory<T>(work: () => Promise<T>) {
  let rss = 0;
  let heap = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    rss = Math.max(rss, usage.rss);
    heap = Math.max(heap, usage.heapUsed);
  };
  sample();
  const heapAtStart = heap;
  const timer = setInterval(sample, 5);
  try {
    const result = await work();
    sample();
    return { result, rss, heap, heapAtStart, maxRss: process.resourceUsage().maxRSS * 1024 };
  } finally {
    clearInterval(timer);
  }
}

/** CPU seconds a process has used so far (Linux /proc), or null where that cannot be read. */
function cpuSecondsOf(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return null;
  }
}

/** Busy and total CPU seconds of the whole machine so far (Linux /proc/stat), or null. */
function machineSeconds(): { busy: number; total: number } | null {
  try {
    const ticks = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').split(/\s+/).slice(1, 9).map(Number);
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
    const total = ticks.reduce((sum, value) => sum + value, 0);
    return { busy: (total - idle) / 100, total: total / 100 };
  } catch {
    return null;
  }
}

/** The Firestore emulator's process: the one java process of this emulator session, if there is exactly one. */
function emulatorPid(): number | undefined {
  try {
    const pids = execFileSync('pgrep', ['-x', 'java'], { encoding: 'utf8' }).trim().split('\n');
    return pids.length === 1 ? Number(pids[0]) : undefined;
  } catch {
    return undefined;
  }
}

/** CPU time of the sync (this process), the demo server and the emulator while `work` runs. */
async function withCpu<T>(demoServerPid: number | undefined, work: () => Promise<T>) {
  const emulator = emulatorPid();
  const before = { sync: process.cpuUsage(), demo: cpuSecondsOf(demoServerPid), emulator: cpuSecondsOf(emulator), machine: machineSeconds() };
  const result = await work();
  const sync = process.cpuUsage(before.sync);
  const used = (pid: number | undefined, start: number | null) => {
    const end = cpuSecondsOf(pid);
    return end === null || start === null ? null : end - start;
  };
  const machine = machineSeconds();
  return {
    result,
    cpu: {
      sync: (sync.user + sync.system) / 1e6,
      demo: used(demoServerPid, before.demo),
      emulator: used(emulator, before.emulator),
      machineBusy: machine && before.machine ? (machine.busy - before.machine.busy) / (machine.total - before.machine.total) : null,
    },
  };
}

/**
 * The emulator is a Java program: its first tens of thousands of writes run before the JIT has
 * compiled them and cost it about three times the CPU of later ones. Production Firestore has
 * no such start, so the emulator gets throwaway writes first.
 */
async function warmUpEmulator(documents = 30_000) {
  const scratch = db.collection('bench_warm_up');
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < documents) {
        const batch = db.batch();
        for (let index = next; index < next + 250; index += 1) {
          batch.create(scratch.doc(`W${index}`), { index, text: `Zeile ${index}`, amount: index / 4, day: '2026-11-21', at: new Date().toISOString(), flag: index % 2 === 0 });
        }
        next += 250;
        await batch.commit();
      }
    }),
  );
  await clearFirestore();
}

async function oneByOne(appSheet: AppSheetClient): Promise<number> {
  let written = 0;
  for (const table of SYNCED_COLLECTIONS) {
    const spec = APPSHEET_TABLES[table];
    for (const row of await findInSlices(appSheet, spec.appSheetTable, spec.keyColumn)) {
      const mapped = mapRow(spec, row);
      if (!mapped.ok) continue;
      const data = { ...mapped.doc, [HASH_FIELD]: contentHash(mapped.doc), [SYNCED_AT_FIELD]: new Date().toISOString() };
      await db.collection(spec.collection).doc(mapped.id).set(data);
      written += 1;
    }
  }
  return written;
}

/** The office edits k rows: the first members' phone numbers and the first payments' comments. */
async function changeRows(appSheet: AppSheetClient, count: number) {
  const stamp = Date.now();
  const members = Math.floor(count / 2);
  const memberRows = await appSheet.find('Members', `Top(OrderBy(Filter(Members, TRUE), [_RowNumber]), ${members})`);
  const paymentRows = await appSheet.find('Payments', `Top(OrderBy(Filter(Payments, TRUE), [_RowNumber]), ${count - members})`);
  await appSheet.edit('Members', memberRows.map((row, index) => ({ 'Member ID': row['Member ID'] as string, Phone: `+49 30 ${stamp % 1_000_000}${index}` })));
  await appSheet.edit('Payments', paymentRows.map((row) => ({ 'Payment ID': row['Payment ID'] as string, Comment: `Korrektur ${stamp}` })));
}

const BENCH_APPSHEET_PORT = 8788;

async function benchSchool(families: number) {
  if (await isPortOpen(BENCH_APPSHEET_PORT)) throw new Error(`port ${BENCH_APPSHEET_PORT} is already in use`);
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
    const { result: full, cpu } = await withCpu(server.pid, () => withPeakMemory(() => runFullSync({ db, appSheet }, { triggeredBy: 'manual' })));
    const fullMs = Date.now() - start;
    if (full.result.status !== 'success') throw new Error(`full sync ended as ${full.result.status}: ${full.result.error}`);

    start = Date.now();
    const again = await withPeakMemory(() => runFullSync({ db, appSheet }, { triggeredBy: 'manual' }));
    const againMs = Date.now() - start;
    const referencesRewritten = (await db.collection(MEMBER_REFERENCES).where(SYNCED_AT_FIELD, '==', again.result.startedAt).count().get()).data().count;

    start = Date.now();
    const references = await withPeakMemory(() => updateMemberReferences(db, 'all', new Date().toISOString()));
    const referencesMs = Date.now() - start;
    const referenceDocs = (await db.collection(MEMBER_REFERENCES).count().get()).data().count;

    await changeRows(appSheet, CHANGED_ROWS);
    start = Date.now();
    const delta = await runSync({ db, appSheet }, { triggeredBy: 'manual', syncType: 'delta' });
    const deltaMs = Date.now() - start;

    let baseline: { written: number; ms: number } | null = null;
    if (families <= BASELINE_UP_TO_FAMILIES) {
      await clearFirestore();
      start = Date.now();
      const written = await oneByOne(appSheet);
      baseline = { written, ms: Date.now() - start };
    }
    return { families, rows, full, fullMs, cpu, again, againMs, referencesRewritten, references, referencesMs, referenceDocs, delta, deltaMs, baseline };
  } finally {
    await stop(server);
  }
}

console.log('Full sync benchmark (AppSheet demo server → Firestore emulator, this machine)');
console.log('Budgets (design §9): 2,000 families well under 60 s and ≥ 10x the baseline; 10,000 families under 30 s and under 1 GiB.');
await warmUpEmulator();
console.log(`(${cpus().length} cores; the Firestore emulator was warmed up with 30,000 throwaway writes first)\n`);
for (const families of schools) {
  const r = await benchSchool(families);
  const written = writtenIn(r.full.result);
  console.log(`school of ${r.families.toLocaleString('en')} families: ${r.rows.toLocaleString('en')} AppSheet rows`);
  console.log(`  full sync into an empty Firestore: ${seconds(r.fullMs)} s, ${written.toLocaleString('en')} documents, ${perSecond(written, r.fullMs)} documents/s`);
  console.log(`  peak memory of the syncing process during the full sync: RSS ${mib(r.full.rss)}, heap used ${mib(r.full.heap)} (maxRSS since the process started: ${mib(r.full.maxRss)})`);
  const cpuText = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(1)} s`);
  console.log(
    `  CPU time during the full sync: sync ${cpuText(r.cpu.sync)}, Firestore emulator ${cpuText(r.cpu.emulator)}, AppSheet demo server ${cpuText(r.cpu.demo)}` +
      (r.cpu.machineBusy === null ? '' : `; all ${cpus().length} cores of the machine ${Math.round(r.cpu.machineBusy * 100)} % busy (other processes included)`),
  );
  console.log(`  repeated full sync, nothing changed: ${seconds(r.againMs)} s, ${writtenIn(r.again.result)} documents written (${r.again.result.status}); peak RSS ${mib(r.again.rss)}, heap used ${mib(r.again.heap)}`);
  console.log(`  member_references documents rewritten by the repeated full sync: ${r.referencesRewritten} of ${r.referenceDocs.toLocaleString('en')}`);
  console.log(
    `  member_references step alone, every family recomputed, nothing changed: ${seconds(r.referencesMs)} s, ${r.references.result.written} written; peak heap used ${mib(r.references.heap)}, ${mib(r.references.heap - r.references.heapAtStart)} above its start`,
  );
  console.log(`  delta sync after ${CHANGED_ROWS} changed rows: ${seconds(r.deltaMs)} s, ${writtenIn(r.delta)} documents written (${r.delta.status})`);
  if (r.baseline) {
    console.log(`  baseline, one awaited write per document: ${seconds(r.baseline.ms)} s, ${r.baseline.written.toLocaleString('en')} documents, ${perSecond(r.baseline.written, r.baseline.ms)} documents/s`);
    console.log(`  speed-up of the full sync over the baseline: ${(r.baseline.ms / r.fullMs).toFixed(1)}x\n`);
  } else {
    console.log(`  baseline, one awaited write per document: skipped (it would take many minutes at this size; npm run bench -- --families ${r.families} --baseline runs it)\n`);
  }
}
process.exit(0);
