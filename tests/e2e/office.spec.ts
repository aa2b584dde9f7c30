/**
 * The office's half of the console, as the demo admin uses it: invitations that reach
 * the local inbox and lead a member to sign up, and a family's screens seen read-only, the same
 * as the parent's own session, recorded in the audit log.
 */
import { expect, test, type Page } from '@playwright/test';
import { emulatorAdmin } from '../../tools/lib/adminSdk';
import { accountExists, DEMO, inboxOf, memberEmail } from './support/emulators';
import { navLink } from './support/navigation';
import { openAs, texts } from './support/signIn';

const en = texts('en');
/** Members no other browser test signs in as or invites. */
const INVITED = ['M0045', 'M0046'];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Again from the start when the file runs twice against one emulator session.
  const { db, auth } = emulatorAdmin();
  for (const memberId of INVITED) {
    await db.doc(`invitations/${memberId}`).delete();
    const account = await auth.getUserByEmail(await memberEmail(memberId)).catch(() => null);
    if (account) await auth.deleteUser(account.uid);
  }
});

async function openAccounts(page: Page) {
  await openAs(page, DEMO.admin, '/admin');
  await page.getByRole('link', { name: en.admin.tabs.accounts }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.pages.adminAccounts.title })).toBeVisible();
  // The functions may start cold in the emulator.
  await expect(page.getByRole('table', { name: en.admin.accounts.table.title })).toBeVisible({ timeout: 30_000 });
}

const membersTable = (page: Page) => page.getByRole('table', { name: en.admin.accounts.table.title });
const rowOf = (page: Page, memberId: string) => membersTable(page).getByRole('row').filter({ has: page.getByRole('cell', { name: memberId, exact: true }) });

async function search(page: Page, text: string) {
  await page.getByRole('searchbox', { name: en.admin.accounts.table.search }).fill(text);
  await page.getByRole('button', { name: en.admin.accounts.table.find }).click();
}

test('the admin invites two members, the invitation arrives in three languages, and a member signs up from it', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await openAccounts(page);
  const emails = await Promise.all(INVITED.map(memberEmail));
  // The inbox outlives a run (--repeat-each): this run's e-mails are the ones after these.
  const before = await Promise.all(emails.map(async (email) => (await inboxOf(email)).length));
  await search(page, 'M004');
  for (const memberId of INVITED) {
    await expect(rowOf(page, memberId).getByRole('cell').nth(4)).toHaveText(en.admin.accounts.table.never);
    await rowOf(page, memberId).getByRole('checkbox').check();
  }
  await page.getByRole('button', { name: en.admin.accounts.invite.selected_other.replace('{{count}}', '2') }).click();
  await page.getByRole('dialog').getByRole('button', { name: en.admin.accounts.invite.send }).click();
  await expect(page.getByText(en.admin.accounts.invite.result.replace('{{sent}}', '2').replace('{{skipped}}', '0'))).toBeVisible();
  await expect(page.getByText(en.admin.accounts.invite.sentTo.replace('{{ids}}', INVITED.join(', ')))).toBeVisible();
  // The table shows them invited now, in the console's language: "27 Nov 2026, 10:15:00".
  for (const memberId of INVITED) await expect(rowOf(page, memberId).getByRole('cell').nth(4)).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2}$/);

  // Asked again: skipped, with the reason.
  await rowOf(page, INVITED[0]!).getByRole('checkbox').check();
  await page.getByRole('button', { name: en.admin.accounts.invite.selected_one.replace('{{count}}', '1') }).click();
  await page.getByRole('dialog').getByRole('button', { name: en.admin.accounts.invite.send }).click();
  await expect(page.getByText(`${INVITED[0]}: ${en.admin.accounts.invite.reason['invited-recently']}`)).toBeVisible();

  // One e-mail each, in the office's language first, then German and Russian.
  for (const [n, email] of emails.entries()) await expect.poll(async () => (await inboxOf(email)).length, { timeout: 15_000 }).toBe(before[n]! + 1);
  const mail = (await inboxOf(emails[0]!)).at(-1);
  expect(mail!.subject).toMatch(/^Invitation to the Family Portal of .+ \/ Einladung ins Familienportal von .+ \/ Приглашение на семейный портал/);
  const greetings = ['Dear ', 'Guten Tag ', 'Здравствуйте, '].map((greeting) => mail!.text.indexOf(greeting));
  // Under the association's name, as every e-mail of the portal.
  expect(mail!.text.startsWith('Schulverein Lindenhof e.V.\n\nDear ')).toBe(true);
  expect(greetings[1]).toBeGreaterThan(greetings[0]!);
  expect(greetings[2]).toBeGreaterThan(greetings[1]!);
  const link = new URL(/https?:\/\/\S+\/login\?mode=signup\S+/.exec(mail!.text)![0]);
  expect(link.searchParams.get('email')).toBe(emails[0]);

  // The member follows the link: the sign-up form with the address filled in.
  const context = await browser.newContext();
  const member = await context.newPage();
  await member.goto(`${link.pathname}${link.search}`);
  await expect(member.getByRole('heading', { level: 1, name: en.auth.signup.title })).toBeVisible();
  await expect(member.getByLabel(en.auth.email)).toHaveValue(emails[0]!);
  await member.getByLabel(en.auth.password).fill('secret123');
  await member.getByRole('button', { name: en.auth.signUp, exact: true }).click();
  await expect(member).toHaveURL(/\/verify-email$/);
  expect(await accountExists(emails[0]!)).toBe(true);
  await context.close();
});

