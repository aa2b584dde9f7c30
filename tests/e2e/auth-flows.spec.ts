/**
 * Sign-up, verification, password reset and access control in Chromium against the local stack,
 * with e-mail links taken from the Auth emulator. Desktop only: these flows create accounts
 * and each sign-up spends one of the 10 membership checks a client may make per minute. A test
 * that makes an account deletes any left by an earlier run first, so the file can repeat.
 */
import { expect, test, type Page } from '@playwright/test';
import { collection, doc, getDoc, getDocs, query, where } from 'firebase/firestore';
import {
  accountExists,
  APP_ORIGIN,
  createVerifiedAccount,
  deleteAccount,
  DEMO,
  DEMO_PASSWORD,
  latestOobCode,
  memberEmail,
  signUpThroughAuthApi,
  verifyOutOfBand,
} from './support/emulators';
import { signIn, submitLogin } from './support/signIn';
import { webSdkAs, webSdkSignUpError } from './support/webSdk';
import { isNotAMemberError } from '../../src/auth/authErrors';

async function openSignUp(page: Page, language: 'en' | 'de' | 'ru' = 'en') {
  await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
  await page.goto('/login');
  await page.getByRole('button', { name: { en: 'Create one', de: 'Jetzt erstellen', ru: 'Создать' }[language], exact: true }).click();
}

test('a member signs up, verifies through the e-mailed link and reaches the dashboard', async ({ page }) => {
  const email = await memberEmail('M0004');
  await deleteAccount(email);
  await openSignUp(page);
  // Typed the way people type it: the page trims and lower-cases.
  await page.getByLabel('Email').fill(`  ${email.toUpperCase()} `);
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText(`We sent a verification link to ${email}.`)).toBeVisible();
  await expect(page.getByText('Email verification required.')).toBeVisible();

  const link = await latestOobCode(email, 'VERIFY_EMAIL');
  expect(new URL(link.oobLink).searchParams.get('continueUrl')).toBe(`${APP_ORIGIN}/verify-email`);
  await page.goto(`/verify-email?mode=verifyEmail&oobCode=${link.oobCode}`);
  await expect(page.getByText('Email verified')).toBeVisible();
  await expect(page).toHaveURL(`${APP_ORIGIN}/`, { timeout: 5_000 });
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
});

for (const [language, panel] of [
  ['en', 'This email address does not belong to a member'],
  ['de', 'Diese E-Mail-Adresse gehört keinem Mitglied'],
  ['ru', 'Этот адрес не принадлежит члену объединения'],
] as const) {
  test(`a non-member is refused on the page (${language}) and by the Auth API, and gets no account`, async ({ page }) => {
    const email = `stranger.${language}@example.com`;
    await openSignUp(page, language);
    await page.getByLabel({ en: 'Email', de: 'E-Mail-Adresse', ru: 'Электронная почта' }[language]).fill(email);
    await page.getByLabel({ en: 'Password', de: 'Passwort', ru: 'Пароль' }[language]).fill('secret123');
    await page.getByRole('button', { name: { en: 'Create account', de: 'Konto erstellen', ru: 'Создать учётную запись' }[language] }).click();
    await expect(page.getByText(panel)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await accountExists(email)).toBe(false);

    const direct = await signUpThroughAuthApi(email, 'secret123');
    expect(direct.status).toBe(400);
    expect(direct.body.error?.message).toContain('not-a-member: only members');
    expect(await accountExists(email)).toBe(false);
  });
}

test("the web SDK's refusal from the sign-up gate is what the login page recognises as 'not a member'", async () => {
  const error = await webSdkSignUpError('gate.check@example.com', 'secret123');
  expect(error?.code).toBe('auth/internal-error');
  expect(isNotAMemberError(error)).toBe(true);
  expect(await accountExists('gate.check@example.com')).toBe(false);
});

