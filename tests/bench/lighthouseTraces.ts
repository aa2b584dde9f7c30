/**
 * Where the dashboard's main-thread time goes in Lighthouse's runs, per build: the reports and
 * traces `npm run bench:web -- --against <commit> --lighthouse-reports <dir>` kept. Prints, per
 * build (by its port: 4175 this tree, 4176 the --against build), the means over its runs of the
 * main thread's busy time and tasks, that time per half second after the navigation (and the part
 * of it over 12.5 ms a task, which Lighthouse's simulated 4× slower phone counts as blocking), and
 * the kinds of task whose time differs most between the builds.
 *
 *   npx tsx tests/bench/lighthouseTraces.ts <dir>
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { median } from './sideBySide';

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string; type?: string; isLoadingMainFrame?: boolean; documentLoaderURL?: string } };
}

/** Half seconds after the navigation that the figures tell apart; later tasks count in the last. */
const BUCKETS = 12;
/** A task's part over this many ms is blocking time on Lighthouse's 4× slower phone (50 ms there). */
const BLOCKING_MS = 12.5;

export interface MainThread {
  busyMs: number;
  tasks: number;
  /** Busy ms per half second after the navigation, and of that the part over BLOCKING_MS a task. */
  busy: number[];
  blocking: number[];
  /** Busy ms by what a task ran first (an event's name; a script's chunk for calls and timers). */
  byKind: Map<string, number>;
}

const chunk = (url: string) => url.replace(/^.*\/assets\//, '').replace(/-[\w-]{8}\.js$/, '');

/** The page's main thread in one trace: the renderer main thread that ran the most. */
export function mainThreadOf(events: readonly TraceEvent[]): MainThread {
  const threadNames = new Map(events.filter((e) => e.ph === 'M' && e.name === 'thread_name').map((e) => [`${e.pid}:${e.tid}`, e.args?.name]));
  const threadOf = (e: TraceEvent) => `${e.pid}:${e.tid}`;
  const ran = new Map<string, number>();
  for (const e of events) if (e.ph === 'X' && e.name === 'RunTask' && threadNames.get(threadOf(e)) === 'CrRendererMain') ran.set(threadOf(e), (ran.get(threadOf(e)) ?? 0) + (e.dur ?? 0));
  const main = [...ran].sort((a, b) => b[1] - a[1])[0]?.[0];
  const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.startsWith('http'));
  const result: MainThread = { busyMs: 0, tasks: 0, busy: Array<number>(BUCKETS).fill(0), blocking: Array<number>(BUCKETS).fill(0), byKind: new Map() };
  if (!main || !navigation) return result;
  const own = events.filter((e) => threadOf(e) === main && e.ph === 'X' && typeof e.dur === 'number').sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  let task: TraceEvent | undefined;
  let kindOfTask = '';
  const close = () => {
    if (!task) return;
    const ms = task.dur! / 1000;
    const bucket = Math.min(BUCKETS - 1, Math.max(0, Math.floor((task.ts - navigation.ts) / 500_000)));
    result.busyMs += ms;
    result.tasks += 1;
    result.busy[bucket]! += ms;
    result.blocking[bucket]! += Math.max(0, ms - BLOCKING_MS);
    const kind = kindOfTask || '(no traced work)';
    result.byKind.set(kind, (result.byKind.get(kind) ?? 0) + ms);
  };
  for (const e of own) {
    // Top-level tasks only: what runs inside one is its work.
    if (e.name === 'RunTask' && (!task || e.ts >= task.ts + task.dur!)) {
      close();
      task = e;
      kindOfTask = '';
    } else if (task && e.ts < task.ts + task.dur! && !kindOfTask && e.name !== 'RunTask' && (e.dur ?? 0) > 0) {
      const data = e.args?.data;
      kindOfTask = e.name === 'EventDispatch' ? `EventDispatch ${data?.type ?? ''}` : data?.url ? `${e.name} ${chunk(data.url)}` : e.name;
    }
  }
  close();
  return result;
}

interface Build {
  runs: MainThread[];
  tbtMs: number[];
  mainThreadWorkMs: number[];
}

function buildsIn(dir: string): Map<string, Build> {
  const builds = new Map<string, Build>();
  for (const file of readdirSync(dir).filter((name) => /^\d+-dashboard-\d+\.report\.json$/.test(name)).sort()) {
    const port = file.split('-')[0]!;
    const build = builds.get(port) ?? { runs: [], tbtMs: [], mainThreadWorkMs: [] };
    const report = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { audits: Record<string, { numericValue?: number }> };
    build.tbtMs.push(report.audits['total-blocking-time']?.numericValue ?? NaN);
    build.mainThreadWorkMs.push(report.audits['mainthread-work-breakdown']?.numericValue ?? NaN);
    const trace = JSON.parse(readFileSync(join(dir, file.replace('.report.json', '.trace.json')), 'utf8')) as { traceEvents: TraceEvent[] };
    build.runs.push(mainThreadOf(trace.traceEvents));
    builds.set(port, build);
  }
  return builds;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
const round = (value: number) => Math.round(value).toLocaleString('en-GB');

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: npx tsx tests/bench/lighthouseTraces.ts <dir of --lighthouse-reports>');
  const builds = buildsIn(dir);
  for (const [port, { runs, tbtMs, mainThreadWorkMs }] of builds) {
    console.log(`port ${port}, ${runs.length} runs: Lighthouse TBT median ${round(median(tbtMs))} ms, main-thread work ${round(median(mainThreadWorkMs))} ms (simulated)`);
    console.log(`  traced main thread, mean: ${round(mean(runs.map((run) => run.busyMs)))} ms busy in ${round(mean(runs.map((run) => run.tasks)))} tasks`);
    const perBucket = (pick: (run: MainThread) => number[]) => Array.from({ length: BUCKETS }, (_, i) => round(mean(runs.map((run) => pick(run)[i]!))).padStart(4)).join(' ');
    console.log(`  busy ms per 0.5 s:      ${perBucket((run) => run.busy)}`);
    console.log(`  of it over ${BLOCKING_MS} ms/task: ${perBucket((run) => run.blocking)}`);
  }
  const [first, second] = [...builds.entries()].sort(([a], [b]) => Number(b) - Number(a));
  if (first && second) {
    const kindMs = (build: Build, kind: string) => mean(build.runs.map((run) => run.byKind.get(kind) ?? 0));
    const kinds = [...new Set([...first[1].runs, ...second[1].runs].flatMap((run) => [...run.byKind.keys()]))];
    const rows = kinds.map((kind) => ({ kind, a: kindMs(first[1], kind), b: kindMs(second[1], kind) })).sort((x, y) => Math.abs(y.b - y.a) - Math.abs(x.b - x.a));
    console.log(`\nTask kinds by their difference, mean ms a run (port ${first[0]} → port ${second[0]}):`);
    for (const { kind, a, b } of rows.slice(0, 20)) console.log(`  ${round(a).padStart(5)} → ${round(b).padStart(5)}  ${kind}`);
  }
}