/** The headings of the cards the office's view leaves out, as patterns: booking ("Book 2027 Q1"), notices, absences. */
const FAMILY_ONLY_CARDS = [en.booking.dashboard.title.replace('{{quarter}}', '.+'), en.notices.title, en.absences.title].map((title) => `^${title}$`);
/** "Cancelled on …: …" beside a course, and "Cancelled on …" on its timetable row. */
const CANCELLED_ON = `^${en.notices.cancelledOn.replace('{{date}}', '.+').replace('{{reason}}', '.*')}$`;
const CANCELLED_DATES = `^${en.plans.cancelledDates.replace('{{dates}}', '.+')}$`;

/**
 * The text a screen shows in its main area, without its buttons (which differ by design).
 * Booking, the office's notices (with the cancelled lessons beside the courses), the absence
 * reports and the direct debit offer, and the links to their pages, are left out: they are the
 * family's own business with the office, which the office's read-only view neither reads nor
 * shows (the console has its own tabs for them; the office keeps the mandates in AppSheet).
 */
async function mainText(page: Page) {
  return page.getByRole('main').evaluate(
    (main, { cards, cancelledOn, cancelledDates, cancelledMark }) => {
      const copy = main.cloneNode(true) as HTMLElement;
      // A cancelled date in a course's list of dates is the family's correspondence too: its mark goes.
      copy.querySelectorAll('li > s + span').forEach((mark) => {
        if (mark.textContent?.trim() === cancelledMark) mark.remove();
      });
      copy.querySelectorAll('button').forEach((button) => button.remove());
      copy.querySelectorAll('a[href^="/booking"], a[href^="/absences"], a[href$="directDebit=give"]').forEach((link) => link.remove());
      copy.querySelectorAll('td > span').forEach((span) => {
        if (new RegExp(cancelledDates).test(span.textContent?.trim() ?? '')) span.remove();
      });
      copy.querySelectorAll('section > div > h2').forEach((heading) => {
        if (cards.some((card) => new RegExp(card).test(heading.textContent ?? ''))) heading.closest('section')?.remove();
      });
      copy.querySelectorAll('li').forEach((item) => {
        if (new RegExp(cancelledOn).test(item.textContent?.trim() ?? '')) item.remove();
      });
      return copy.innerText.replace(/\s+/g, ' ').trim();
    },
    { cards: FAMILY_ONLY_CARDS, cancelledOn: CANCELLED_ON, cancelledDates: CANCELLED_DATES, cancelledMark: en.plans.dates.cancelled },
  );
}

const SCREENS = [
  { nav: 'home', heading: /^Welcome, / },
  { nav: 'plans', heading: en.pages.plans.title },
  { nav: 'transactions', heading: en.pages.transactions.title },
  { nav: 'bookDeposits', heading: en.pages.bookDeposits.title },
] as const;

async function screensOf(page: Page) {
  const shown: string[] = [];
  for (const screen of SCREENS) {
    await navLink(page, screen.nav).click();
    await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
    await expect(page.getByRole('status', { name: en.common.loading })).toHaveCount(0);
    shown.push(await mainText(page));
  }
  return shown;
}

test("'View as family' shows the parent's own figures, offers nothing that changes them, and is logged", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const parentContext = await browser.newContext();
  const parent = await parentContext.newPage();
  await openAs(parent, DEMO.owing);
  const parentScreens = await screensOf(parent);
  await parentContext.close();

  await openAccounts(page);
  await page.getByRole('combobox', { name: en.admin.accounts.table.account }).selectOption('all');
  await search(page, DEMO.owing);
  await expect(membersTable(page).getByRole('row')).toHaveCount(2);
  await page.getByRole('link', { name: /^View as family: / }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Viewing Anna .+'s portal, read-only$/ })).toBeVisible({ timeout: 30_000 });
  expect(await screensOf(page)).toEqual(parentScreens);

  // Nothing that changes data: not on the plans page, not on the family page.
  await navLink(page, 'plans').click();
  await expect(page.getByRole('button', { name: en.plans.calendar.open })).toHaveCount(0);
  await navLink(page, 'family').click();
  await expect(page.getByRole('heading', { level: 1, name: en.pages.family.title })).toBeVisible();
  await expect(page.getByRole('main').getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('region', { name: en.family.notifications.title })).toHaveCount(0);
  await expect(page.getByText(DEMO.owing).first()).toBeVisible();

  // The address is the one to share with another admin; the view is in the log.
  expect(new URL(page.url()).pathname).toMatch(/^\/admin\/families\/M\d{4}\/family$/);
  await page.getByRole('link', { name: en.admin.familyView.back }).click();
  const log = page.getByRole('region', { name: en.admin.audit.title });
  await expect(log.getByRole('row').nth(1)).toContainText(DEMO.admin);
  await expect(log.getByRole('row').nth(1)).toContainText(/Anna /);
});
