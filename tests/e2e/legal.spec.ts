/**
 * The imprint and the privacy notice: linked from every page, signed in or out, in the UI's
 * language, with the texts of the build's settings (here the demo texts of legal/demo).
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { DEMO } from './support/emulators';
import { openAs, texts } from './support/signIn';

const SECTION = {
  en: { imprint: 'Represented by', privacy: 'Your rights' },
  de: { imprint: 'Vertreten durch', privacy: 'Ihre Rechte' },
  ru: { imprint: 'Представители', privacy: 'Ваши права' },
} as const;

for (const language of ['en', 'de', 'ru'] as const) {
  test(`signed out in ${language}: the login page links both, and each shows its text`, async ({ page }) => {
    const t = texts(language);
    await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
    await page.goto('/login');
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
  });
}

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
