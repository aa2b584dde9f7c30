/**
 * Lighthouse (mobile, its default simulated throttling) on one page of the running app: the
 * median of a few runs, with what keeps it from full marks and where the JavaScript boot-up goes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { CATEGORIES, isFailed, medianOfGoodRuns, type FailedRun, type Scores } from './lighthouseMedian';
import { chunkName } from './webScripts';

export { CATEGORIES } from './lighthouseMedian';

/** Lighthouse's performance score moves by a few points from run to run; its docs advise a median of several. */
export const LIGHTHOUSE_RUNS = 3;

export interface LighthouseRun {
  scores: Scores;
  failing: string[];
  metrics: string;
  /** JavaScript boot-up: the total, and the scripts that cost most (Lighthouse's bootup-time audit). */
  bootup: string;
  /** The figures compared side by side (`--against`): TBT and main-thread work in ms, CLS. */
  numbers: { tbtMs: number; mainThreadMs: number; cls: number };
}

type BootupItem = { url: string; total: number; scripting: number; scriptParseCompile: number };

function bootupOf(audit: { displayValue?: string; details?: unknown } | undefined): string {
  const items = ((audit?.details as { items?: BootupItem[] } | undefined)?.items ?? []).slice(0, 5);
  // Items are script addresses, or a label such as "Unattributable".
  const name = (url: string) => (URL.canParse(url) ? chunkName(new URL(url).pathname) : url);
  return `${audit?.displayValue ?? '?'}: ${items.map((item) => `${name(item.url)} ${Math.round(item.total)} ms (parse ${Math.round(item.scriptParseCompile)})`).join(', ')}`;
}

/** Where each run's report and trace are kept (`--lighthouse-reports`); nowhere unless told. */
let reportsDir: string | undefined;

/**
 * Keeps every run's report and trace in `dir`, named by the app's port (4175 this tree, 4176 the
 * `--against` build), the page and the time: tests/bench/lighthouseTraces.ts compares them.
 */
export function keepLighthouseReports(dir: string) {
  mkdirSync(dir, { recursive: true });
  reportsDir = dir;
}

async function lighthouseRun(url: string, port: number, signedIn: boolean): Promise<LighthouseRun | FailedRun> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], disableStorageReset: signedIn });
  if (!result) return { failure: 'Lighthouse returned no result' };
  if (reportsDir) {
    const { port: appPort, pathname } = new URL(url);
    const name = join(reportsDir, `${appPort}-${pathname === '/' ? 'dashboard' : pathname.slice(1).replaceAll('/', '_')}-${Date.now()}`);
    writeFileSync(`${name}.report.json`, JSON.stringify(result.lhr));
    writeFileSync(`${name}.trace.json`, JSON.stringify(result.artifacts.Trace));
  }
  const { categories, audits, runtimeError } = result.lhr;
  // A run that could not load the page (NO_FCP, a navigation error) still scores every category,
  // with null: no measurement of the page, which must not count as a 0.
  if (runtimeError) return { failure: `${runtimeError.code}: ${runtimeError.message}` };
  const unscored = CATEGORIES.filter((category) => typeof categories[category]?.score !== 'number');
  if (unscored.length) return { failure: `no score for ${unscored.join(', ')}` };
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, Math.round(categories[category]!.score! * 100)])) as Scores;
  const failing = Object.values(audits)
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual' && audit.scoreDisplayMode !== 'notApplicable')
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  const metric = (id: string) => audits[id]?.displayValue ?? '?';
  return {
    scores,
    failing,
    metrics: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, main-thread work ${metric('mainthread-work-breakdown')}`,
    bootup: bootupOf(audits['bootup-time']),
    numbers: {
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
      mainThreadMs: Math.round(audits['mainthread-work-breakdown']?.numericValue ?? NaN),
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    },
  };
}

/** `runs` runs of one page; each failed run is printed with its error as it happens. */
export async function lighthouseRuns(url: string, port: number, signedIn: boolean, runs = LIGHTHOUSE_RUNS) {
  const results: Array<LighthouseRun | FailedRun> = [];
  for (let i = 0; i < runs; i++) {
    // A run that throws (Chromium's tab gone, a protocol timeout) is a failed run too; the next may measure.
    const run = await lighthouseRun(url, port, signedIn).catch((error: unknown): FailedRun => ({ failure: error instanceof Error ? error.message : String(error) }));
    if (isFailed(run)) console.log(`  Lighthouse run ${i + 1} of ${runs} on ${new URL(url).pathname} failed: ${run.failure}`);
    results.push(run);
  }
  return results;
}

/** LIGHTHOUSE_RUNS runs of one page, the figures of those that measured it (medianOfGoodRuns); undefined when every run failed. */
export async function lighthouseMedian(url: string, port: number, signedIn: boolean) {
  return medianOfGoodRuns(await lighthouseRuns(url, port, signedIn));
}
