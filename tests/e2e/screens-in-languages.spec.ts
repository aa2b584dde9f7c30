/**
 * Plans, transactions and book deposits as the owing demo parent sees them, in en, de and ru,
 * checked against the family's synced documents. On the desktop only: the content is the same
 * on a phone, and the layout guard (layout.spec.ts) checks every screen in the three languages
 * from 320 px up.
 */
import { expect, test } from '@playwright/test';
import { DEMO, documentsWhere } from './support/emulators';
import { LANGUAGES, openOrSwitch, texts } from './support/signIn';

type Doc = Record<string, any>;

async function family() {
  const children = (await documentsWhere('children', 'memberId', 'M0001')) as Doc[];
  const plans = (await Promise.all(children.map((child) => documentsWhere('plans', 'childId', child.id)))).flat() as Doc[];
  const quarters = (await documentsWhere('quarters', 'status', 'active')) as Doc[];
  return { children, plans, activeQuarter: quarters[0]! };
}

/**
 * One visit: the parent opens the plans and goes on to the transactions and the book deposits
 * through the main navigation, then chooses the next language in the header and goes round
 * again, as a parent does, instead of loading each screen anew (docs/testing.md, "One visit,
 * several checks").
 */
test('plans, transactions and book deposits in en, de and ru', async ({ page }) => {
  // The family's documents, read once for the three rounds.
  const { children, plans, activeQuarter } = await family();
  const allPayments = (await documentsWhere('payments', 'memberId', 'M0001')) as Doc[];
  const deposits = ((await documentsWhere('otherPayments', 'memberId', 'M0001')) as Doc[]).filter((d) => d.type === 'Bücherkaution');
  for (const language of LANGUAGES) {
    const t = texts(language);
    const navigation = page.getByRole('navigation', { name: t.nav.label });

    await test.step(`${language}, plans: the active quarter's courses of each child`, async () => {
      // Back to the plans through the navigation, from the book deposits of the round before (on the first visit, already there).
      await openOrSwitch(page, DEMO.owing, '/plans', language);
      await navigation.getByRole('link', { name: t.nav.plans }).click();
      await expect(page).toHaveURL(/\/plans$/);
      await expect(page.getByRole('button', { name: activeQuarter.name })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByRole('button', { name: t.plans.allQuarters })).toBeVisible();
      const current = plans.filter((plan) => plan.quarterId === activeQuarter.id);
      for (const plan of current) await expect(page.locator(`#plan-${plan.id}`)).toBeVisible();
      for (const child of children.filter((c) => current.some((p) => p.childId === c.id))) {
        await expect(page.getByRole('region', { name: child.name })).toBeVisible();
      }
      await expect(page.locator('[id^="plan-"]')).toHaveCount(current.length);
    });

    await test.step(`${language}, transactions: this year's payments by month`, async () => {
      const year = String(new Date().getFullYear());
      const payments = allPayments.filter((p) => p.date.startsWith(year));
      await navigation.getByRole('link', { name: t.nav.transactions }).click();
      await expect(page).toHaveURL(/\/transactions$/);
      await expect(page.getByRole('heading', { level: 1, name: t.pages.transactions.title })).toBeVisible();
      await expect(page.locator('[id^="transaction-"]')).toHaveCount(payments.length);
      for (const payment of payments) await expect(page.locator(`#transaction-${payment.id}`)).toBeVisible();
      await page.getByLabel(t.transactions.more).selectOption('all');
      await expect(page.locator('[id^="transaction-"]')).toHaveCount(allPayments.length);
    });

    await test.step(`${language}, book deposits: active ones first, then returned`, async () => {
      const active = deposits.filter((d) => d.status === 'active');
      await navigation.getByRole('link', { name: t.nav.bookDeposits }).click();
      await expect(page).toHaveURL(/\/book-deposits$/);
      await expect(page.getByRole('button', { name: `${t.deposits.filter.active} (${active.length})` })).toHaveAttribute('aria-pressed', 'true');
      await expect(page.locator('[id^="deposit-"]')).toHaveCount(active.length);
      await page.getByRole('button', { name: `${t.deposits.filter.returned} (${deposits.length - active.length})` }).click();
      await expect(page.locator('[id^="deposit-"]')).toHaveCount(deposits.length - active.length);
    });
  }
});
