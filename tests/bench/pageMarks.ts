/**
 * What the web bench reads in its pages: marks the page sets itself at the frame a screen shows,
 * and how long the page waited for the Firestore emulator meanwhile.
 */
import type { Page, Request } from '@playwright/test';
import { PORTS } from '../../tools/lib/stack';

/**
 * How long the page waited for the Firestore emulator: the union of its Listen channel's
 * forward requests (each carries new reads and returns once the emulator has taken them in),
 * within a time window. The emulator scans collections and evaluates the rules without
 * indexes, so on this machine it is a large share of the dashboard's time; production
 * Firestore answers these indexed queries in a round trip.
 */
export function firestoreWaits(page: Page) {
  const spans: { from: number; to: number }[] = [];
  const open = new Map<Request, number>();
  const isForward = (request: Request) => request.method() === 'POST' && request.url().includes(`:${PORTS.firestore}/`) && request.url().includes('/Listen/channel');
  const close = (request: Request) => {
    const from = open.get(request);
    if (from === undefined) return;
    open.delete(request);
    spans.push({ from, to: Date.now() });
  };
  page.on('request', (request) => isForward(request) && open.set(request, Date.now()));
  page.on('requestfinished', close);
  page.on('requestfailed', close);
  return (from: number, to: number) => {
    let waited = 0;
    let reached = from;
    for (const span of [...spans].sort((a, b) => a.from - b.from)) {
      const start = Math.max(span.from, reached);
      const end = Math.min(span.to, to);
      if (end > start) waited += end - start;
      reached = Math.max(reached, Math.min(span.to, to));
    }
    return waited;
  };
}

export interface Timed {
  ms: number;
  /** Of that, waiting for the Firestore emulator's answers. */
  emulatorMs: number;
  /** How much the page moved after that paint, once settled (the dashboard's sign-in runs only). */
  shift?: number;
}

type Marks = { signInClickedAt?: number; dashboardPaintedAt?: number };

/**
 * Runs in every page before its scripts: notes, in the page's own clock (ms since its navigation
 * began), when "Sign in" was clicked and the frame in which the welcome heading first showed.
 * Playwright's waitFor checks every 500 ms once it has waited a while, which would add up to
 * half a second to a figure; the page knows to the frame. (A string, not a function: tsx would
 * add helpers of its own to a function's source, which the page does not have.)
 */
export const recordDashboardPaint = (heading: string) => `{
  const heading = ${JSON.stringify(heading)};
  document.addEventListener('click', (event) => { window.signInClickedAt ??= event.timeStamp; }, { capture: true });
  const observer = new MutationObserver(() => {
    if (![...document.querySelectorAll('h1')].some((h1) => h1.textContent.trim() === heading)) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.dashboardPaintedAt = performance.now(); });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
  // What moves once the dashboard is painted (the notices and the booking entry come later), and
  // when the page last changed at all: the shift is read once it has been still for a while.
  window.shiftAfterPaint = 0;
  window.changedAt = 0;
  new MutationObserver(() => { window.changedAt = performance.now(); }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (window.dashboardPaintedAt !== undefined && !entry.hadRecentInput) window.shiftAfterPaint += entry.value;
    }
  }).observe({ type: 'layout-shift' });
}`;

type Settled = { shiftAfterPaint: number; changedAt: number };

/** How much the painted dashboard moved (its layout shift, as CLS counts it) once nothing changed for `quietMs`. */
export async function shiftAfterPaint(page: Page, quietMs = 1500): Promise<number> {
  await page.waitForFunction((quiet) => performance.now() - (window as unknown as Settled).changedAt >= quiet, quietMs, { polling: 250, timeout: 30_000 });
  return page.evaluate(() => Math.round((window as unknown as Settled).shiftAfterPaint * 1000) / 1000);
}

export async function paintedAfter(page: Page, startedAt: 'navigation' | 'sign-in'): Promise<number> {
  await page.waitForFunction(() => (window as Marks).dashboardPaintedAt !== undefined);
  const { signInClickedAt, dashboardPaintedAt } = await page.evaluate(() => {
    const { signInClickedAt, dashboardPaintedAt } = window as Marks;
    return { signInClickedAt, dashboardPaintedAt };
  });
  return Math.round(dashboardPaintedAt! - (startedAt === 'navigation' ? 0 : signInClickedAt!));
}

/**
 * Runs in every page before its scripts: notes the frame in which the screen's content first
 * showed: a heading in <main> and no loading state of the screen (the Suspense fallback or the
 * screen's skeleton).
 */
export const recordScreenShown = `{
  // A loading state says "Loading…" (English: the bench's browser language); a notice of old or
  // offline figures is a status too, but not a loading one.
  const loading = (status) => status.getAttribute('aria-label') === 'Loading…' || status.textContent.includes('Loading…');
  const shown = () => document.querySelector('main h1') && ![...document.querySelectorAll('main [role="status"]')].some(loading);
  const observer = new MutationObserver(() => {
    if (!shown()) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.screenShownAt = performance.now(); });
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
}`;
