/**
 * axe-core on what the layout guard's walk does not open, on desktop and phone: every rule in
 * light mode, the colour rules in dark mode (tests/e2e/support/axe.ts) (design section 9: 0
 * violations, WCAG 2.x A/AA and axe's best practices). Every signed-in screen and dialog is
 * checked on the walk of `layout.spec.ts`, at the phone's width and the desktop's, with a family
 * whose long names fill them: here the signed-out screens, the wait for a verification, and a
 * deep-linked entry that is marked for a moment.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoAxeViolationsOnceShown } from './support/axe';
import { DEMO, DEMO_PASSWORD, latestOobCode, memberEmail } from './support/emulators';
import { openAs, signIn, texts } from './support/signIn';

const AUTH = 'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1';
const en = texts('en');
/** The screen has its heading and no loading placeholder any more. */
async function ready(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('status', { name: new RegExp(en.common.loading) })).toHaveCount(0);
  await expect(page.locator('[aria-hidden="true"].animate-pulse')).toHaveCount(0);
}

/**
 * A page made for the check: fine in light mode, unreadable grey on grey in dark mode only, and
 * following the emulated colour scheme with the class on <html> as src/lib/theme.ts does.
 */
const DARK_ONLY_FAULT = `<!doctype html><html lang="en"><head><title>The dark check</title>
  <style>body { background: #fff; color: #111; } html.dark body { background: #333; } html.dark p { color: #555; }</style>
  <script>
    const dark = matchMedia('(prefers-color-scheme: dark)');
    const follow = () => { document.documentElement.className = dark.matches ? 'dark' : 'light'; };
    dark.addEventListener('change', follow);
    follow();
  </script></head><body><main><h1>The dark check</h1><p>Read me in the dark.</p></main></body></html>`;

test("dark mode's check (the colour rules only) finds a text that only dark mode makes unreadable", async ({ page }) => {
  await page.setContent(DARK_ONLY_FAULT);
  await expect(expectNoAxeViolations(page, 'a page made for it')).rejects.toThrow(/a page made for it \(dark\)[\s\S]*color-contrast/);
  // The same page in light mode alone passes: the fault is dark mode's.
  await expectNoAxeViolations(page, 'a page made for it', { otherTheme: false });
});

test('the public screens: login, forgot password, reset password, verify email', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'en'));
  await page.goto('/login');
  await ready(page, en.pages.login.title);
  await expectNoAxeViolations(page, 'login');

  await page.goto('/forgot-password');
  await ready(page, en.forgot.title);
  await page.getByRole('button', { name: en.forgot.submit }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectNoAxeViolations(page, 'forgot password, with its error');

  // A real reset link (asked for, never used), and a made-up one.
  await fetch(`${AUTH}/accounts:sendOobCode?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ requestType: 'PASSWORD_RESET', email: DEMO.credit }),
  });
  const { oobCode } = await latestOobCode(DEMO.credit, 'PASSWORD_RESET');
  await page.goto(`/reset-password?mode=resetPassword&oobCode=${oobCode}`);
  await ready(page, en.reset.title);
  await expect(page.getByLabel(en.reset.newPassword, { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'reset password form');
  await page.goto('/reset-password?mode=resetPassword&oobCode=made-up');
  await ready(page, en.reset.invalidTitle);
  await expectNoAxeViolations(page, 'reset password, invalid link');

  await page.goto('/verify-email?mode=verifyEmail&oobCode=made-up');
  await expect(page.getByText(en.verify.errorText)).toBeVisible();
  await expectNoAxeViolations(page, 'verify email, failed link');
});

test('verify email as a signed-in parent whose address is not verified yet', async ({ page }) => {
  // Made by the office's tools (the Admin API), so no sign-up check is spent; a member no other
  // browser test signs in as. Already there when the second project runs.
  const email = await memberEmail('M0020');
  await fetch(`${AUTH}/projects/demo-family-portal/accounts`, {
    method: 'POST',
    headers: { Authorization: 'Bearer owner', 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, emailVerified: false }),
  });
  await signIn(page, email);
  await expect(page).toHaveURL(/\/verify-email$/);
  await ready(page, en.verify.title);
  await expectNoAxeViolations(page, 'verify email, waiting');
});

test('a transactions entry while highlighted, and the transactions page it opens', async ({ page }) => {
  await openAs(page, DEMO.owing);
  await ready(page, /^Welcome, /);
  // A deep link marks its entry for two seconds: axe checks it while it is marked.
  const recent = page.getByRole('region', { name: en.transactions.recentTitle }).getByRole('link').nth(2);
  const id = new URL((await recent.getAttribute('href'))!, 'http://x').searchParams.get('transaction');
  await expectNoAxeViolationsOnceShown(page, 'a transactions entry while highlighted', `#transaction-${id}[class*="ring-4"]`, () => recent.click());
  // The whole page as it opens: scrolled to the marked entry, the filters above it can sit
  // under the sticky header, which axe's target-size rule counts against them.
  // The parent scrolls up with the wheel first: until a parent scrolls, the page centres the entry
  // again each time it grows (useHighlight's followEntry), which once scrolled it back down after
  // the scroll to the top below and before axe looked (stop 88).
  await page.mouse.wheel(0, -100_000);
  // At once (not smoothly), and only once the entry's own scroll has settled at the top.
  await expect.poll(() => page.evaluate(() => {
    window.scrollTo({ top: 0, behavior: 'instant' });
    return window.scrollY;
  })).toBe(0);
  await expectNoAxeViolations(page, 'transactions');
});
