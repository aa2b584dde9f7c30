/**
 * The dashboard's deep links, and a link to a payment opened while signed out. The screens'
 * content in the three languages is in screens-in-languages.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, documentsWhere } from './support/emulators';
import { openAs } from './support/signIn';

test("the dashboard's deep links land on the linked entries", async ({ page }) => {
  await openAs(page, DEMO.owing);
  const recent = page.getByRole('region', { name: 'Recent transactions' }).getByRole('link').nth(2);
  const href = (await recent.getAttribute('href'))!;
  await recent.click();
  const id = new URL(href, 'http://x').searchParams.get('transaction');
  const entry = page.locator(`#transaction-${id}`);
  await expect(entry).toBeInViewport();
  await expect(entry).toHaveClass(/ring-4/);
  await expect(entry).not.toHaveClass(/ring-4/, { timeout: 4_000 });

  await page.goto('/');
  const deposit = page.getByRole('region', { name: 'Book deposits' }).getByRole('link').nth(1);
  const depositHref = (await deposit.getAttribute('href'))!;
  await deposit.click();
  const depositEntry = page.locator(`#deposit-${new URL(depositHref, 'http://x').searchParams.get('deposit')}`);
  await expect(depositEntry).toBeInViewport();
  await expect(depositEntry).toHaveClass(/ring-green-500/);

  await page.goto('/');
  const course = page.getByRole('region', { name: "This quarter's courses" }).getByRole('link').nth(1);
  const courseHref = (await course.getAttribute('href'))!;
  await course.click();
  await expect(page.locator(`#plan-${new URL(courseHref, 'http://x').searchParams.get('plan')}`)).toBeInViewport();
});

test('an e-mailed link to a payment, opened while signed out, opens that payment after sign-in', async ({ page }) => {
  const payments = await documentsWhere('payments', 'memberId', 'M0001');
  const linked = payments.sort((a, b) => String(b.date).localeCompare(String(a.date)))[1]!;
  await page.goto(`/transactions?transaction=${linked.id}`);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(DEMO.owing);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/transactions\\?transaction=${linked.id}$`));
  const entry = page.locator(`#transaction-${linked.id}`);
  await expect(entry).toBeInViewport();
  await expect(entry).toHaveClass(/ring-4/);
});
