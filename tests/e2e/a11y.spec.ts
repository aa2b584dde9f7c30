/**
 * axe-core on every screen and every dialog, on desktop and phone: every rule in light mode, the
 * colour rules in dark mode (tests/e2e/support/axe.ts) (design section 9: 0
 * violations, WCAG 2.x A/AA and axe's best practices). One test per kind of user, so that each
 * signs in once. German and Russian are checked on the phone's dashboard and admin console.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoAxeViolationsOnceShown } from './support/axe';
import { DEMO, DEMO_PASSWORD, latestOobCode, memberEmail } from './support/emulators';
import { familyWithCourse } from './support/familyWithCourse';
import { navLink } from './support/navigation';
import { office, reportAbsenceAs, takeBack, type FamilyNotices } from './support/noticeCalls';
import { nextLessonDate } from './support/lessonDates';
import { openAs, signIn, switchLanguage, texts, type Language } from './support/signIn';

// Each test signs in once and checks several screens in two colour schemes: 20–50 s on this
// machine in a full run, and CI's machines are slower by up to half. A bound of 60 s left the
// longest ones too little room.
test.describe.configure({ timeout: 90_000 });

const AUTH = 'http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1';
const en = texts('en');
/** A text with a {{value}} in it, as a pattern that takes any value there. */
const pattern = (text: string) => new RegExp(`^${text.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{\{\w+\}\}/g, '.+')}$`);

/**
 * The screen has its heading and no loading placeholder any more. A screen that waits for the
 * functions (the office's) gives them 30 s: they may start cold in the emulator, which beside the
 * other lanes on CI's 2 cores took longer than the default 10 s.
 */
async function ready(page: Page, heading: string | RegExp, { functions = false } = {}) {
  const timeout = functions ? 30_000 : undefined;
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('status', { name: new RegExp(en.common.loading) })).toHaveCount(0, { timeout });
  await expect(page.locator('[aria-hidden="true"].animate-pulse')).toHaveCount(0, { timeout });
}

/** German and Russian on a phone, where their longer words can break a layout; none on desktop. */
function narrowScreenLanguages(page: Page): Language[] {
  return page.viewportSize()!.width < 768 ? ['de', 'ru'] : [];
}

/** Opens a dialog with `open`, checks it, and closes it with Escape. */
async function checkDialog(page: Page, context: string, open: () => Promise<void>) {
  await open();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, context, { within: 'dialog[open]' });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
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

test("the owing parent's screens: dashboard with its dialog, transactions with an entry highlighted, plans, book deposits", async ({ page }) => {
  await openAs(page, DEMO.owing);
  await ready(page, /^Welcome, /);
  await expect(page.getByTestId('sepa-qr')).toBeVisible();
  // The entry to booking next quarter's courses, read once the dashboard is shown.
  await expect(page.getByRole('region', { name: pattern(en.booking.dashboard.title) })).toBeVisible();
  await expectNoAxeViolations(page, 'dashboard with the SEPA payment block');
  await checkDialog(page, 'dashboard: quarter day calendar', () => page.getByRole('button', { name: new RegExp(`^${en.quarter.firstDay}`) }).click());

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

  await navLink(page, 'plans').click();
  await ready(page, en.pages.plans.title);
  await expectNoAxeViolations(page, 'plans');

  // Next quarter's offer and the parent's requests (one waiting, one confirmed, one declined with a note).
  await page.getByRole('link', { name: new RegExp(`^${en.plans.bookingLink.split('{{quarter}}')[0]}`) }).click();
  await ready(page, en.pages.booking.title);
  const booking = page.getByRole('region', { name: pattern(en.booking.title) });
  await expect(page.getByRole('region', { name: en.booking.yourRequests }).getByRole('listitem').first()).toBeVisible();
  await expectNoAxeViolations(page, 'booking');
  await checkDialog(page, 'booking: request confirmation', async () => {
    // A course one of the children has not asked for yet.
    const course = booking.getByRole('listitem').filter({ has: page.locator('select option:not([disabled])') }).first();
    const child = await course.locator('select option:not([disabled])').first().getAttribute('value');
    await course.getByLabel(en.booking.child).selectOption(child);
    await course.getByRole('checkbox', { disabled: false }).first().check();
    await course.getByRole('button', { name: en.booking.request }).click();
  });
  await checkDialog(page, 'booking: withdraw a request', () =>
    page.getByRole('region', { name: en.booking.yourRequests }).getByRole('button', { name: new RegExp(`^${en.booking.withdraw.open}: `) }).first().click());

  await navLink(page, 'bookDeposits').click();
  await ready(page, en.pages.bookDeposits.title);
  await expectNoAxeViolations(page, 'book deposits');

  // Longer words in German and Russian, where they can break a layout: on a narrow screen.
  await navLink(page, 'home').click();
  for (const language of narrowScreenLanguages(page)) {
    await switchLanguage(page, language);
    await ready(page, texts(language).dashboard.welcome.replace('{{name}}', 'Anna Müller'));
    await expectNoAxeViolations(page, `dashboard (${language})`, { otherTheme: false });
  }
});

