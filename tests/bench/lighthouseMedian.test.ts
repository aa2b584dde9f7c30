import { describe, expect, it } from 'vitest';
import { medianOfGoodRuns, type FailedRun } from './lighthouseMedian';

const run = (performance: number, accessibility = 100, name = `run ${performance}`) => ({
  name,
  scores: { performance, accessibility, 'best-practices': 100, seo: 100 },
});
const failed: FailedRun = { failure: 'NO_FCP: The page did not paint any content.' };

describe('medianOfGoodRuns', () => {
  it('takes the run with the median performance and the lowest of each other category', () => {
    const chosen = medianOfGoodRuns([run(92, 100), run(99, 96), run(95, 100)]);
    expect(chosen).toMatchObject({ name: 'run 95', scores: { performance: 95, accessibility: 96, 'best-practices': 100, seo: 100 } });
    expect(chosen?.performanceOfEachRun).toEqual(['92', '99', '95']);
  });

  it('leaves a failed run out of the median and the lowest scores, and says it failed', () => {
    const chosen = medianOfGoodRuns([run(90, 98), failed, run(99, 100)]);
    // Counted as a score of 0, the failed run would have made 90 the median and 0 the lowest.
    expect(chosen).toMatchObject({ name: 'run 90', scores: { performance: 90, accessibility: 98 } });
    expect(chosen?.performanceOfEachRun).toEqual(['90', 'failed', '99']);
  });

  it('of an even number of good runs takes the lower middle one', () => {
    expect(medianOfGoodRuns([run(99), failed, run(80)])?.name).toBe('run 80');
  });

  it('has no figures when every run failed', () => {
    expect(medianOfGoodRuns([failed, failed, failed])).toBeUndefined();
    expect(medianOfGoodRuns([])).toBeUndefined();
  });
});
