/**
 * The imprint and the privacy notice: linked from every page, signed in or out, in the UI's
 * language, with the texts of the build's settings (here the demo texts of legal/demo).
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { DEMO } from './support/emulators';
import { PERSISTENT_CACHE } from './support/firestoreCache';
import { LANGUAGES, openAs, switchLanguage, texts } from './support/signIn';

// The footer's test reloads as a returning parent does, from Firestore's persistent cache, which
// the other specs leave out (playwright.config.ts, src/data/testCache.ts).
test.use({ storageState: PERSISTENT_CACHE });

const SECTION = {
  en: { imprint: 'Represented by', privacy: 'Your rights' },
  de: { imprint: 'Vertreten durch', privacy: 'Ihre Rechte' },
  ru: { imprint: 'Представители', privacy: 'Ваши права' },
} as const;

/**
 * One visit: the visitor reads both texts in one language, goes back to the login page and
 * chooses the next one there (docs/testing.md, "One visit, several checks"). The privacy notice is
 * also opened directly in each language, as from a search engine.
 */
test('signed out in en, de and ru: the login page links both, and each shows its text', async ({ page }) => {
  await page.goto('/login');
  for (const language of LANGUAGES) {
    const t = texts(language);
    await switchLanguage(page, language);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.pages.login.title);

    await page.getByRole('contentinfo').getByRole('link', { name: t.legal.imprint }).click();
    await expect(page).toHaveURL(/\/imprint$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.legal.imprint);
    await expect(page.getByRole('heading', { level: 2, name: SECTION[language].imprint })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${t.legal.imprint} · `));
    await expectNoAxeViolations(page, `/imprint in ${language}`);

    await page.getByRole('contentinfo').getByRole('link', { name: t.legal.privacy }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.legal.privacy);
    await expect(page.getByRole('heading', { level: 2, name: SECTION[language].privacy })).toBeVisible();

    // Opened directly, as from a search engine, and back to the portal (the login page).
    await page.goto('/privacy');
    await expect(page.getByRole('heading', { level: 2, name: SECTION[language].privacy })).toBeVisible();
    await page.getByRole('link', { name: t.legal.backToPortal }).click();
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('signed in: the dashboard and the admin console link both, and the session stays', async ({ page }) => {
  const t = texts('de');
  await openAs(page, DEMO.admin, '/', { language: 'de' });
  await page.getByRole('contentinfo').getByRole('link', { name: t.legal.privacy }).click();
  await expect(page.getByRole('heading', { level: 2, name: SECTION.de.privacy })).toBeVisible();
  await page.getByRole('link', { name: t.legal.backToPortal }).click();
  await expect(page.getByRole('navigation').first()).toBeVisible();

  await page.goto('/admin');
  await page.getByRole('contentinfo').getByRole('link', { name: t.legal.imprint }).click();
  await expect(page.getByRole('heading', { level: 2, name: SECTION.de.imprint })).toBeVisible();
});

/**
 * Records the page's layout shifts that no input caused (what Lighthouse's CLS adds up), from
 * the start of every page load, with the elements that moved.
 */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: string[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node?: Node }> }>) {
        if (entry.hadRecentInput) continue;
        const moved = entry.sources.map(({ node }) => (node instanceof Element ? `${node.localName}.${node.className}` : String(node?.nodeName)));
        shifts.push(`${entry.value.toFixed(4)}: ${moved.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const layoutShifts = (page: Page) => page.evaluate(() => (window as unknown as { layoutShifts: string[] }).layoutShifts);

test('the footer waits for the page: nothing shifts while the dashboard and the admin console fill', async ({ page }) => {
  const t = texts('en');
  await recordLayoutShifts(page);
  await openAs(page, DEMO.owing);
  // A returning parent's reload: the kept figures, then the server's.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  await expect(page.getByTestId('sepa-qr')).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: t.legal.imprint })).toBeVisible();
  // The booking entry, read once the browser is idle, and the notices have come too: still nothing moved.
  await expect(page.getByRole('region', { name: new RegExp(`^${t.booking.dashboard.title.replace('{{quarter}}', '.+')}$`) })).toBeVisible();
  await expect(page.getByRole('region', { name: t.notices.title }).getByRole('status')).toHaveCount(0);
  expect(await layoutShifts(page)).toEqual([]);

  const admin = await page.context().browser()!.newPage();
  await recordLayoutShifts(admin);
  await openAs(admin, DEMO.admin, '/admin');
  // The run history, which the demo school's first sync filled (a table, or rows on a phone).
  await expect(admin.getByRole('region', { name: t.admin.history.title }).getByRole('button', { name: t.admin.history.details }).first()).toBeVisible();
  await expect(admin.getByRole('contentinfo').getByRole('link', { name: t.legal.imprint })).toBeVisible();
  expect(await layoutShifts(admin)).toEqual([]);
  await admin.close();
});