test("the family screen and its dialogs: edit contact, cancel membership", async ({ page }) => {
  // The parent in credit: the Russian family test cancels the owing parent's membership.
  await openAs(page, DEMO.credit);
  await navLink(page, 'family').click();
  await ready(page, en.pages.family.title);
  await expectNoAxeViolations(page, 'family');
  await checkDialog(page, 'edit contact dialog', () => page.getByRole('button', { name: en.family.contact.edit }).click());
  await checkDialog(page, 'cancel membership dialog', async () => {
    await page.getByRole('button', { name: en.family.cancel.open }).click();
    // The confirmation step: the box ticked, the request button enabled.
    await page.getByRole('dialog').getByRole('checkbox').check();
  });
});

test('the admin console and its confirmations: delta, full, held-back deletions', async ({ page }) => {
  // The latest sync as it would be after a full sync held deletions back (the demo data never
  // loses enough rows for that): the real answer, with one held-back table added.
  await page.route('**/getSyncStatus*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { latestSync: Record<string, unknown> | null } };
    if (body.data.latestSync) body.data.latestSync.heldBackDeletions = [{ table: 'children', count: 12, reason: 'more than 10% of the table' }];
    await route.fulfill({ response, json: body });
  });
  await openAs(page, DEMO.admin, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: en.pages.admin.title })).toBeVisible();
  const latest = page.getByRole('region', { name: en.admin.latest.title });
  // The functions may start cold in the emulator: wait for them as admin.spec.ts does.
  await expect(latest.getByText(en.admin.status.success, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  const history = page.getByRole('region', { name: en.admin.history.title });
  await history.getByRole('button', { name: en.admin.history.details }).first().click({ timeout: 30_000 });
  // The run's counts per table: a table, or rows on a phone.
  await expect(history.getByText(en.admin.tables.members, { exact: true }).filter({ visible: true })).toBeVisible();
  await expectNoAxeViolations(page, 'admin console with a run\'s details open');

  const controls = page.getByRole('region', { name: en.admin.controls.title });
  await checkDialog(page, 'delta sync confirmation', () => controls.getByRole('button', { name: en.admin.controls.delta }).click());
  await checkDialog(page, 'full sync confirmation', () => controls.getByRole('button', { name: en.admin.controls.full }).click());
  await checkDialog(page, 'held-back deletions confirmation', () => latest.getByRole('button', { name: en.admin.heldBack.applyLabel.replace('{{table}}', en.admin.tables.children) }).click());
  for (const language of narrowScreenLanguages(page)) {
    await switchLanguage(page, language);
    await expectNoAxeViolations(page, `admin console (${language})`, { otherTheme: false });
  }
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test("the office's accounts tab and its invitation confirmation", async ({ page }) => {
  await openAs(page, DEMO.admin, '/admin/accounts');
  await ready(page, en.pages.adminAccounts.title, { functions: true });
  // The functions may start cold in the emulator.
  // The members: a table, or one card each on a phone.
  await expect(page.getByRole('region', { name: en.admin.accounts.table.title }).getByRole('link', { name: /^View as family: / }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: en.admin.audit.title })).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page, 'admin accounts');
  await checkDialog(page, 'invitations confirmation', () => page.getByRole('button', { name: en.admin.accounts.invite.all }).click());
});

