/**
 * The membership check only advises: when it is rate limited by other people's traffic (429) or
 * unreachable, the login page goes on and the server's sign-up gate decides. Desktop only (these
 * create accounts).
 */
import { expect, test, type Page } from '@playwright/test';
import { accountExists, deleteAccount, memberEmail } from './support/emulators';

async function signUpWithBusyCheck(page: Page, email: string, answer: 'rate-limited' | 'unreachable') {
  let checks = 0;
  await page.route('**/checkEmailExists', (route) => {
    checks += 1;
    return answer === 'unreachable'
      ? route.abort('connectionrefused')
      : route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ error: 'resource-exhausted', message: 'Too many requests. Please wait a minute and try again.' }) });
  });
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create one', exact: true }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Create account' }).click();
  return () => checks;
}

test('a member signs up while the membership check answers 429', async ({ page }) => {
  const email = await memberEmail('M0008');
  // No account yet, also when this test ran before on the same stack.
  await deleteAccount(email);
  const checks = await signUpWithBusyCheck(page, email, 'rate-limited');
  await expect(page).toHaveURL(/\/verify-email$/);
  await expect(page.getByText(`We sent a verification link to ${email}.`)).toBeVisible();
  expect(checks()).toBe(1);
  expect(await accountExists(email)).toBe(true);
});

for (const answer of ['rate-limited', 'unreachable'] as const) {
  test(`a non-member still gets the "not a member" panel when the check is ${answer}`, async ({ page }) => {
    const email = `busy.${answer}@example.com`;
    await signUpWithBusyCheck(page, email, answer);
    await expect(page.getByText('This email address does not belong to a member')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await accountExists(email)).toBe(false);
  });
}
