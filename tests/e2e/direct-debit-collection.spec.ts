/**
 * A collection run as a parent lives it, on a 320 px phone: the office (the demo admin, through
 * the real functions) announces a collection from the demo family that pays by direct debit, made
 * to owe money; the parent's dashboard says how much is collected on which day, from which account
 * under which mandate. The office files the run and records that the bank returned the debit as
 * unauthorised (MD01): the dashboard says so and asks for a transfer, the family page shows the
 * mandate paused; the parent confirms it and sees it active again, in AppSheet too. The demo data
 * is put back afterwards (support/collections.ts). The production build, its CSP and axe.
 */
import { expect, test, type Page } from '@playwright/test';
import { formatDay } from '../../src/domain/dates';
import { formatMoney } from '../../src/domain/money';
import { expectNoAxeViolations } from './support/axe';
import { forgetLimits, office, OFFICE_SCOPES, owingFamily, restoreFamily, type CollectedFamily } from './support/collections';
import { appSheetRow, DEMO, documentsWhere } from './support/emulators';
import { watchForProblems } from './support/hosting';
import { openAs, texts } from './support/signIn';

const WIDTH = 320;
test.use({ viewport: { width: WIDTH, height: 740 } });
// Two full syncs (the family made to owe, then put back), a run through AppSheet, two screens.
test.setTimeout(180_000);

const t = texts('en');
const dd = t.family.directDebit;
const fill = (text: string, values: Record<string, string>) => text.replace(/{{(\w+)}}/g, (_, name: string) => values[name] ?? `{{${name}}}`);
/** The demo school's zone (VITE_SCHOOL_TIME_ZONE unset): a collection date is shown as the day it is. */
const SCHOOL_ZONE = 'Europe/Berlin';

let family: CollectedFamily | null = null;
// After each run, not once at the end: a repeated run must find the demo data as it was.
test.afterEach(async () => {
  if (family) await restoreFamily(family);
  family = null;
});

async function fitsThePhone(page: Page, what: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${what}: nothing wider than the phone`).toBeLessThanOrEqual(WIDTH);
}

test('a parent sees the announced collection, the bank\'s return and the paused mandate, and confirms it', async ({ page }) => {
  const problems = await watchForProblems(page);
  await forgetLimits(DEMO.admin, OFFICE_SCOPES);
  await forgetLimits(DEMO.credit, ['confirmMandate']);
  family = await owingFamily(DEMO.credit, '123,45');
  const { memberId, mandateReference, ibanMasked } = family;

  // The office announces a collection on the first date the functions allow, from this family alone.
  const collectionDate = await office.earliestDate();
  const run = await office.announceFor(memberId, collectionDate);
  expect([run.debitCount, run.totalCents]).toEqual([1, 12345]);
  const day = formatDay(collectionDate, 'en-GB', 'long', SCHOOL_ZONE);

  await openAs(page, DEMO.credit, '/');
  const finance = page.getByRole('region', { name: t.finance.title });
  await expect(finance.getByText(fill(t.finance.dueText, { amount: formatMoney(123.45, 'en-GB') }))).toBeVisible();
  await expect(finance.getByText(fill(t.finance.collectionAnnounced, { amount: formatMoney(123.45, 'en-GB'), date: day, iban: ibanMasked, reference: mandateReference }))).toBeVisible();
  await expect(finance.getByText(t.finance.payByTransfer)).toBeVisible();
  await fitsThePhone(page, 'the announced collection');
  await expectNoAxeViolations(page, 'the announced collection on a 320 px phone');

  // The bank's file, then the bank returns the debit: no valid mandate.
  await office.file(run.id);
  const [debit] = await documentsWhere('debits', 'runId', run.id);
  expect(debit).toMatchObject({ memberId, status: 'filed' });
  const returned = await office.recordReturn(debit!.id, 'MD01');
  expect([returned.status, returned.returnReason]).toEqual(['returned', 'MD01']);
  expect((await appSheetRow('Mandates', 'Mandate Reference', mandateReference)).Status).toBe('Ausgesetzt');

  // The next visit reads the direct debit again: the return, a transfer, never "will be collected".
  await page.reload();
  await expect(finance.getByText(fill(t.finance.debitReturned, { date: day, reason: t.finance.returnReason.MD01 }))).toBeVisible();
  await expect(finance.getByText(t.finance.directDebitPaused)).toBeVisible();
  await expect(finance.getByRole('heading', { name: t.sepa.title })).toBeVisible();
  await expect(finance.getByText(/will be collected/)).toHaveCount(0);
  await fitsThePhone(page, 'the returned debit');
  await expectNoAxeViolations(page, 'the returned debit on a 320 px phone');

  // The family page: the mandate paused, with confirm, change and stop.
  await finance.getByRole('link', { name: t.finance.confirmMandateLink }).click();
  const card = page.getByRole('region', { name: dd.title });
  await expect(card.getByText(dd.paused)).toBeVisible();
  await expect(card.getByText(mandateReference)).toBeVisible();
  for (const name of [dd.confirm, dd.change, dd.stop]) await expect(card.getByRole('button', { name })).toBeVisible();
  await fitsThePhone(page, 'the paused mandate');
  await expectNoAxeViolations(page, 'the paused mandate on a 320 px phone');

  await card.getByRole('button', { name: dd.confirm }).click();
  await expect(card.getByRole('status')).toHaveText(fill(dd.confirmedMessage, { reference: mandateReference, iban: ibanMasked }));
  await expect(card.getByText(dd.paused)).toHaveCount(0);
  await expect(card.getByText(fill(dd.activeFrom, { iban: ibanMasked }), { exact: true })).toBeVisible();
  expect((await appSheetRow('Mandates', 'Mandate Reference', mandateReference)).Status).toBe('Aktiv');

  // Read again from the server: active, nothing left to confirm.
  await page.reload();
  await expect(card.getByText(fill(dd.activeFrom, { iban: ibanMasked }), { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: dd.stop })).toBeVisible();
  await expect(card.getByRole('button', { name: dd.confirm })).toHaveCount(0);
  expect(problems).toEqual([]);
});
