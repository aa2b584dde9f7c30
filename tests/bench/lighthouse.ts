/**
 * Lighthouse (mobile, its default simulated throttling) on one page of the running app: the
 * median of a few runs, with what keeps it from full marks and where the JavaScript boot-up goes.
 */
import lighthouse from 'lighthouse';

/** Lighthouse's performance score moves by a few points from run to run; its docs advise a median of several. */
export const LIGHTHOUSE_RUNS = 3;

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface LighthouseRun {
  scores: Record<(typeof CATEGORIES)[number], number>;
  failing: string[];
  metrics: string;
  /** JavaScript boot-up: the total, and the scripts that cost most (Lighthouse's bootup-time audit). */
  bootup: string;
}

type BootupItem = { url: string; total: number; scripting: number; scriptParseCompile: number };

function bootupOf(audit: { displayValue?: string; details?: unknown } | undefined): string {
  const items = ((audit?.details as { items?: BootupItem[] } | undefined)?.items ?? []).slice(0, 5);
  // Items are script addresses, or a label such as "Unattributable".
  const name = (url: string) => (URL.canParse(url) ? new URL(url).pathname.replace(/-[\w-]{8}\.js$/, '.js') : url);
  return `${audit?.displayValue ?? '?'}: ${items.map((item) => `${name(item.url)} ${Math.round(item.total)} ms (parse ${Math.round(item.scriptParseCompile)})`).join(', ')}`;
}

async function lighthouseRun(url: string, port: number, signedIn: boolean): Promise<LighthouseRun> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], disableStorageReset: signedIn });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, Math.round((categories[category]?.score ?? 0) * 100)])) as LighthouseRun['scores'];
  const failing = Object.values(audits)
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual' && audit.scoreDisplayMode !== 'notApplicable')
    .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
  const metric = (id: string) => audits[id]?.displayValue ?? '?';
  return {
    scores,
    failing,
    metrics: `FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, main-thread work ${metric('mainthread-work-breakdown')}`,
    bootup: bootupOf(audits['bootup-time']),
  };
}

/**
 * LIGHTHOUSE_RUNS runs of one page: the run with the median performance score, every run's
 * performance score, and the lowest score of each other category.
 */
export async function lighthouseMedian(url: string, port: number, signedIn: boolean) {
  const runs: LighthouseRun[] = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) runs.push(await lighthouseRun(url, port, signedIn));
  const median = [...runs].sort((a, b) => a.scores.performance - b.scores.performance)[Math.floor(runs.length / 2)]!;
  const lowest = (category: (typeof CATEGORIES)[number]) => Math.min(...runs.map((run) => run.scores[category]));
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, category === 'performance' ? median.scores.performance : lowest(category)]));
  return { ...median, scores, performanceOfEachRun: runs.map((run) => run.scores.performance) };
}

