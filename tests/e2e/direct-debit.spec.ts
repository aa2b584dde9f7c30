/**
 * SEPA direct debit on a 390 px phone, in German, as the owing demo parent: from the dashboard's
 * "Per Lastschrift zahlen" to the mandate form, a mandate given for a valid IBAN and shown masked
 * on the family page and the dashboard, its PDF copy (pdftotext) and its confirmation e-mail
 * (MailDev), the account changed (the old mandate replaced) and the direct debit stopped; AppSheet,
 * where the office keeps the mandates, has each change. The production build, its CSP and axe.
 */
import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, inboxOf } from './support/emulators';
import { expectNoAxeViolations } from './support/axe';
import { watchForProblems } from './support/hosting';
import { openAs, texts } from './support/signIn';

test.use({ viewport: { width: 390, height: 844 } });
// Sign-in, two mandates through AppSheet, a PDF and an e-mail: more than the default on a busy machine.
test.setTimeout(120_000);

const t = texts('de');
const dd = t.family.directDebit;
const MASKED = 'DE•• •••• •••• •••• ••30 00';
const NEW_MASKED = 'DE•• •••• •••• •••• ••50 30';
const APPSHEET = 'http://127.0.0.1:8787/api/v2/apps/demo-app/tables/Mandates/Action';

/** Anna's mandates as the office sees them in AppSheet. */
async function officeRows() {
  const response = await fetch(APPSHEET, {
    method: 'POST',
    headers: { ApplicationAccessKey: 'demo-access-key', 'Content-Type': 'application/json' },
    body: JSON.stringify({ Action: 'Find', Properties: { Selector: 'Filter("Mandates", [Member ID] = "M0001")' }, Rows: [] }),
  });
  return ((await response.json()) as Array<Record<string, string>>).map((row) => ({ reference: row['Mandate Reference'], iban: row.IBAN, status: row.Status }));
}

