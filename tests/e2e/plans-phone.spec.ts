/**
 * The plans page answers "when and where is the lesson" first: on a 390 px phone in German, Anna
 * Müller sees her family's first course of the current quarter without scrolling (the page's
 * header and the quarter tabs may stand above it), and its short link leads to the booking page
 * while requests for the next quarter are taken. Phone project only: the width is the point.
 */
import { expect, test, type Locator } from '@playwright/test';
import { DEMO } from './support/emulators';
import { openAs, texts } from './support/signIn';

test.use({ viewport: { width: 390, height: 844 } });

test("a 390 px phone opens /plans on the family's first course of the quarter, and reaches booking from it", async ({ page }) => {
  const t = texts('de');
  await openAs(page, DEMO.owing, '/plans', { language: 'de' });
  await expect(page.getByRole('heading', { level: 1, name: t.pages.plans.title })).toBeVisible();
  const firstCourse = page.getByRole('main').getByRole('table', { name: t.plans.week }).first().getByRole('row').nth(1);
  await expect(firstCourse).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  // The day and the time stay on one line, beside the course.
  const lines = (cell: Locator) =>
    cell.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
  expect(await lines(firstCourse.getByRole('rowheader'))).toBe(1);

  const bookingLink = page.getByRole('link', { name: new RegExp(`^${t.plans.bookingLink.split('{{quarter}}')[0]}`) });
  await bookingLink.click();
  await expect(page).toHaveURL(/\/booking$/);
  await expect(page.getByRole('heading', { level: 1, name: t.pages.booking.title })).toBeVisible();
  await expect(page.getByRole('region', { name: t.booking.yourRequests })).toBeVisible();
});
