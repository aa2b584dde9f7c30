import { expect, test } from '@playwright/test';

const SIGN_IN = { en: 'Sign in', de: 'Anmelden', ru: 'Вход' } as const;
const LANGUAGE_LABEL = { en: 'Language', de: 'Sprache', ru: 'Язык' } as const;

test.describe('language', () => {
  // One visit: each language is chosen on the page and survives a reload of it (docs/testing.md,
  // "One visit, several checks").
  test('/login can be switched to de, ru and en, and each stays so after a reload', async ({ page }) => {
    await page.goto('/login');
    for (const language of ['de', 'ru', 'en'] as const) {
      await page.getByLabel(/Language|Sprache|Язык/).selectOption(language);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(SIGN_IN[language]);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      expect(await page.evaluate(() => localStorage.getItem('language'))).toBe(language);

      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(SIGN_IN[language]);
      await expect(page.getByLabel(LANGUAGE_LABEL[language])).toHaveValue(language);
    }
  });

  test('a German browser gets German on the first visit', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE' });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SIGN_IN.de);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBeNull();
    await context.close();
  });

  test('an unknown path leads to the dashboard, which sends a signed-out visitor to /login', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SIGN_IN.en);
  });
});
