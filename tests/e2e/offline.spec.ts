/**
 * Installable, and readable offline (the production build, served as Hosting serves it): the
 * manifest and the service worker satisfy Chromium's installability checks; a parent who opened
 * the portal once gets the app shell from the worker and the family's figures from Firestore's
 * cache with the device offline; a newly deployed version waits for "reload to update". A first
 * visit registers the worker only once the family's figures are on screen (its download must not
 * compete with signing in); a returning visitor's page registers it at load, /login included.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { devices, expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { formatInstant } from '../../src/domain/freshness';
import { intlLocales } from '../../src/domain/locales';
import { formatMoney } from '../../src/domain/money';
import { DEMO, documentsWhere, firestoreDocument } from './support/emulators';
import { HOSTING_DIST } from './support/hosting';
import { signIn, texts, type Language } from './support/signIn';

const en = texts('en');

interface WebManifest {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
}

/** Resolves once a service worker controls the page; the first visit's worker takes over at the next load. */
async function waitForServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none')).toBe('activated');
}

/** The service worker registrations of the page's origin, once the page and what it loads have settled. */
async function registrationsWhenSettled(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((registration) => registration.scope));
}

/** "Offline — data as of …" with the start of the last successful sync, in the page's language. */
async function offlineNotice(page: Page, language: Language) {
  const { lastSuccessfulSyncAt } = (await firestoreDocument('sync_metadata/public')) as { lastSuccessfulSyncAt: string };
  const when = formatInstant(lastSuccessfulSyncAt, intlLocales[language], 'Europe/Berlin');
  return page.getByRole('status').filter({ hasText: texts(language).freshness.offline.replace('{{when}}', when) });
}

async function welcomeAndBalance(page: Page, email: string, language: Language = 'en') {
  const t = texts(language);
  const [member] = (await documentsWhere('members', 'primaryEmail', email)) as unknown as Array<{ primaryName: string; balance: number }>;
  const locale = intlLocales[language];
  return {
    welcome: page.getByRole('heading', { level: 1, name: t.dashboard.welcome.replace('{{name}}', member!.primaryName) }),
    balance: page.getByRole('region', { name: t.finance.title }).getByText(formatMoney(member!.balance, locale), { exact: true }).first(),
  };
}

test('the manifest names the app, its colours and icons that exist in the stated sizes', async ({ page, request }) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await request.get(href!);
  expect(response.status()).toBe(200);
  // Revalidated on each visit, as is the worker itself: a deploy reaches installed apps.
  expect(response.headers()['cache-control']).toBe('no-cache');
  expect((await request.get('/sw.js')).headers()['cache-control']).toBe('no-cache');

  const manifest = (await response.json()) as WebManifest;
  expect(manifest).toMatchObject({ name: 'Family Portal', short_name: 'Family Portal', start_url: '/', display: 'standalone', theme_color: '#0f766e' });
  const themeColour = await page.locator('meta[name="theme-color"]').getAttribute('content');
  expect(themeColour).toBe(manifest.theme_color);

  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
  expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of [...pngs, { src: '/apple-touch-icon.png', sizes: '180x180' }]) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type'], icon.src).toBe('image/png');
    const { width, height } = PNG.sync.read(await file.body());
    expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
  }
  // A maskable icon is cut to the launcher's shape: its corners must be painted, not transparent.
  const maskable = PNG.sync.read(await (await request.get(pngs.find((icon) => icon.purpose === 'maskable')!.src)).body());
  expect(maskable.data[3], 'alpha of the top left pixel').toBe(255);
});

