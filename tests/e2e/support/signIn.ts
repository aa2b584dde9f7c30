/** The one way a browser test signs in: through the login page, as a parent or admin would. */
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import type Texts from '../../../src/i18n/locales/en.json';
import { DEMO_PASSWORD } from './emulators';

export type Language = 'en' | 'de' | 'ru';

/** The app's own texts, read at run time, so that the tests follow the translations. */
export function texts(language: Language): typeof Texts {
  return JSON.parse(readFileSync(new URL(`../../../src/i18n/locales/${language}.json`, import.meta.url), 'utf8')) as typeof Texts;
}

/** Fills in and submits the login form (in the page's saved language), and nothing more. */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD, language: Language = 'en') {
  const t = texts(language);
  await page.goto('/login');
  const emailField = page.getByLabel(t.auth.email);
  const passwordField = page.getByLabel(t.auth.password);
  // The pre-rendered form is on screen before the app has started (the session check, the
  // texts); a form rendered anew meanwhile loses what was filled in ("Please fill in all fields"
  // with the e-mail gone, once in a full run). Filled until both fields keep it.
  await expect(async () => {
    await emailField.fill(email);
    await passwordField.fill(password);
    await expect(emailField).toHaveValue(email, { timeout: 1_000 });
    await expect(passwordField).toHaveValue(password, { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await page.getByRole('button', { name: t.auth.signIn, exact: true }).click();
}

/**
 * Signs in with the app in `language` and returns once the app has left /login and the landing
 * screen (dashboard or verify-email) shows its heading: the login page has an h1 too, so
 * waiting for "a heading" alone could pass before the sign-in did anything. No fixed waits.
 */
export async function signIn(page: Page, email: string, { password = DEMO_PASSWORD, language = 'en' }: { password?: string; language?: Language } = {}) {
  await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
  await submitLogin(page, email, password, language);
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  // The landing screen's heading inside <main>: the dashboard's (or the family-less card's,
  // which has no h1) appears only once the family's data has arrived, skeletons have none. The
  // production build's first visit also fetches the whole app shell for the service worker.
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible({ timeout: 20_000 });
}