test("a family's view, as the office opens it from the accounts tab", async ({ page }) => {
  await openAs(page, DEMO.admin, '/admin/accounts');
  await page.getByRole('link', { name: /^View as family: / }).first().click({ timeout: 30_000 });
  await ready(page, /^Welcome, /, { functions: true });
  await expectNoAxeViolations(page, "a family's view: dashboard");
  await navLink(page, 'family').click();
  await ready(page, en.pages.family.title);
  await expectNoAxeViolations(page, "a family's view: family");
  for (const language of narrowScreenLanguages(page)) {
    await switchLanguage(page, language);
    await expectNoAxeViolations(page, `a family's view: family (${language})`, { otherTheme: false });
  }
});

test("the office's course requests and its decision dialog", async ({ page }) => {
  await openAs(page, DEMO.admin, '/admin/requests');
  await ready(page, en.admin.requests.title, { functions: true });
  // The functions may start cold in the emulator. The requests: a table, or one card each on a phone.
  const requests = page.getByRole('region', { name: en.admin.requests.table.title });
  await expect(requests.getByRole('button', { name: /^Confirm the request of / }).filter({ visible: true }).first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: en.admin.requests.places.title })).toBeVisible();
  await expectNoAxeViolations(page, 'admin course requests');
  await checkDialog(page, 'course requests decision dialog, several selected', async () => {
    await requests.getByRole('checkbox', { name: en.admin.requests.table.selectAll }).filter({ visible: true }).check();
    await requests.getByRole('button', { name: /^Decline \d+ selected$/ }).click();
  });
  // Every status, with its pill and the office's notes.
  await requests.getByRole('combobox', { name: en.admin.requests.filter.status }).selectOption('all');
  await expectNoAxeViolations(page, 'admin course requests, every status');
  for (const language of narrowScreenLanguages(page)) {
    await switchLanguage(page, language);
    await expectNoAxeViolations(page, `admin course requests (${language})`, { otherTheme: false });
  }
});

