/**
 * How a browser test signs in: through the login page, as a parent or admin would (signIn), or
 * back on the portal with the session of such a sign-in (openAs).
 */
import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import type Texts from '../../../src/i18n/locales/en.json';
import { accountUid, DEMO_PASSWORD } from './emulators';

export const LANGUAGES = ['en', 'de', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

const textsRead = new Map<Language, typeof Texts>();

/** The app's own texts, read at run time (once per language and worker), so that the tests follow the translations. */
export function texts(language: Language): typeof Texts {
  let read = textsRead.get(language);
  if (!read) {
    read = JSON.parse(readFileSync(new URL(`../../../src/i18n/locales/${language}.json`, import.meta.url), 'utf8')) as typeof Texts;
    textsRead.set(language, read);
  }
  return read;
}

/** Fills in and submits the login form (in the page's saved language), and nothing more. */
/**
 * Switches the page's language with the header's select, as a parent does, whatever language the
 * page is in, and waits until the page is in the new one.
 */
export async function switchLanguage(page: Page, language: Language) {
  const labels = LANGUAGES.map((other) => texts(other).language.label);
  await page.getByLabel(new RegExp(`^(${labels.join('|')})$`)).selectOption(language);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

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
  // which has no h1) appears only once the family's data has arrived, skeletons have none. Where a
  // spec lets the service worker in, the first visit also fetches the whole app shell for it.
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible({ timeout: 20_000 });
}

/** Firebase Auth's record of a signed-in user as its web SDK stores it: one entry per account. */
interface StoredSession {
  key: string;
  value: string;
  /** The account's uid when it was stored: a test that makes the account anew (createVerifiedAccount) ends this session. */
  uid: string;
}

/** Each account's session from its first sign-in through the form in this worker, by e-mail. */
const sessions = new Map<string, StoredSession>();

/** The signed-in user's record from Firebase Auth's IndexedDB (firebaseLocalStorageDb). */
async function storedSession(page: Page): Promise<StoredSession> {
  const read = () =>
    page.evaluate(
      () =>
        new Promise<StoredSession | null>((resolve, reject) => {
          const open = indexedDB.open('firebaseLocalStorageDb');
          open.onerror = () => reject(new Error(String(open.error)));
          open.onsuccess = () => {
            const records = open.result.transaction('firebaseLocalStorage', 'readonly').objectStore('firebaseLocalStorage').getAll();
            records.onerror = () => reject(new Error(String(records.error)));
            records.onsuccess = () => {
              open.result.close();
              const user = (records.result as Array<{ fbase_key: string; value: { uid: string } }>).find((record) => record.fbase_key.startsWith('firebase:authUser:'));
              resolve(user ? { key: user.fbase_key, value: JSON.stringify(user.value), uid: user.value.uid } : null);
            };
          };
        }),
    );
  let session: StoredSession | null = null;
  await expect.poll(async () => (session = await read()) !== null, { message: 'the signed-in user in Firebase Auth\'s IndexedDB' }).toBe(true);
  return session as unknown as StoredSession;
}

/**
 * Opens `path` as `email`, as a parent coming back to the portal finds it: signed in already.
 * An account's first use in a worker signs in through the login form (signIn); later uses put
 * that session back where Firebase Auth finds it at start-up (its localStorage persistence, which
 * it moves into IndexedDB), so that a test about another screen does not repeat the form and the
 * dashboard. Returns once the screen shows its heading.
 */
export async function openAs(page: Page, email: string, path = '/', { password = DEMO_PASSWORD, language = 'en' }: { password?: string; language?: Language } = {}) {
  let session = sessions.get(email);
  // The account was made anew since (another run of a test on this stack): its old session is void.
  if (session && session.uid !== (await accountUid(email))) session = undefined;
  if (!session) {
    await signIn(page, email, { password, language });
    sessions.set(email, await storedSession(page));
    if (path === '/') return;
  } else {
    await page.addInitScript(
      ({ language, key, value }) => {
        localStorage.setItem('language', language);
        // Once per tab: a test that signs out stays signed out when it navigates on.
        if (sessionStorage.getItem('test-session-restored')) return;
        sessionStorage.setItem('test-session-restored', 'yes');
        localStorage.setItem(key, value);
      },
      { language, ...session },
    );
  }
  await page.goto(path);
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible({ timeout: 20_000 });
}

/**
 * A screen read in one language after another in one visit (docs/testing.md, "One visit, several
 * checks"): the page's first use opens `path` as `email` in `language` (openAs); later uses switch
 * the language in the header, where the page is.
 */
export async function openOrSwitch(page: Page, email: string, path: string, language: Language) {
  if (page.url() === 'about:blank') await openAs(page, email, path, { language });
  else await switchLanguage(page, language);
}