test("'I verified my email' picks up a verification made elsewhere and goes on to the dashboard", async ({ page }) => {
  const email = await memberEmail('M0007');
  await deleteAccount(email);
  await openSignUp(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await verifyOutOfBand(email);
  await page.getByRole('button', { name: 'I verified my email' }).click();
  await expect(page.getByText('Email verified')).toBeVisible();
  await expect(page).toHaveURL(`${APP_ORIGIN}/`, { timeout: 5_000 });
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
});

test('forgot password → reset link → the new password works and the old one does not', async ({ page }) => {
  const email = await memberEmail('M0005');
  await deleteAccount(email);
  await createVerifiedAccount(email, 'old-secret');

  await page.goto('/forgot-password');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter your email address');
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  const link = await latestOobCode(email, 'PASSWORD_RESET');
  expect(new URL(link.oobLink).searchParams.get('continueUrl')).toBe(`${APP_ORIGIN}/login`);
  const resetUrl = `/reset-password?mode=resetPassword&oobCode=${link.oobCode}`;
  await page.goto(resetUrl);
  await expect(page.getByText(`New password for ${email}`)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('new-secret');
  await page.getByLabel('Repeat the new password').fill('new-secret');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });

  // The link works once.
  await page.goto(resetUrl);
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('This link is invalid or has already been used.');

  await submitLogin(page, email, 'old-secret');
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password');
  await signIn(page, email, { password: 'new-secret' });
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
});

test('a made-up or incomplete reset link shows the invalid-link screen', async ({ page }) => {
  await page.goto('/reset-password?mode=resetPassword&oobCode=made-up');
  await expect(page.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await page.goto('/reset-password?mode=verifyEmail&oobCode=made-up');
  await expect(page.getByRole('alert')).toHaveText('This reset link is invalid or incomplete.');
  await page.getByRole('button', { name: 'Request a new reset link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('an unverified user sees the banner and is kept out of the data', async ({ page }) => {
  const email = await memberEmail('M0006');
  await deleteAccount(email);
  await openSignUp(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);

  await page.goto('/family');
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText('Email verification required.')).toBeVisible();
  await page.getByRole('button', { name: 'I verified my email' }).click();
  await expect(page.getByText('Your email is not verified yet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Resend Email' }).click();
  await expect(page.getByText('Verification email sent! Please check your inbox.').first()).toBeVisible();

  const { db, close } = await webSdkAs(email, 'secret123');
  await expect(getDoc(doc(db, 'members/M0006'))).rejects.toMatchObject({ code: 'permission-denied' });
  await expect(getDocs(query(collection(db, 'children'), where('memberId', '==', 'M0006')))).rejects.toMatchObject({ code: 'permission-denied' });
  await close();

  await page.getByRole('button', { name: 'Sign in with another account' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("a parent signed in through the web SDK reads the own family and not another family's documents", async () => {
  const { db, close } = await webSdkAs(DEMO.owing, DEMO_PASSWORD);
  expect((await getDoc(doc(db, 'members/M0001'))).get('primaryName')).toBe('Anna Müller');
  expect((await getDocs(query(collection(db, 'children'), where('memberId', '==', 'M0001')))).size).toBe(2);
  await expect(getDoc(doc(db, 'members/M0002'))).rejects.toMatchObject({ code: 'permission-denied' });
  await expect(getDocs(query(collection(db, 'payments'), where('memberId', '==', 'M0002')))).rejects.toMatchObject({ code: 'permission-denied' });
  await expect(getDocs(query(collection(db, 'plans'), where('childId', 'in', ['C0002-1'])))).rejects.toMatchObject({ code: 'permission-denied' });
  await expect(getDocs(collection(db, 'sync_logs'))).rejects.toMatchObject({ code: 'permission-denied' });
  await close();
});

test('/admin opens for the admin and sends a parent and a signed-out visitor away', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, DEMO.owing);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  await page.goto('/admin');
  await expect(page).toHaveURL(`${APP_ORIGIN}/`);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, DEMO.admin);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Data Sync' })).toBeVisible();
});

test('a verification link that does not work shows the error state', async ({ page }) => {
  await page.goto('/verify-email?mode=verifyEmail&oobCode=made-up');
  await expect(page.getByText('Verification failed')).toBeVisible();
  await page.getByRole('button', { name: 'Back to login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