async function giveMandate(page: Page, iban: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(dd.dialog.iban, { exact: true }).fill(iban);
  await dialog.getByLabel(dd.dialog.agree).check();
  await dialog.getByLabel(dd.dialog.password).fill('demo1234');
  await dialog.getByRole('button', { name: dd.dialog.submit }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

test('a parent gives, changes and stops a direct debit mandate on a phone, in German', async ({ page }, testInfo) => {
  const problems = await watchForProblems(page, { language: 'de' });
  const mailsBefore = (await inboxOf(DEMO.owing)).length;
  const rowsBefore = await officeRows();

  await openAs(page, DEMO.owing, '/', { language: 'de' });
  const finance = page.getByRole('region', { name: t.finance.title });
  await finance.getByRole('link', { name: t.finance.offerDirectDebit }).click();

  // The form, opened from the dashboard, with the mandate text as the law asks for it.
  const dialog = page.getByRole('dialog', { name: dd.dialog.titleGive });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(dd.dialog.holder, { exact: true })).toHaveValue('Anna Müller');
  const mandateText = dialog.getByRole('region', { name: dd.mandate.heading });
  await expect(mandateText).toContainText('Gläubiger-Identifikationsnummer: DE98ZZZ09999999999');
  await expect(mandateText).toContainText('Ich ermächtige Schulverein Lindenhof e.V.');
  await expect(mandateText).toContainText('innerhalb von acht Wochen');
  const reference = /Mandatsreferenz: (MNDT-M0001-[0-9A-F]+)/.exec((await mandateText.textContent()) ?? '')?.[1];
  expect(reference).toBeDefined();
  // Nothing on the page is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page, 'the mandate form on a 390 px phone', { within: 'dialog' });
  // A wrong check digit is refused before anything is sent.
  await dialog.getByLabel(dd.dialog.iban, { exact: true }).fill('DE88 3704 0044 0532 0130 00');
  await dialog.getByRole('button', { name: dd.dialog.submit }).click();
  await expect(dialog.getByRole('alert')).toHaveText(t.errors.api['iban-invalid']);

  await giveMandate(page, 'DE89 3704 0044 0532 0130 00');
  const card = page.getByRole('region', { name: dd.title });
  await expect(card.getByRole('status')).toContainText(`Mandat ${reference}`);
  await expect(card.getByText(`Lastschrift von ${MASKED}`)).toBeVisible();
  await expect(card.getByRole('definition').filter({ hasText: ` von ${DEMO.owing}` })).toBeVisible();
  await expect(page.getByText('DE89370400440532013000')).toHaveCount(0);
  expect(await officeRows()).toEqual([...rowsBefore, { reference, iban: 'DE89370400440532013000', status: 'Aktiv' }]);

  // The PDF copy, in German, with the masked IBAN.
  const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: dd.download }).click()]);
  const file = testInfo.outputPath('mandate.pdf');
  await download.saveAs(file);
  expect(download.suggestedFilename()).toBe(`SEPA-Lastschriftmandat-${reference}.pdf`);
  const pdf = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  for (const part of ['SEPA-Lastschriftmandat', `Mandatsreferenz: ${reference}`, 'DE98ZZZ09999999999', 'Kontoinhaber: Anna Müller', 'innerhalb von acht Wochen']) expect(pdf).toContain(part);
  expect(pdf).not.toContain('DE89370400440532013000');

  // The confirmation e-mail, in German.
  await expect.poll(async () => (await inboxOf(DEMO.owing)).length, { timeout: 30_000 }).toBe(mailsBefore + 1);
  const mail = (await inboxOf(DEMO.owing)).at(-1)!;
  expect(mail.subject).toBe('Ihr SEPA-Lastschriftmandat');
  expect(mail.text).toContain(reference);
  expect(mail.text).toContain(MASKED);

  // The dashboard, in a second tab of the same session (the family page stays open here: each
  // opening asks the functions for the e-mail choices, within a per-minute limit), says the amount
  // is collected by direct debit; the transfer is one tap away.
  const dashboard = await page.context().newPage();
  await dashboard.goto('/');
  const dashboardFinance = dashboard.getByRole('region', { name: t.finance.title });
  await expect(dashboardFinance.getByText(`Der fällige Betrag wird per Lastschrift von ${MASKED} eingezogen.`, { exact: false })).toBeVisible();
  await expect(dashboardFinance.getByText(t.finance.payByTransfer)).toBeVisible();
  await dashboard.close();

  // Another account: a new mandate, the old one replaced.
  await card.getByRole('button', { name: dd.change }).click();
  await expect(page.getByRole('dialog', { name: dd.dialog.titleChange })).toContainText(`ersetzt das Mandat ${reference}`);
  await giveMandate(page, 'DE02 5001 0517 0137 0750 30');
  await expect(card.getByText(`Lastschrift von ${NEW_MASKED}`)).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: reference! })).toContainText('ersetzt');
  const rows = await officeRows();
  expect(rows.find((row) => row.reference === reference)?.status).toBe('Ersetzt');
  expect(rows.filter((row) => row.status === 'Aktiv')).toEqual([expect.objectContaining({ iban: 'DE02500105170137075030' })]);

  // Stopped: said from when, then never shown as active again, here or after a reload.
  await card.getByRole('button', { name: dd.stop }).click();
  const stop = page.getByRole('dialog', { name: dd.stopDialog.title });
  await expect(stop).toContainText(`nichts mehr von ${NEW_MASKED}`);
  await stop.getByRole('button', { name: dd.stopDialog.confirm }).click();
  await expect(card.getByRole('status')).toContainText('Lastschrift beendet zum');
  await page.reload();
  await expect(card.getByRole('button', { name: dd.give })).toBeVisible();
  await expect(card.getByText(/Lastschrift von DE/)).toHaveCount(0);
  expect((await officeRows()).filter((row) => row.status === 'Aktiv')).toEqual([]);
  await page.goto('/');
  await expect(finance.getByRole('link', { name: t.finance.offerDirectDebit })).toBeVisible();
  expect(problems).toEqual([]);
});
