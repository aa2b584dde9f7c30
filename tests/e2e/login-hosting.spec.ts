/**
 * The pre-rendered login page (tools/prerender.ts) as Hosting serves it (tools/serveDist.ts
 * applies firebase.json, with its i18n rewrites): the form is there before any script runs, in
 * the visitor's language; the script hydrates it without losing what was typed meanwhile; a
 * language chosen in the portal is the one served next time; other addresses get the app shell.
 */
import { expect, test, type Route } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support/emulators';
import { HOSTING_ORIGIN, watchForProblems } from './support/hosting';
import { texts, type Language } from './support/signIn';

const LANGUAGES: Array<{ language: Language; locale: string }> = [
  { language: 'en', locale: 'en-GB' },
  { language: 'de', locale: 'de-DE' },
  { language: 'ru', locale: 'ru-RU' },
];

for (const { language, locale } of LANGUAGES) {
  test(`without JavaScript, /login is the form in the browser's language (${language})`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, locale });
    const page = await context.newPage();
    const t = texts(language);
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page).toHaveTitle(`${t.auth.login.title} · ${t.app.name}`);
    await expect(page.getByRole('heading', { level: 1, name: t.auth.login.title })).toBeVisible();
    await expect(page.getByLabel(t.auth.email)).toBeVisible();
    await expect(page.getByLabel(t.auth.password)).toBeVisible();
    await expect(page.getByRole('button', { name: t.auth.signIn, exact: true })).toBeVisible();
    await context.close();
  });
}

test('without JavaScript, a dark system gets the dark page', async ({ browser }) => {
  const backgroundOf = async (options: { javaScriptEnabled: boolean; colorScheme: 'dark' | 'light' }) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (options.javaScriptEnabled) await expect(page.locator('html')).toHaveClass(/\b(dark|light)\b/);
    const background = await page.locator('body').evaluate((body) => getComputedStyle(body).backgroundColor);
    await context.close();
    return background;
  };
  const darkBeforeScripts = await backgroundOf({ javaScriptEnabled: false, colorScheme: 'dark' });
  // The same dark page the app shows once its script has chosen the theme, and not the light one.
  expect(darkBeforeScripts).toBe(await backgroundOf({ javaScriptEnabled: true, colorScheme: 'dark' }));
  expect(darkBeforeScripts).not.toBe(await backgroundOf({ javaScriptEnabled: false, colorScheme: 'light' }));
});

test('the script takes over the painted form: what was typed before it arrived signs in; the header controls wait for it', async ({ page }) => {
  const problems = await watchForProblems(page);
  const t = texts('en');
  // The app's entry script waits until the parent has typed.
  let release: () => void = () => undefined;
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route: Route) => {
    await typed;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel(t.auth.email).fill(DEMO.owing);
  await page.getByLabel(t.auth.password).fill(DEMO_PASSWORD);
  // Before the script: nothing submits the form natively (that would reload the page and lose
  // what was typed), neither the button nor Enter.
  const signInButton = page.getByRole('button', { name: t.auth.signIn, exact: true });
  await expect(signInButton).toBeDisabled();
  // A page loaded anew (by a native submit) would not have this mark; checked at the end.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByLabel(t.auth.password).press('Enter');
  // Nor can the language or dark mode be chosen before it: React would undo the choice; nor
  // can the form switch to sign-up, which only the script does (a click would be lost).
  const language = page.getByLabel(t.language.label);
  const darkMode = page.getByRole('button', { name: t.theme.dark });
  const signUpSwitch = page.getByRole('button', { name: t.auth.switchToSignup, exact: true });
  await expect(language).toBeDisabled();
  await expect(darkMode).toBeDisabled();
  await expect(signUpSwitch).toBeDisabled();
  release();
  await expect(language).toBeEnabled();
  await expect(darkMode).toBeEnabled();
  await expect(signUpSwitch).toBeEnabled();
  // Hydrated: the button works, with what was typed.
  await signInButton.click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible({ timeout: 20_000 });
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  // A mismatch between the served page and the first render would be a console error.
  expect(problems).toEqual([]);
});

/**
 * Every way the app can start on the painted form: hydrating it (the app's language is the page's)
 * or rendering afresh over it (the app's language differs: chosen in this browser and kept in local
 * storage, chosen in another browser of the same device and kept in Hosting's cookie only, or the
 * browser's own languages telling Hosting and the app different things).
 */