test("the office's notices and absences tabs and their dialogs", async ({ page }) => {
  // A notice to withdraw, whatever the demo school has sent.
  await page.route('**/listNotices*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { notices: unknown[] } };
    body.data.notices.unshift({
      id: 'NOTICE-a11y', kind: 'notice', sentAt: '2026-11-27T08:15:00.000Z', sentBy: DEMO.admin, texts: { en: { title: 'Parents\' evening', body: 'On Friday at 6 pm.' } },
      languages: ['en'], audience: { kind: 'all' }, cancellation: null, recipients: 3, reads: 1, withdrawnAt: null, withdrawnBy: null,
    });
    await route.fulfill({ response, json: body });
  });
  await openAs(page, DEMO.admin, '/admin/notices');
  await ready(page, en.admin.notices.title, { functions: true });
  // The functions may start cold in the emulator; the lessons come from Firestore.
  const notices = page.getByRole('region', { name: en.admin.notices.list.title });
  await expect(notices.getByRole('button', { name: /^Withdraw “/ }).filter({ visible: true }).first()).toBeVisible({ timeout: 30_000 });
  const cancel = page.getByRole('region', { name: en.admin.notices.cancel.title });
  const lesson = cancel.getByRole('combobox', { name: en.admin.notices.cancel.lesson });
  await expect(lesson).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page, 'admin notices');

  const compose = page.getByRole('region', { name: en.admin.notices.compose.title });
  await compose.getByRole('radio', { name: new RegExp(`^${en.admin.notices.compose.audienceLessons}`) }).check();
  await compose.getByRole('checkbox').first().check();
  await compose.getByRole('radio', { name: en.admin.notices.compose.audienceFamily }).check();
  await compose.getByRole('searchbox', { name: en.admin.notices.compose.familySearch }).fill('a');
  await compose.getByRole('button', { name: en.admin.notices.compose.search }).click();
  await expect(compose.getByRole('group', { name: en.admin.notices.compose.familyResults })).toBeVisible({ timeout: 30_000 });
  // The form's own errors, then the audience chosen and its confirmation.
  await compose.getByRole('button', { name: en.admin.notices.compose.send }).click();
  await expect(compose.getByRole('alert')).toBeVisible();
  await expectNoAxeViolations(page, 'admin notices, a family searched, the form\'s errors');
  await compose.getByRole('radio', { name: en.admin.notices.compose.audienceAll }).check();
  await compose.getByRole('textbox', { name: pattern(en.admin.notices.compose.titleField) }).first().fill('Elternabend');
  await compose.getByRole('textbox', { name: pattern(en.admin.notices.compose.bodyField) }).first().fill('Am Freitag um 18 Uhr.');
  await checkDialog(page, 'notice confirmation', () => compose.getByRole('button', { name: en.admin.notices.compose.send }).click());

  const lessonId = await lesson.locator('option').nth(1).getAttribute('value');
  await lesson.selectOption(lessonId);
  await cancel.getByLabel(en.admin.notices.cancel.date, { exact: true }).fill(await nextLessonDate(lessonId!));
  await cancel.getByRole('textbox', { name: en.admin.notices.cancel.reason }).fill('The teacher is ill.');
  await checkDialog(page, 'lesson cancellation confirmation', () => cancel.getByRole('button', { name: en.admin.notices.cancel.submit }).click());
  await checkDialog(page, 'notice withdrawal confirmation', () => notices.getByRole('button', { name: 'Withdraw “Parents\' evening”' }).filter({ visible: true }).click());
  for (const language of narrowScreenLanguages(page)) {
    await switchLanguage(page, language);
    await expectNoAxeViolations(page, `admin notices (${language})`, { otherTheme: false });
    await switchLanguage(page, 'en');
  }

  await page.getByRole('navigation', { name: en.admin.tabs.label }).getByRole('link', { name: en.admin.absences.tab }).click();
  await ready(page, en.admin.absences.title, { functions: true });
  await expectNoAxeViolations(page, 'admin absences');
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test("a family's notice from the school office and the absence dialogs", async ({ page }, testInfo) => {
  // A family of its own (M0034–M0039; desktop the first, phone the second), its notice and
  // absence written by the real endpoints and taken back at the end.
  const family = await familyWithCourse([34, 35, 36, 37, 38, 39], testInfo.project.name === 'phone' ? 1 : 0);
  const made: FamilyNotices = { email: family.email, password: DEMO_PASSWORD, noticeIds: [], absenceIds: [] };
  try {
    const notice = await office.send({ texts: { en: { title: "Parents' evening", body: 'On Friday at 6 pm.\nThe agenda: https://example.org/evening' } }, audience: { kind: 'family', memberId: family.memberId } });
    made.noticeIds.push(notice.id);
    made.absenceIds.push(await reportAbsenceAs(family.email, DEMO_PASSWORD, { childId: family.childId, lessonIds: [family.lessonId], from: family.date, to: family.date, reason: 'Arzttermin' }));
    await openAs(page, family.email);
    await ready(page, /^Welcome, /);
    const notices = page.getByRole('region', { name: en.notices.title });
    await expect(notices.getByText(en.notices.new)).toBeVisible();
    await expectNoAxeViolations(page, 'dashboard with an unread notice');
    await checkDialog(page, 'dashboard: a notice from the school office', () => notices.getByRole('button', { name: /^Parents' evening/ }).click());
    await notices.getByRole('link', { name: en.notices.all }).click();
    await ready(page, en.pages.notices.title);
    await expectNoAxeViolations(page, 'notices');
    await navLink(page, 'home').click();
    await ready(page, /^Welcome, /);
    // The dashboard's way to the absences page.
    await page.getByRole('region', { name: en.enrolments.title }).getByRole('link', { name: en.absences.title }).click();
    await ready(page, en.absences.title);
    const absences = page.getByRole('region', { name: en.absences.list });
    await expect(absences.getByText(family.childName, { exact: false })).toBeVisible();
    await expectNoAxeViolations(page, 'absences, one reported');
    await checkDialog(page, 'absences: report an absence', () => absences.getByRole('button', { name: en.absences.report }).click());
    await checkDialog(page, 'absences: withdraw an absence', () => absences.getByRole('button', { name: new RegExp(`^${en.absences.withdraw.label.split('{{child}}')[0]}`) }).click());
  } finally {
    await takeBack(made);
  }
});
