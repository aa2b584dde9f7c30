/**
 * The persistent local cache (design §9: a repeat visit renders from the device first): a parent
 * who opened the portal once sees the family's figures again with Firestore out of reach, and
 * signing out forgets them on that device. Within a visit the family's documents are read once:
 * moving between the screens asks Firestore for nothing.
 */
import { expect, test, type Page } from '@playwright/test';
import { KEPT_FAMILY_KEY } from '../../src/data/keptFamily';
import { formatMoney } from '../../src/domain/money';
import { DEMO, DEMO_PASSWORD, documentsWhere } from './support/emulators';
import { navLink, type Section } from './support/navigation';
import { firestoreDatabases, PERSISTENT_CACHE } from './support/firestoreCache';
import { openAs, texts } from './support/signIn';

// Firestore's persistent cache, as on a parent's own device: this spec is about it, where the
// other specs cache in memory (playwright.config.ts, src/data/testCache.ts).
test.use({ storageState: PERSISTENT_CACHE });

const en = texts('en');
const FIRESTORE_EMULATOR = 'http://127.0.0.1:8080/**';

/** The family as the page last showed it, which it keeps for the next visit (src/data/keptFamily.ts), or null. */
const keptFamily = (page: Page) => page.evaluate((key) => localStorage.getItem(key), KEPT_FAMILY_KEY);

test('a returning parent sees the family dashboard from this device while Firestore cannot be reached', async ({ page }) => {
  const [member] = (await documentsWhere('members', 'primaryEmail', DEMO.owing)) as unknown as Array<{ primaryName: string; balance: number }>;
  const welcome = page.getByRole('heading', { level: 1, name: en.dashboard.welcome.replace('{{name}}', member!.primaryName) });
  const balance = page.getByRole('region', { name: en.finance.title }).getByText(formatMoney(member!.balance, 'en-GB'), { exact: true }).first();

  await openAs(page, DEMO.owing);
  await expect(welcome).toBeVisible();
  await expect(balance).toBeVisible();
  expect(await firestoreDatabases(page)).not.toEqual([]);

  // Every request to Firestore now fails; Auth still answers (the session is kept on the device).
  let refused = 0;
  await page.route(FIRESTORE_EMULATOR, (route) => {
    refused += 1;
    return route.abort('internetdisconnected');
  });
  // Without what the page kept of the family (the test below), so the figures come from Firestore's cache.
  await page.addInitScript((key) => localStorage.removeItem(key), KEPT_FAMILY_KEY);
  await page.reload();
  await expect(welcome).toBeVisible();
  await expect(balance).toBeVisible();
  // The cache's figures paint before the server is asked; they stay once it cannot be reached.
  await expect.poll(() => refused).toBeGreaterThan(0);
  await expect(welcome).toBeVisible();
  await expect(balance).toBeVisible();
});

test('a second tab reads beside the one that keeps the cache, and keeps it once that tab is closed', async ({ page, context }) => {
  const welcome = (tab: Page) => tab.getByRole('heading', { level: 1, name: /^Welcome, / });
  await openAs(page, DEMO.owing);
  await expect(welcome(page)).toBeVisible();
  // Firestore's cache shared by tabs needs localStorage, which its worker lacks: one tab keeps it.
  const second = await context.newPage();
  await second.goto('/');
  await expect(welcome(second)).toBeVisible();
  await page.close();
  // Reloaded with Firestore out of reach and without the page's kept family, the second tab shows
  // the figures the first one kept in Firestore's cache.
  await second.route(FIRESTORE_EMULATOR, (route) => route.abort('internetdisconnected'));
  await second.addInitScript((key) => localStorage.removeItem(key), KEPT_FAMILY_KEY);
  await second.reload();
  await expect(welcome(second)).toBeVisible();
});

const FIRESTORE_WORKER = /\/firestore\.worker[^/]*\.(js|ts)(\?.*)?$/;

test.describe('without a service worker', () => {
  // A request the service worker answers from its cache never reaches page.route: once the worker
  // was active (under a full run's load it is by the time of the reload), the missing script came
  // from its precache and the family loaded. The case is a first visit with a new version, whose
  // worker script no service worker holds yet.
  test.use({ serviceWorkers: 'block' });

  test('a Firestore worker whose script cannot load ends in the data error, not an endless loading screen', async ({ page }) => {
    await openAs(page, DEMO.owing);
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
    await expect.poll(() => keptFamily(page)).not.toBeNull();
    // Nothing kept by the page (as on a first visit with a new version): the figures need the worker.
    // The entry goes as the reloaded page starts: the page it replaces may still keep the notices
    // that arrive after the figures.
    await page.addInitScript((key) => localStorage.removeItem(key), KEPT_FAMILY_KEY);
    await page.route(FIRESTORE_WORKER, (route) => route.fulfill({ status: 404, body: '' }));
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: en.dataErrors.member })).toBeVisible();
  });
});

test('a returning parent sees the family as last shown before the Firestore worker has even loaded', async ({ page }) => {
  const [member] = (await documentsWhere('members', 'primaryEmail', DEMO.owing)) as unknown as Array<{ primaryName: string; balance: number }>;
  const welcome = page.getByRole('heading', { level: 1, name: en.dashboard.welcome.replace('{{name}}', member!.primaryName) });
  const notices = page.getByRole('region', { name: en.notices.title });
  await openAs(page, DEMO.owing);
  await expect(welcome).toBeVisible();
  // Kept once the notices have come too.
  await expect(notices.getByRole('status')).toHaveCount(0);
  await expect.poll(async () => JSON.parse((await keptFamily(page)) ?? '{}').withCorrespondence).toBe(true);
  const noticesShown = await notices.innerText();

  // The worker's script never arrives: all the page has is what it kept.
  await page.route(FIRESTORE_WORKER, () => undefined);
  await page.reload();
  await expect(welcome).toBeVisible();
  await expect(page.getByRole('region', { name: en.finance.title }).getByText(formatMoney(member!.balance, 'en-GB'), { exact: true }).first()).toBeVisible();
  expect(await notices.innerText()).toBe(noticesShown);
});

