import { defineConfig, devices } from '@playwright/test';
import { HOSTING_DIST, HOSTING_ORIGIN, HOSTING_PORT } from './tests/e2e/support/hosting';
import { PORTS } from './tools/lib/stack';
import { chromiumPath } from './tools/prerequisites';
import { launchOptions } from './tests/e2e/support/chromium';
import { MEMORY_CACHE } from './tests/e2e/support/firestoreCache';

// Debian's Chromium, as its old headless shell (package chromium-headless-shell): Playwright's
// own browser download is not available here. The shell renders pages as Chromium does without
// the browser's own UI, which cost the full build about twice the CPU per test (docs/testing.md).
// push.spec.ts alone takes the full build: the shell has no notifications.
const chromium = launchOptions(chromiumPath());

// Firestore caches in memory in the desktop and phone projects' pages (src/data/testCache.ts):
// writing its persistent cache anew in every fresh context was about a fifth of Chromium's CPU
// (docs/testing.md). The specs about that cache (cache.spec.ts, legal.spec.ts's returning parent)
// and the hosting project keep it, as a parent's own device does. A context a test opens itself
// (browser.newContext) has no cookie either, and keeps it too.

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // A bound, not a budget: on CI the browser tests share 2 cores with the other lanes, lint and
  // the type checks, and a test of 20 s here took 30 there (the e-mail of notifications.spec.ts).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.cache/results/e2e.json' }]],
  globalSetup: './tests/e2e/global-setup.ts',
  use: {
    // Every browser test runs on the production build (served as Hosting serves it, CSP
    // included): what parents get, and pages load without Vite's dev server compiling modules
    // on every navigation (docs/performance.md has the suite's times).
    baseURL: HOSTING_ORIGIN,
    // No trace: recording one (DOM snapshots at every step) cost about 15 % of the browser
    // tests' time, for every passing test, and CI keeps only the log. To see a failure step by
    // step, run its file again with `--trace retain-on-failure` (docs/testing.md).
    trace: 'off',
    launchOptions: chromium,
    // No service worker outside the specs about it (the hosting project's, push.spec.ts): its
    // install, once the family is shown, fetched and stored the whole app shell anew in every
    // fresh context, about 0.9 s of Chromium's CPU for each test that stayed a few seconds
    // longer (docs/testing.md). The app works without one, as in a browser that has none.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium, storageState: MEMORY_CACHE }, testIgnore: /hosting|offline|plans-phone|direct-debit/ },
    // The account-creating flows run once, on desktop (see tests/e2e/auth-flows.spec.ts); so
    // does the layout guard, which sets the widths from 320 px up itself, and so do the specs
    // whose subject has no phone of its own: the local cache, the sync console, the statement
    // PDF, the screens' content per language, the office's console (the layout guard's walk runs axe at the phone's width),
    // and what no device changes: the page's origins, the language switch, when Firestore loads;
    // and the waiting list's three families, whose run uses families up (waiting-list.spec.ts);
    // and web push, which no device emulation changes (push.spec.ts checks its section at 320 px).
    // The dashboard's figures and QR code, the legal texts and the deep links run on desktop
    // only: the phone's width of those screens is the layout guard's, with axe at 414 px, and what
    // they check does not change with the device (docs/testing.md). The phone keeps the flows a
    // parent does on it: booking, the notices through the bottom bar, the direct debit.
    // One device pixel per CSS pixel: what the tests check is in CSS pixels, and the Pixel 7's
    // 2.625 made Chromium paint seven times the pixels (docs/testing.md).
    { name: 'phone', use: { ...devices['Pixel 7'], deviceScaleFactor: 1, launchOptions: chromium, storageState: MEMORY_CACHE }, testIgnore: /auth-flows|auth-action|account-takeover|membership-check|family|access|hosting|offline|layout|notifications|calendar|office|emails|screens-in-languages|cache|admin|statement|origins|language|login|waiting-list|push|dashboard|legal|pages/ },
    // Dark mode has no project of its own: every axe check looks at the screen in light and in
    // dark mode (tests/e2e/support/axe.ts).
    // What only a real deploy has: firebase.json's headers and caching, the service worker offline.
    {
      name: 'hosting',
      // offline.spec.ts: the service worker is in the production build only.
      testMatch: /(hosting|offline)\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium, serviceWorkers: 'allow' },
    },
  ],
  webServer: [
    {
      command: 'node --import tsx tools/appsheet/server.ts --port 8787 --families 60 --fresh --data .cache/appsheet-e2e.json',
      url: 'http://127.0.0.1:8787/__demo/health',
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The local inbox (MailDev) and the sender of the mail collection, as `npm start` runs them.
      command: 'node --import tsx tools/mail/serve.ts',
      url: 'http://127.0.0.1:1080/api/healthz',
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // Gives the pages their push subscriptions, and decrypts what the functions push (src/api/pushSubscription.ts).
      command: 'node --import tsx tools/push/serve.ts',
      url: `http://127.0.0.1:${PORTS.push}/messages`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The build first, unless npm test made it already (HOSTING_BUILT, tools/buildHosting.ts).
      command: `${process.env.HOSTING_BUILT ? '' : 'node --import tsx tools/buildHosting.ts && '}node --import tsx tools/serveDist.ts --dir ${HOSTING_DIST} --port ${HOSTING_PORT} --uncompressed`,
      url: `${HOSTING_ORIGIN}/robots.txt`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