test('Chromium finds the app installable; a first visit registers the worker once the family is on screen, and it controls the page after a reload', async ({ playwright, baseURL }, testInfo) => {
  // In a test's default (incognito-like) context Chromium reports "in-incognito" and nothing
  // else; a browser profile on disk is what a parent has.
  const profile = mkdtempSync(join(tmpdir(), 'portal-install-'));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/login');
    expect(await registrationsWhenSettled(page)).toEqual([]);

    await signIn(page, DEMO.credit);
    const { balance } = await welcomeAndBalance(page, DEMO.credit);
    await expect(balance).toBeVisible();
    await waitForServiceWorker(page);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
    expect(installabilityErrors).toEqual([]);
    const { url, errors } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: Array<{ message: string }> };
    expect(url).toMatch(/\/manifest\.webmanifest$/);
    expect(errors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the worker precaches the shell and never answers for Firebase or Hosting\'s own URLs with the app', () => {
  const worker = readFileSync(join(HOSTING_DIST, 'sw.js'), 'utf8');
  // Workbox's injectManifest writes the precache list into the built worker as JSON.
  const precached = [...worker.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!);
  const index = readFileSync(join(HOSTING_DIST, 'index.html'), 'utf8');
  const entry = index.match(/src="\/(assets\/[^"]+\.js)"/)![1]!;
  expect(precached).toEqual(expect.arrayContaining(['index.html', 'manifest.webmanifest', 'pwa-192.png', 'pwa-512.png', entry]));
  // Every language's texts, so that switching language works offline too.
  const chunks = precached.filter((url) => url.startsWith('assets/')).map((url) => readFileSync(join(HOSTING_DIST, url), 'utf8'));
  for (const language of ['en', 'de', 'ru'] as const) {
    const text = texts(language).pwa.updateAvailable;
    expect(chunks.some((chunk) => chunk.includes(text)), language).toBe(true);
  }
  // The PDF code (yearly statement, mandate copy) loads on a parent's click only, never with the shell.
  expect(precached.filter((url) => /^assets\/pdf-/.test(url))).toEqual([]);
  expect(worker).toContain('[/^\\/__\\//,/^\\/assets\\//');
  // No runtime caching: Auth, Firestore and the functions are not the worker's business. The
  // minified worker names no classes, so its source says which routes there are: the navigations only.
  const source = readFileSync('src/sw/sw.ts', 'utf8');
  expect([...source.matchAll(/registerRoute\(([^(]+)\(/g)].map((match) => match[1])).toEqual(['new NavigationRoute']);
  expect(worker).not.toMatch(/googleapis|cloudfunctions/);
});

test("firebase.json's policy lets the page register its own worker and read its own manifest, nothing else's", () => {
  const hosting = (JSON.parse(readFileSync('firebase.json', 'utf8')) as { hosting: { headers: Array<{ headers: Array<{ key: string; value: string }> }> } }).hosting;
  const policy = hosting.headers.flatMap((rule) => rule.headers).find((header) => header.key === 'Content-Security-Policy')!.value;
  const directives = new Map(policy.split(';').map((directive) => directive.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
  expect(directives.get('worker-src')).toEqual(["'self'"]);
  expect(directives.get('manifest-src')).toEqual(["'self'"]);
});

test('a parent who opened the portal once sees the dashboard offline', async ({ page, context }) => {
  await signIn(page, DEMO.owing);
  const { welcome, balance } = await welcomeAndBalance(page, DEMO.owing);
  await expect(welcome).toBeVisible();
  await expect(balance).toBeVisible();
  await waitForServiceWorker(page);
  await expect(balance).toBeVisible();

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(welcome).toBeVisible();
    await expect(balance).toBeVisible();
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    await expect(await offlineNotice(page, 'en')).toBeVisible();

    // Another screen by its address (a bookmark, a link in an e-mail): the worker answers with the app.
    await page.goto('/transactions');
    await expect(page.getByRole('heading', { level: 1, name: en.pages.transactions.title })).toBeVisible();
    // Hosting's own files are not the app: offline, robots.txt is an error page, not the dashboard.
    const robots = await page.goto('/robots.txt').catch((error: Error) => error);
    expect(robots instanceof Error ? robots.message : String(robots?.status())).toMatch(/ERR_INTERNET_DISCONNECTED/);
  } finally {
    await context.setOffline(false);
  }
});

test.describe('on a phone', () => {
  const { defaultBrowserType: _, ...pixel7 } = devices['Pixel 7'];
  test.use(pixel7);

  test('in German, the dashboard comes back offline', async ({ page, context }) => {
    await signIn(page, DEMO.credit, { language: 'de' });
    const { welcome, balance } = await welcomeAndBalance(page, DEMO.credit, 'de');
    await expect(balance).toBeVisible();
    await waitForServiceWorker(page);

    await context.setOffline(true);
    try {
      await page.reload();
      await expect(welcome).toBeVisible();
      await expect(balance).toBeVisible();
      await expect(await offlineNotice(page, 'de')).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });
});

test('a newly deployed version waits until the parent chooses "reload to update", on a returning visitor\'s /login too', async ({ page }) => {
  await signIn(page, DEMO.credit);
  await expect((await welcomeAndBalance(page, DEMO.credit)).balance).toBeVisible();
  await waitForServiceWorker(page);
  // Signed out and back another day: the worker answers for /login, and the page registers it
  // once loaded (and then loads nothing more), so that it hears of a new version.
  await page.getByRole('button', { name: en.common.signOut }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/login');
  await page.waitForLoadState('networkidle');

  // The next deploy: a worker script that differs by a byte is a new version to the browser.
  // (The browser fetches the worker script itself, past Playwright's routing, so the served
  // file changes for the length of this test; the test server reads it on every request.)
  const workerFile = join(HOSTING_DIST, 'sw.js');
  const deployed = readFileSync(workerFile, 'utf8');
  writeFileSync(workerFile, `${deployed}\n// the next version\n`);
  try {
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    const prompt = page.getByRole('status').filter({ hasText: en.pwa.updateAvailable });
    await expect(prompt).toBeVisible();
    // The running version stays until the parent asks: the new one waits.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting?.state)).toBe('installed');

    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: en.pwa.reload }).click();
    await reloaded;
    await expect(page.getByRole('heading', { level: 1, name: en.pages.login.title })).toBeVisible();
    await expect(page.getByRole('button', { name: en.pwa.reload })).toHaveCount(0);
    // The new version took over: nothing waits any more, and it controls the page.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting)).toBeNull();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state)).toBe('activated');
  } finally {
    writeFileSync(workerFile, deployed);
  }
});
