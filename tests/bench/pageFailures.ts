/**
 * What a bench page that never showed what it waited for leaves behind: a screenshot, the page's
 * own console and errors since it opened (its Firestore worker's too), its address and the text
 * of its main area, alerts and statuses. Without them a wait that times out says only "30 s".
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, ConsoleMessage, Page } from '@playwright/test';

const FAILURES = '.cache/bench-web-failures';
const said = new WeakMap<Page, string[]>();

/** A new page of the context whose console and errors are kept from its first script on. */
export async function watchedPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const openedAt = Date.now();
  const lines: string[] = [];
  said.set(page, lines);
  const at = () => `${((Date.now() - openedAt) / 1000).toFixed(1)} s`;
  // Recent Playwright reports a worker's messages on the page too: each is kept once.
  const seen = new WeakSet<ConsoleMessage>();
  const keep = (from: string) => (message: ConsoleMessage) => {
    if (seen.has(message)) return;
    seen.add(message);
    lines.push(`${at()} ${from}console.${message.type()}: ${message.text()}`);
  };
  page.on('console', keep(''));
  page.on('worker', (worker) => worker.on('console', keep(`worker ${new URL(worker.url()).pathname} `)));
  page.on('pageerror', (error) => lines.push(`${at()} page error: ${error.stack ?? error.message}`));
  page.on('crash', () => lines.push(`${at()} the page crashed`));
  return page;
}

/**
 * Waits as `wait` does; should it fail, prints what the page shows and said, and throws with
 * `what` and the screenshot's path.
 */
export async function explainFailure<T>(page: Page, what: string, wait: () => Promise<T>): Promise<T> {
  try {
    return await wait();
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    console.log(`\n  FAILED: ${what}: ${reason}`);
    console.log(`    page: ${page.isClosed() ? '(closed)' : page.url()}`);
    mkdirSync(FAILURES, { recursive: true });
    const screenshot = join(FAILURES, `${new Date().toISOString().replace(/[:.]/g, '-')}-${what.replace(/\W+/g, '-').slice(0, 60)}.png`);
    const shot = await page.screenshot({ path: screenshot, fullPage: true }).then(() => screenshot, (failed: Error) => `none (${failed.message.split('\n')[0]})`);
    console.log(`    screenshot: ${shot}`);
    const shown = await page
      .locator('main, [role="alert"], [role="status"]')
      .evaluateAll((elements) => (elements as HTMLElement[]).filter((element) => element.checkVisibility()).map((element) => `${element.getAttribute('role') ?? element.tagName.toLowerCase()}: ${element.innerText.trim().replace(/\s+/g, ' ')}`).filter((text) => !text.endsWith(': ')))
      .catch(() => ['(could not be read)']);
    console.log(`    shown:${shown.length ? shown.map((text) => `\n      ${text}`).join('') : ' nothing in main, no alert or status'}`);
    const lines = said.get(page) ?? ['(not watched: opened without watchedPage)'];
    console.log(`    console and errors since the page opened:${lines.length ? lines.map((line) => `\n      ${line.replace(/\n/g, '\n        ')}`).join('') : ' none'}`);
    throw new Error(`${what}: ${reason} (screenshot ${shot})`, { cause: error });
  }
}
