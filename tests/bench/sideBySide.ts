/**
 * `npm run bench:web -- --against <commit>`: the figures of two builds measured in turn on one
 * machine, printed side by side with their ratio. Machines differ by half or more from one
 * session to the next, so a change is judged by the ratio, not by the absolute figures.
 */
import type { BlockingRun } from './blockingTime';
import type { Build } from './builds';
import type { LighthouseRun } from './lighthouse';
import { isFailed, type FailedRun } from './lighthouseMedian';
import type { Timed } from './pageMarks';
import { kB } from './webScripts';

export interface Measured {
  /** /login's scripts, bytes gzipped, per build. */
  scripts: number[];
  dashboard: Array<Record<'typed' | 'autofilled' | 'repeat', Timed[]>>;
  blocking: BlockingRun[][];
  lighthouse: Array<Record<'login' | 'dashboard', Array<LighthouseRun | FailedRun>>>;
}

export const median = (values: number[]) => {
  const known = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  return known.length === 0 ? NaN : known[Math.floor((known.length - 1) / 2)]!;
};

/** `this / that`, as "×1.05"; a dash where the earlier figure is 0 (a ratio of nothing). */
export function ratio(before: number, after: number): string {
  if (!Number.isFinite(before) || !Number.isFinite(after)) return '?';
  if (before === 0) return after === 0 ? '×1.00' : '–';
  return `×${(after / before).toFixed(2)}`;
}

type Row = [figure: string, values: number[], format: (value: number) => string];

export function sideBySideRows(measured: Measured): Row[] {
  const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '?');
  const shift = (value: number) => (Number.isFinite(value) ? value.toFixed(3) : '?');
  const good = (runs: Array<LighthouseRun | FailedRun>) => runs.filter((run): run is LighthouseRun => !isFailed(run));
  const lighthouse = (page: 'login' | 'dashboard', pick: (run: LighthouseRun) => number) => measured.lighthouse.map((pages) => median(good(pages[page]).map(pick)));
  return [
    ['/login scripts, gzipped', measured.scripts, (value) => `${kB(value)} kB`],
    ['Dashboard after "Sign in", typed', measured.dashboard.map((runs) => median(runs.typed.map((run) => run.ms))), ms],
    ['… autofilled', measured.dashboard.map((runs) => median(runs.autofilled.map((run) => run.ms))), ms],
    ['… of that, waiting for the Firestore emulator', measured.dashboard.map((runs) => median(runs.autofilled.map((run) => run.emulatorMs))), ms],
    ['Repeat visit, after a reload', measured.dashboard.map((runs) => median(runs.repeat.map((run) => run.ms))), ms],
    ['Layout shift after "Sign in", typed, once settled', measured.dashboard.map((runs) => median(runs.typed.map((run) => run.shift ?? NaN))), shift],
    ['Blocking time, CPU slowed down 4×', measured.blocking.map((runs) => median(runs.map((run) => run.blockingMs))), ms],
    ['… longest task', measured.blocking.map((runs) => median(runs.map((run) => run.longestMs))), ms],
    ['Layout shift of that load', measured.blocking.map((runs) => median(runs.map((run) => run.layoutShift))), shift],
    ['Lighthouse mobile dashboard: TBT', lighthouse('dashboard', (run) => run.numbers.tbtMs), ms],
    ['… main-thread work', lighthouse('dashboard', (run) => run.numbers.mainThreadMs), ms],
    ['… CLS', lighthouse('dashboard', (run) => run.numbers.cls), shift],
    ['… performance score', lighthouse('dashboard', (run) => run.scores.performance), String],
    ['Lighthouse mobile /login: performance score', lighthouse('login', (run) => run.scores.performance), String],
  ];
}

/** Prints the rows as a Markdown table, ready for docs/performance.md. */
export function compareSideBySide(builds: Build[], measured: Measured) {
  const runs = (build: number) => measured.dashboard[build]?.typed.length ?? 0;
  const lighthouseRuns = measured.lighthouse[0]?.dashboard.length ?? 0;
  console.log(`Side by side on this machine, ${builds.map((build, index) => `${build.label} (${runs(index)} runs)`).join(' and ')}, in turn, Lighthouse ${lighthouseRuns} runs each; medians:\n`);
  console.log(`| Figure | ${builds.map((build) => build.label).join(' | ')} | Ratio |`);
  console.log(`|---|${builds.map(() => '---|').join('')}---|`);
  for (const [figure, values, format] of sideBySideRows(measured)) {
    console.log(`| ${figure} | ${values.map(format).join(' | ')} | ${ratio(values[0]!, values.at(-1)!)} |`);
  }
  const failures = measured.lighthouse.flatMap((pages) => [...pages.login, ...pages.dashboard]).filter(isFailed).length;
  if (failures > 0) console.log(`\n${failures} Lighthouse runs failed (errors above) and count in no median.`);
}
