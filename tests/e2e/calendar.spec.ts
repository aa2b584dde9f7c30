/**
 * A parent subscribes to the children's courses: on the plans page "Add to my calendar" makes a
 * private address; its QR code decodes to it, a calendar app (here: a plain fetch) gets the
 * courses from it, and "Make a new address" stops the old one at once. axe checks the dialog in
 * light and dark mode on a desktop and a phone, and the layout guard measures it at every width.
 * Desktop project only: the addresses are made once per run.
 */
import { expect, test, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expectNoAxeViolations } from './support/axe';
import { createVerifiedAccount, DEMO_PASSWORD, documentsWhere, memberEmail } from './support/emulators';
import { LayoutGuard } from './support/layout';
import { openAs } from './support/signIn';

/** A family of the demo school that no other test signs in as, with courses this quarter. */
async function familyWithCourses(): Promise<string> {
  const [active] = await documentsWhere('quarters', 'status', 'active');
  for (let n = 40; n < 60; n++) {
    const memberId = `M00${n}`;
    if ((await documentsWhere('plans', 'memberId', memberId)).some((plan) => plan.quarterId === active?.id)) return memberId;
  }
  throw new Error('no family of M0040–M0059 has courses this quarter');
}

async function decodeQr(page: Page): Promise<string | undefined> {
  const png = PNG.sync.read(await page.getByTestId('calendar-qr').screenshot());
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

/** Light and dark (expectNoAxeViolations checks both) on a desktop and a phone. */
async function axeInEveryMode(page: Page, context: string) {
  for (const viewport of [{ width: 1280, height: 900 }, { width: 412, height: 915 }]) {
    await page.setViewportSize(viewport);
    await expectNoAxeViolations(page, `${context}, ${viewport.width} px`, { within: 'dialog[open]' });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a parent adds the children's courses to the calendar; a new address stops the old one, and so does stopping it", async ({ page }) => {
  // axe in four modes and the layout guard at six widths: longer than one screen's 30 s.
  test.setTimeout(60_000);
  const email = await memberEmail(await familyWithCourses());
  await createVerifiedAccount(email, DEMO_PASSWORD);
  await openAs(page, email, '/plans');

  await page.getByRole('button', { name: 'Add to my calendar' }).click();
  const dialog = page.getByRole('dialog', { name: "Your children's courses in your calendar" });
  const make = dialog.getByRole('button', { name: 'Make my calendar address' });
  await expect(make).toBeVisible();
  await axeInEveryMode(page, 'calendar dialog, no address yet');
  await make.click();

  const webcal = dialog.locator('code').first();
  await expect(webcal).toHaveText(/^webcal:\/\/.+\/calendar\/[\w-]{43}\.ics$/);
  const webcalUrl = (await webcal.textContent())!;
  const httpsUrl = (await dialog.locator('code').nth(1).textContent())!;
  expect(httpsUrl).toBe(webcalUrl.replace(/^webcal:/, 'http:'));
  await expect(dialog.getByText('Apple Calendar (iPhone, Mac)')).toBeVisible();
  await expect(dialog.getByText(/^Google Calendar:/)).toBeVisible();
  await expect(dialog.getByText(/^Outlook:/)).toBeVisible();
  expect(await decodeQr(page)).toBe(webcalUrl);

  const feed = await fetch(httpsUrl);
  expect(feed.status).toBe(200);
  expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  expect(await feed.text()).toContain('BEGIN:VEVENT');

  await axeInEveryMode(page, 'calendar dialog, address made');
  const guard = new LayoutGuard(page, 'en');
  await guard.atEveryWidth('plans: calendar address made', { within: 'dialog[open]' });
  expect(guard.report()).toBe('');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Open again: the address is not shown a second time, only since when it exists.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Add to my calendar' }).click();
  await expect(dialog.getByText(/^You made a calendar address on /)).toBeVisible();
  await expect(dialog.locator('code')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Make a new address' }).click();
  await expect(dialog.locator('code').first()).not.toHaveText(webcalUrl);
  const newHttpsUrl = (await dialog.locator('code').nth(1).textContent())!;
  expect(await decodeQr(page)).toBe(newHttpsUrl.replace(/^http:/, 'webcal:'));

  expect((await fetch(httpsUrl)).status).toBe(404);
  expect((await fetch(newHttpsUrl)).status).toBe(200);

  // Stopped without a new one: the address answers nothing, and the dialog offers to make one.
  await dialog.getByRole('button', { name: 'Stop the address' }).click();
  await expect(dialog.getByText(/^The address is stopped: calendar apps get nothing more from it/)).toBeVisible();
  await expect(dialog.locator('code')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Make my calendar address' })).toBeVisible();
  expect((await fetch(newHttpsUrl)).status).toBe(404);
});
