/**
 * From "Sign in" to the dashboard painted with the family's figures, as the web bench measures it
 * (web.bench.ts, pageMarks.ts): the production build served as Hosting serves it, Debian's
 * Chromium, the form autofilled, a new browser context each run (a first visit).
 */
import { execFileSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { DEMO_PASSWORD } from '../../tools/appsheet/generator';
import { isPortOpen, run, stop, waitForPort } from '../../tools/lib/processes';
import { PROJECT_ID } from '../../tools/lib/stack';
import { fullChromiumPath } from '../../tools/prerequisites';
import { CHROMIUM_ARGS } from '../e2e/support/chromium';
import { explainFailure, watchedPage } from './pageFailures';
import { firestoreWaits, paintedAfter, recordDashboardPaint, type Timed } from './pageMarks';

const DIST = '.cache/bench-notices-dist';
const APP_PORT = 4176;
const APP = `http://127.0.0.1:${APP_PORT}`;
// The full Chromium, as Lighthouse and a parent's browser have it (not the tests' headless shell).
const CHROMIUM = fullChromiumPath();

/** Builds the app for the emulators and serves it while `work` runs. */
export async function withServedApp<T>(work: () => Promise<T>): Promise<T> {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', DIST, '--emptyOutDir'], {
    stdio: 'inherit',
    env: { ...process.env, VITE_USE_EMULATORS: 'true', VITE_FIREBASE_PROJECT_ID: PROJECT_ID },
  });
  if (await isPortOpen(APP_PORT)) throw new Error(`port ${APP_PORT} is already in use`);
  const hosting = run(process.execPath, ['--import', 'tsx', 'tools/serveDist.ts', '--dir', DIST, '--port', String(APP_PORT)], { stdio: 'ignore' });
  try {
    await waitForPort(APP_PORT);
    return await work();
  } finally {
    await stop(hosting);
  }
}

/**
 * `runs` sign-ins of a demo parent, each in a new context, after one untimed (the emulator's first
 * answers to a query are slower than its later ones); every run's time and its wait for the emulator.
 */
export async function dashboardSignIns(email: string, name: string, runs: number): Promise<Timed[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const times: Timed[] = [];
  try {
    for (let i = 0; i <= runs; i += 1) {
      const context = await browser.newContext({ locale: 'en-GB' });
      await context.addInitScript(recordDashboardPaint(`Welcome, ${name}!`));
      const page = await watchedPage(context);
      const waited = firestoreWaits(page);
      times.push(
        await explainFailure(page, `sign-in of ${email} to the dashboard`, async () => {
          await page.goto(`${APP}/login`);
          await page.getByLabel('Email', { exact: true }).fill(email);
          await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
          const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
          await signIn.click({ trial: true });
          const start = Date.now();
          await signIn.click();
          const ms = await paintedAfter(page, 'sign-in');
          return { ms, emulatorMs: waited(start, start + ms) };
        }),
      );
      if (i === 0) times.pop();
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return times;
}
