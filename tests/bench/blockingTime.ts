/**
 * The signed-in dashboard's blocking time on a slow phone's CPU, measured in the browser itself:
 * Chromium slows its CPU down 4× (DevTools' CPU throttling, what Lighthouse's mobile run models)
 * and the page's own Long Tasks API reports every task over 50 ms.
 *
 * Lighthouse's TBT on this machine moves between 390 and 1,210 ms for one build (it multiplies
 * tasks measured under its tracing, beside the emulators); this figure names the same thing,
 * the time a tap waits, with far less noise.
 */
import type { BrowserContext } from '@playwright/test';
import { logCommits, REACT_COMMITS_SCRIPT, type ReactCommit } from './reactCommits';

/** Lighthouse's mobile CPU slowdown. */
const CPU_SLOWDOWN = 4;
/** The page counts as settled once no long task has come for this long (Lighthouse waits 5 s for TTI). */
const QUIET_MS = 3000;

const recordLongTasks = `{
  window.longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longTasks.push({ endedAt: entry.startTime + entry.duration, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  // Layout shifts not caused by the parent's input, summed: CLS as Lighthouse counts it on a load.
  window.layoutShift = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.layoutShift += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
}`;

type LongTasks = { longTasks: Array<{ endedAt: number; duration: number }>; layoutShift: number };

export interface BlockingRun {
  /** The sum of each long task's time over 50 ms, from navigation until the page has settled. */
  blockingMs: number;
  longestMs: number;
  /** What moved on screen meanwhile: the sum of the layout shifts (CLS of the whole load). */
  layoutShift: number;
}

/**
 * Opens `url` `runs` times, each in a new tab of the signed-in `context` with the CPU slowed
 * down; waits for `shown` (a text on the screen) and for the main thread to settle, and sums the
 * blocking time. A new tab, as a parent opens the portal again: the other tabs are closed first
 * (a second tab would cache in memory, see the Firestore worker).
 */
export async function blockingTimes(context: BrowserContext, url: string, shown: string, runs: number, { commitsTo }: { commitsTo?: string } = {}): Promise<BlockingRun[]> {
  await context.addInitScript(recordLongTasks);
  // React's commits of each load, for reactCommits.ts (`--react-commits`).
  if (commitsTo) await context.addInitScript(REACT_COMMITS_SCRIPT);
  const results: BlockingRun[] = [];
  for (let run = 0; run < runs; run++) {
    const page = await context.newPage();
    try {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.goto(url);
      // Not getByText: Playwright's text search walks every element of the page on its main
      // thread, a long task of its own on a slowed-down CPU, which would count against the page.
      await page.waitForFunction((text) => document.body.textContent?.includes(text), shown, { polling: 100, timeout: 60_000 });
      // Settled: the last long task ended QUIET_MS ago (or none came for QUIET_MS after the text).
      const shownAt = await page.evaluate(() => performance.now());
      await page.waitForFunction(
        ([since, quiet]) => {
          const last = (window as unknown as LongTasks).longTasks.at(-1)?.endedAt ?? since;
          return performance.now() - Math.max(last, since) >= quiet;
        },
        [shownAt, QUIET_MS] as const,
        { polling: 250, timeout: 60_000 },
      );
      const { longTasks, layoutShift } = await page.evaluate(() => {
        const { longTasks, layoutShift } = window as unknown as LongTasks;
        return { longTasks, layoutShift };
      });
      if (commitsTo) logCommits(commitsTo, { url, commits: await page.evaluate(() => (window as unknown as { reactCommits: ReactCommit[] }).reactCommits) });
      const durations = longTasks.map((task) => task.duration);
      results.push({
        layoutShift: Math.round(layoutShift * 1000) / 1000,
        blockingMs: Math.round(durations.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0)),
        longestMs: Math.round(Math.max(0, ...durations)),
      });
    } finally {
      await page.close();
    }
  }
  return results;
}