const START_PATHS: Array<{ name: string; served: Language; shown: Language; locale: string; acceptLanguage?: string; cookie?: Language; saved?: Language }> = [
  { name: 'hydrated in the page\'s language', served: 'en', shown: 'en', locale: 'en-GB' },
  { name: 'rendered afresh in the language saved in local storage', served: 'en', shown: 'de', locale: 'en-GB', saved: 'de' },
  { name: 'rendered afresh: the cookie chose the page, the browser the app', served: 'ru', shown: 'en', locale: 'en-GB', cookie: 'ru' },
  { name: 'rendered afresh: Accept-Language and the browser disagree', served: 'ru', shown: 'de', locale: 'de-DE', acceptLanguage: 'ru' },
];

for (const start of START_PATHS) {
  test(`every character typed while the app starts is kept (${start.name})`, async ({ browser }) => {
    const context = await browser.newContext({ locale: start.locale });
    if (start.cookie) await context.addCookies([{ name: 'firebase-language-override', value: start.cookie, url: HOSTING_ORIGIN }]);
    if (start.saved) await context.addInitScript((language) => localStorage.setItem('language', language), start.saved);
    const page = await context.newPage();
    const problems = await watchForProblems(page, { language: null });
    const acceptLanguage = start.acceptLanguage;
    if (acceptLanguage) await page.route(/\/login$/, (route) => route.continue({ headers: { ...route.request().headers(), 'accept-language': acceptLanguage } }));
    // Every script waits until the parent has started typing; then they all arrive while the
    // typing goes on, key by key.
    let release: () => void = () => undefined;
    const typing = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/[^/]+\.js$/, async (route: Route) => {
      await typing;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    const served = texts(start.served);
    const email = page.getByLabel(served.auth.email);
    await email.click();
    const typed = (async () => {
      await page.keyboard.type(DEMO.owing, { delay: 25 });
      await page.keyboard.press('Tab');
      await page.keyboard.type(DEMO_PASSWORD, { delay: 25 });
    })();
    await expect(email).toHaveValue(/^anna\./);
    release();
    await typed;

    const shown = texts(start.shown);
    const signIn = page.getByRole('button', { name: shown.auth.signIn, exact: true });
    await expect(signIn).toBeEnabled();
    await expect(page.getByLabel(shown.auth.email)).toHaveValue(DEMO.owing);
    await expect(page.getByLabel(shown.auth.password)).toHaveValue(DEMO_PASSWORD);
    // Typing goes on in the field it went into, and the form signs in with it.
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/\/login(\?|$)/, { timeout: 20_000 });
    expect(problems).toEqual([]);
    await context.close();
  });
}

test('a language chosen in the portal is the one Hosting serves on the next visit', async ({ page }) => {
  const t = texts('en');
  const de = texts('de');
  await page.goto('/login');
  await page.getByLabel(t.language.label).selectOption('de');
  await expect(page.getByRole('heading', { level: 1, name: de.auth.login.title })).toBeVisible();
  const response = await page.reload();
  const served = (await response?.text()) ?? '';
  expect(served).toContain('<html lang="de">');
  expect(served).toContain(`>${de.auth.login.title}</h1>`);
  await expect(page.getByRole('heading', { level: 1, name: de.auth.login.title })).toBeVisible();
});

test('Hosting picks the page by the cookie, then Accept-Language; other addresses get the shell', async ({ request }) => {
  const languageOf = async (headers: Record<string, string>) => {
    const response = await request.get('/login', { headers, maxRedirects: 0 });
    expect(response.status()).toBe(200);
    return /<div id="root" data-prerendered="([a-z]+)">/.exec(await response.text())?.[1];
  };
  // Without q-values: superstatic, which serves the build here, does not strip them (Hosting does).
  expect(await languageOf({ 'accept-language': 'fr-FR,de' })).toBe('de');
  expect(await languageOf({ 'accept-language': 'ru' })).toBe('ru');
  expect(await languageOf({ 'accept-language': 'fr-FR' })).toBe('en');
  expect(await languageOf({})).toBe('en');
  expect(await languageOf({ 'accept-language': 'de-DE', cookie: 'firebase-language-override=ru' })).toBe('ru');
  for (const path of ['/', '/plans', '/verify-email']) {
    const shell = await (await request.get(path, { headers: { 'accept-language': 'de' } })).text();
    expect(shell).toContain('<div id="root"></div>');
  }
  const slash = await request.get('/login/', { maxRedirects: 0 });
  expect(slash.status()).toBe(301);
  expect(slash.headers().location).toBe('/login');
});
