/**
 * A parent edits contact data (in German) and requests cancellation (in Russian); both changes
 * reach the AppSheet demo source and survive the next full sync. Another downloads the family's
 * data and deletes the portal account. Desktop only: the changes are made once per run. Each test
 * brings what it needs, so that it passes again on the same stack (`--repeat-each`): new contact
 * data every run, and a cancellation an earlier run requested is taken back in AppSheet first.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import {
  accountExists,
  appSheetRow,
  createVerifiedAccount,
  DEMO,
  DEMO_PASSWORD,
  documentsWhere,
  editAppSheetRow,
  firestoreDocument,
  fullSyncAsAdmin,
  memberEmail,
} from './support/emulators';
import { openAs, submitLogin } from './support/signIn';

test('a parent edits the contact data in German; AppSheet has it and a full sync keeps it', async ({ page }) => {
  // Data this run has not saved before: a save of the same data is refused as "nothing changed".
  const run = String(Date.now() % 100_000).padStart(5, '0');
  const [phone, address] = [`+49 30 44${run}`, `Kastanienweg ${Number(run) % 120 + 1}, 10243 Berlin`];
  await openAs(page, DEMO.credit, '/', { language: 'de' });
  await page.getByRole('link', { name: 'Familie', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Familie' })).toBeVisible();
  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kontaktdaten bearbeiten' });
  await expect(dialog.getByLabel('E-Mail-Adresse')).toHaveValue(DEMO.credit);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Es wurde nichts geändert. Bitte ändern Sie mindestens ein Feld.');
  await dialog.getByLabel('Telefon', { exact: true }).fill(phone);
  await dialog.getByLabel('Adresse', { exact: true }).fill(address);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(phone)).toBeVisible();

  expect(await appSheetRow('Members', 'Member ID', 'M0002')).toMatchObject({ Phone: phone, Address: address });
  expect(await fullSyncAsAdmin()).toBe(200);
  await page.reload();
  await expect(page.getByText(address)).toBeVisible();
});

test('a parent requests cancellation in Russian; AppSheet has the request and the page shows it pending', async ({ page }) => {
  if ((await appSheetRow('Members', 'Member ID', 'M0001'))['Cancellation Requested'] === 'Y') {
    await editAppSheetRow('Members', { 'Member ID': 'M0001', 'Cancellation Requested': 'N', 'Cancellation Requested At': '', 'Cancellation Reason': '' });
    expect(await fullSyncAsAdmin()).toBe(200);
  }
  await openAs(page, DEMO.owing, '/family', { language: 'ru' });
  await page.getByRole('button', { name: 'Выйти из объединения' }).click();
  const dialog = page.getByRole('dialog', { name: 'Выход из объединения' });
  await expect(dialog.getByText(/Срок уведомления — три месяца/)).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Подать заявление о выходе' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Причина (необязательно)').fill('  Переезд ');
  await dialog.getByLabel('Я хочу выйти из объединения.').check();
  await submit.click();
  await expect(dialog.getByText(/Ваше заявление о выходе принято/)).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 5_000 });
  await expect(page.getByText(/Вы подали заявление о выходе/)).toBeVisible();

  expect(await appSheetRow('Members', 'Member ID', 'M0001')).toMatchObject({ 'Cancellation Requested': 'Y', 'Cancellation Reason': 'Переезд' });
  expect(await fullSyncAsAdmin()).toBe(200);
  await page.reload();
  await expect(page.getByText(/Вы подали заявление о выходе/)).toBeVisible();
});

test("a parent downloads the family's data and deletes the portal account; the membership stays", async ({ page }) => {
  // A family of the demo school that no other test signs in as.
  const email = await memberEmail('M0031');
  await createVerifiedAccount(email, DEMO_PASSWORD);
  const membershipBefore = await Promise.all([firestoreDocument('members/M0031'), documentsWhere('plans', 'memberId', 'M0031'), firestoreDocument(`member_emails/${email}`)]);

  await openAs(page, email, '/family');
  const card = page.getByRole('region', { name: 'Your data' });
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^family-portal-data-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(readFileSync(await download.path(), 'utf8')) as { account: { email: string }; member: { id: string }; plans: unknown[] };
  expect(exported.account.email).toBe(email);
  expect(exported.member.id).toBe('M0031');
  expect(exported.plans).toHaveLength(membershipBefore[1].length);

  await card.getByRole('button', { name: 'Delete my portal account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your portal account?' });
  await expect(dialog).toContainText('Your membership');
  // It asks who is there: a wrong password deletes nothing.
  await dialog.getByLabel('Your password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  expect(await accountExists(email)).toBe(true);
  await dialog.getByLabel('Your password').fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your portal account has been deleted.' })).toBeVisible();

  // The account cannot sign in again; the membership's documents are as they were.
  expect(await accountExists(email)).toBe(false);
  await submitLogin(page, email);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await Promise.all([firestoreDocument('members/M0031'), documentsWhere('plans', 'memberId', 'M0031'), firestoreDocument(`member_emails/${email}`)])).toEqual(membershipBefore);
});
