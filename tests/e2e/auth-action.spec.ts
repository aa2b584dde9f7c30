/**
 * The one e-mail action URL of a real project (Authentication → Templates → action URL):
 * the Auth emulator's out-of-band links, pointed at /auth/action, complete verification and
 * password reset. Desktop only: these flows create accounts once per run.
 */
import { expect, test } from '@playwright/test';
import { APP_ORIGIN, createVerifiedAccount, deleteAccount, latestOobCode, memberEmail, signUpThroughAuthApi } from './support/emulators';
import { signIn } from './support/signIn';

const AUTH = 'http://127.0.0.1:9099';

/** The emulator's link with its query, sent to the portal's action URL instead of the emulator's page. */
function throughActionUrl(oobLink: string): string {
  const link = new URL(oobLink);
  return `${APP_ORIGIN}/auth/action${link.search}`;
}

test('a verification link through /auth/action verifies the address and leads to the dashboard', async ({ page }) => {
  const email = await memberEmail('M0012');
  // No account yet, also when this test ran before on the same stack.
  await deleteAccount(email);
  const { body } = await signUpThroughAuthApi(email, 'action-1');
  expect(body.localId).toBeTruthy();
  // The e-mail the portal sends after sign-up, asked for as the web SDK does.
  const signIn0 = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'action-1', returnSecureToken: true }),
  });
  const { idToken } = (await signIn0.json()) as { idToken: string };
  await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ requestType: 'VERIFY_EMAIL', idToken }),
  });

  await signIn(page, email, { password: 'action-1' });
  await expect(page).toHaveURL(/\/verify-email$/);
  const link = await latestOobCode(email, 'VERIFY_EMAIL');
  await page.goto(throughActionUrl(link.oobLink));
  await expect(page.getByText('Email verified')).toBeVisible();
  await expect(page).toHaveURL(`${APP_ORIGIN}/`, { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
});

test('a reset link through /auth/action sets a new password that works', async ({ page }) => {
  const email = await memberEmail('M0013');
  await createVerifiedAccount(email, 'action-old');
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  const link = await latestOobCode(email, 'PASSWORD_RESET');
  await page.goto(throughActionUrl(link.oobLink));
  await expect(page).toHaveURL(/\/reset-password\?mode=resetPassword&/);
  await expect(page.getByText(`New password for ${email}`)).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('action-new');
  await page.getByLabel('Repeat the new password').fill('action-new');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();

  await signIn(page, email, { password: 'action-new' });
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
});

test('a recoverEmail link gets a clear message, and a broken link the invalid-link page', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  await page.goto('/auth/action?mode=recoverEmail&oobCode=whatever');
  await expect(page.getByRole('heading', { level: 1, name: 'Your e-mail address stays as it is' })).toBeVisible();
  await page.goto('/auth/action?mode=resetPassword');
  await expect(page.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeVisible();
});