/** Every new read (a listen target) the page asks Firestore for, by kind: 'documents' or 'query'. */
function firestoreReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().startsWith('http://127.0.0.1:8080/')) return;
    const body = decodeURIComponent(request.postData() ?? '');
    for (const [, kind] of body.matchAll(/"addTarget":\{"(documents|query)"/g)) reads.push(kind!);
  });
  return reads;
}

test('moving between the screens reads nothing from Firestore again', async ({ page }) => {
  const [member] = (await documentsWhere('members', 'primaryEmail', DEMO.owing)) as unknown as Array<{ primaryName: string }>;
  const reads = firestoreReads(page);
  const screens: Array<{ link: Section; heading: string }> = [
    { link: 'family', heading: en.pages.family.title },
    { link: 'plans', heading: en.pages.plans.title },
    { link: 'transactions', heading: en.pages.transactions.title },
    { link: 'bookDeposits', heading: en.pages.bookDeposits.title },
    { link: 'home', heading: en.dashboard.welcome.replace('{{name}}', member!.primaryName) },
  ];
  const open = async ({ link, heading }: (typeof screens)[number]) => {
    await navLink(page, link).click();
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  };

  await openAs(page, DEMO.owing);
  // The plans page shows its teachers and room hours, from the family's timetable, once every
  // read of the session is in: from then on, everything a session reads has been read.
  await open(screens[1]!);
  await expect(page.getByRole('main').getByText(/^Teacher: /).first()).toBeVisible();
  // The next quarter's offer is read (lightly) after the family's data: it is in once the
  // link to the booking page shows.
  await expect(page.getByRole('main').getByRole('link', { name: new RegExp(`^${en.plans.bookingLink.split('{{quarter}}')[0]}`) })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status', { name: en.common.loading })).toHaveCount(0);
  const afterSignIn = reads.length;
  expect(afterSignIn).toBeGreaterThan(0);

  for (const screen of [...screens, ...screens]) await open(screen);
  expect(reads).toHaveLength(afterSignIn);
});

test("signing out forgets the family's documents on this device", async ({ page }) => {
  await openAs(page, DEMO.credit);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await firestoreDatabases(page)).not.toEqual([]);

  await expect.poll(() => keptFamily(page)).not.toBeNull();

  await page.getByRole('button', { name: en.common.signOut }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => firestoreDatabases(page)).toEqual([]);
  expect(await keptFamily(page)).toBeNull();
});

test("signing out in a second tab forgets the family's documents the first tab keeps open", async ({ page, context }) => {
  await openAs(page, DEMO.owing);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  expect(await firestoreDatabases(page)).not.toEqual([]);
  await expect.poll(() => keptFamily(second)).not.toBeNull();

  // The first tab reloads when its session ends (AuthProvider's sessionEnd).
  const firstTabReloaded = page.waitForEvent('load');
  await second.getByRole('button', { name: en.common.signOut }).first().click();
  await expect(second).toHaveURL(/\/login$/);
  // The first tab's session ends with it (Auth tells every tab), and the database goes though
  // the first tab had it open. That tab then reloads (AuthProvider's sessionEnd): a read that
  // the reload interrupts is asked again.
  await expect(page).toHaveURL(/\/login$/);
  await firstTabReloaded;
  await expect.poll(() => firestoreDatabases(page).catch(() => ['(the page was reloading)'])).toEqual([]);
  expect(await keptFamily(second)).toBeNull();
  // Nothing left in flight for the context's teardown, which once waited out the test's time
  // (a clean-clone run on a busy machine) while the first tab may still have been reloading.
  await second.close();
  await page.goto('about:blank');
});

/** The accounts Firebase Auth keeps in this origin's IndexedDB (its persistence store). */
const storedAccounts = (page: Page) =>
  page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((database) => database.name === 'firebaseLocalStorageDb')) return 0;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('firebaseLocalStorageDb');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(new Error(String(request.error)));
    });
    if (!db.objectStoreNames.contains('firebaseLocalStorage')) return 0;
    const count = await new Promise<number>((resolve) => {
      const request = db.transaction('firebaseLocalStorage').objectStore('firebaseLocalStorage').count();
      request.onsuccess = () => resolve(request.result);
    });
    db.close();
    return count;
  });

test('"This is a shared computer" keeps nothing of the family or the session on the device', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(en.auth.email).fill(DEMO.credit);
  await page.getByLabel(en.auth.password).fill(DEMO_PASSWORD);
  await page.getByRole('checkbox', { name: en.auth.sharedComputer }).check();
  await page.getByRole('button', { name: en.auth.signIn, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  await navLink(page, 'plans').click();
  await expect(page.getByRole('heading', { level: 1, name: en.pages.plans.title })).toBeVisible();

  expect(await firestoreDatabases(page)).toEqual([]);
  expect(await storedAccounts(page)).toBe(0);
  expect(await keptFamily(page)).toBeNull();
  // Nor a note that a session may be here, which would have the next start open Firestore's cache.
  expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
  // Nothing to come back to: a reload ends the session.
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  expect(await firestoreDatabases(page)).toEqual([]);
  expect(await storedAccounts(page)).toBe(0);
});
