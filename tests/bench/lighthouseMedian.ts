/**
 * The figures of several Lighthouse runs of one page, free of Lighthouse itself so that a unit
 * test can pin down which run counts.
 */
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export type Scores = Record<(typeof CATEGORIES)[number], number>;

/** A run that did not measure the page: Lighthouse's runtime error, or what it threw. */
export interface FailedRun {
  failure: string;
}

export const isFailed = (run: object): run is FailedRun => 'failure' in run;

/**
 * The run with the median performance score among the runs that measured the page (of an even
 * number, the lower middle one: the figure is held against a budget), the lowest score of each
 * other category among them, and every run's performance score ('failed' for a failed one).
 * A failed run's scores are no measurement of the page, so it counts in neither. Undefined when
 * every run failed.
 */
export function medianOfGoodRuns<T extends { scores: Scores }>(runs: ReadonlyArray<T | FailedRun>) {
  const good = runs.filter((run): run is T => !isFailed(run));
  if (good.length === 0) return undefined;
  const median = [...good].sort((a, b) => a.scores.performance - b.scores.performance)[Math.floor((good.length - 1) / 2)]!;
  const lowest = (category: (typeof CATEGORIES)[number]) => Math.min(...good.map((run) => run.scores[category]));
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, category === 'performance' ? median.scores.performance : lowest(category)])) as Scores;
  return { ...median, scores, performanceOfEachRun: runs.map((run) => (isFailed(run) ? 'failed' : String(run.scores.performance))) };
}
