/**
 * A parent turns on the "payment due" e-mail; a sync makes the family's balance due; the e-mail
 * arrives in the local inbox (MailDev, through the mail collection as the extension would send
 * it) in German, with the amount and the link; its unsubscribe link stops it. Desktop only.
 */
import { expect, test } from '@playwright/test';
import { accountExists, createVerifiedAccount, DEMO_PASSWORD, editAppSheetRow, fullSyncAsAdmin, inboxOf, memberEmail } from './support/emulators';
import { openAs } from './support/signIn';

test('a parent turns on the "payment due" e-mail, a sync makes the balance due, and the e-mail arrives', async ({ page, browser, baseURL }) => {
  // Two full syncs and the mail's way through the mail collection to the inbox: on a loaded
  // 2-core CI machine this took longer than the default 30 s.
  test.setTimeout(90_000);
  // A family of the demo school that no other test signs in as, not due when it opts in. A repeat
  // finds its account and its earlier e-mails: it counts only the e-mail this run brings.
  const email = await memberEmail('M0033');
  await editAppSheetRow('Members', { 'Member ID': 'M0033', Balance: '10' });
  expect(await fullSyncAsAdmin()).toBe(200);
  if (!(await accountExists(email))) await createVerifiedAccount(email, DEMO_PASSWORD);
  const earlier = (await inboxOf(email)).length;

  await openAs(page, email, '/family', { language: 'de' });
  const card = page.getByRole('region', { name: 'E-Mails' });
  await card.getByLabel('Wenn eine Zahlung fällig ist (mit Betrag und Überweisungsdaten)').check();
  await card.getByRole('button', { name: 'E-Mail-Einstellungen speichern' }).click();
  await expect(card.getByRole('status')).toHaveText('Ihre E-Mail-Einstellungen sind gespeichert.');

  await editAppSheetRow('Members', { 'Member ID': 'M0033', Balance: '-55,5' });
  expect(await fullSyncAsAdmin()).toBe(200);
  await expect.poll(async () => (await inboxOf(email)).length, { timeout: 30_000 }).toBe(earlier + 1);
  const mail = (await inboxOf(email)).at(-1);
  expect(mail!.subject).toBe('Familienportal: Eine Zahlung ist fällig');
  expect(mail!.text.replace(/\u00a0/g, ' ')).toContain('weist 55,50 € zur Zahlung aus');
  expect(mail!.text).toContain('Details im Portal ansehen: http://127.0.0.1:5173/');

  // The unsubscribe link, opened on this test's server in a browser that never signed in.
  const link = new URL(/http\S+\/unsubscribe\?token=\S+/.exec(mail!.text)![0]);
  const signedOut = await browser.newContext({ baseURL, locale: 'de-DE' });
  const mailPage = await signedOut.newPage();
  await mailPage.goto(`${link.pathname}${link.search}`);
  await mailPage.getByRole('button', { name: 'Abbestellen' }).click();
  // The session's first call of the unsubscribe function starts its process in the emulator: under
  // a full run's load that alone took more than the 10 s an answer on a running page gets.
  await expect(mailPage.getByRole('main').getByRole('status')).toHaveText('Erledigt: Sie erhalten diese Art E-Mail nicht mehr.', { timeout: 30_000 });
  await signedOut.close();

  await page.reload();
  await expect(page.getByRole('region', { name: 'E-Mails' }).getByLabel('Wenn eine Zahlung fällig ist (mit Betrag und Überweisungsdaten)')).not.toBeChecked();
});
