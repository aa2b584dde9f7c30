/**
 * The login page in the three languages, on desktop: every phone test signs in through the same
 * form on the phone (support/signIn.ts), and the phone layout is checked by axe and the layout guard.
 */
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, FIRESTORE } from './support/emulators';
import { builtChunks } from './support/hosting';
import { LANGUAGES, switchLanguage } from './support/signIn';

const TEXT = {
  en: { email: 'Email', password: 'Password', signIn: 'Sign in', wrong: 'Wrong email or password', empty: 'Please fill in all fields' },
  de: { email: 'E-Mail-Adresse', password: 'Passwort', signIn: 'Anmelden', wrong: 'Falsche E-Mail-Adresse oder falsches Passwort', empty: 'Bitte füllen Sie alle Felder aus' },
  ru: { email: 'Электронная почта', password: 'Пароль', signIn: 'Войти', wrong: 'Неверный адрес электронной почты или пароль', home: 'Добро пожаловать, Olga Petrova!', empty: 'Пожалуйста, заполните все поля' },
} as const;

/**
 * One visit: the messages in each language, chosen in the header as a visitor does, then the
 * right password signs in, in the last one (docs/testing.md, "One visit, several checks"; the
 * dashboard's greeting in each language is dashboard.spec.ts's).
 */
test('empty fields and a wrong password get the right message in en, de and ru; the right one signs in', async ({ page }) => {
  await page.goto('/login');
  for (const language of LANGUAGES) {
    const text = TEXT[language];
    await switchLanguage(page, language);
    await page.getByLabel(text.email).clear();
    await page.getByLabel(text.password).clear();
    await page.getByRole('button', { name: text.signIn, exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(text.empty);

    await page.getByLabel(text.email).fill(DEMO.credit);
    await page.getByLabel(text.password).fill('not-my-password');
    await page.getByRole('button', { name: text.signIn, exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(text.wrong);
  }

  const text = TEXT.ru;
  await page.getByLabel(text.password).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: text.signIn, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: text.home })).toBeVisible();
  // A signed-in user who opens /login again is taken to the dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
});

test('the login page loads Firestore only once the parent starts typing; the signed-in app uses it', async ({ page }) => {
  // Firestore runs in its own worker (src/data/firestore.worker.ts): no chunk of the page has its code.
  expect(() => builtChunks(/node_modules\/firebase\/firestore\//)).toThrow(/no built chunk/);
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  const firestoreLoaded = () => requests.some((url) => /\/assets\/firestore\.worker-[\w-]+\.js$/.test(url));
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.en.signIn);
  await page.waitForLoadState('networkidle');
  expect(firestoreLoaded()).toBe(false);

  // Typing gives the seconds before "Sign in" to loading what comes after it.
  await page.getByLabel(TEXT.en.email).fill(DEMO.owing);
  await expect.poll(firestoreLoaded).toBe(true);
  await page.getByLabel(TEXT.en.password).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: TEXT.en.signIn, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Anna Müller!' })).toBeVisible();
  // The family's documents came from the Firestore emulator.
  expect(requests.some((url) => url.startsWith(FIRESTORE))).toBe(true);
});

test("the family's figures are asked for as the parent signs in, once", async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => ['warning', 'error'].includes(message.type()) && warnings.push(message.text()));
  // What the page's Firestore asks the emulator for: each read is a target in a Listen request.
  const indexReads: string[] = [];
  page.on('request', (request) => {
    const body = request.url().startsWith(FIRESTORE) && request.url().includes('/Listen/') ? decodeURIComponent(request.postData() ?? '') : '';
    indexReads.push(...(body.match(/member_emails\/[^"]+/g) ?? []));
  });
  await page.goto('/login');
  await page.getByLabel(TEXT.en.email).fill(DEMO.owing);
  await page.getByLabel(TEXT.en.password).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: TEXT.en.signIn, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Anna Müller!' })).toBeVisible();
  // Asked by the sign-in before the dashboard was there, and taken by it: not asked a second time.
  expect(indexReads).toEqual([`member_emails/${DEMO.owing}`]);
  expect(warnings.filter((text) => text.includes('asked for at sign-in'))).toEqual([]);
});
