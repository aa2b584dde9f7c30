/**
 * A parent edits contact data (in German) and requests cancellation (in Russian); both changes
 * reach the AppSheet demo source and survive the next full sync. Desktop only: the changes are
 * made once per run.
 */
import { expect, test } from '@playwright/test';
import { appSheetRow, DEMO, fullSyncAsAdmin } from './support/emulators';
import { openAs } from './support/signIn';

test('a parent edits the contact data in German; AppSheet has it and a full sync keeps it', async ({ page }) => {
  await openAs(page, DEMO.credit, '/', { language: 'de' });
  await page.getByRole('link', { name: 'Familie', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Familie' })).toBeVisible();
  await page.getByRole('button', { name: 'Bearbeiten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Kontaktdaten bearbeiten' });
  await expect(dialog.getByLabel('E-Mail-Adresse')).toHaveValue(DEMO.credit);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Es wurde nichts geändert. Bitte ändern Sie mindestens ein Feld.');
  await dialog.getByLabel('Telefon', { exact: true }).fill('+49 30 4445566');
  await dialog.getByLabel('Adresse', { exact: true }).fill('Kastanienweg 7, 10243 Berlin');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('+49 30 4445566')).toBeVisible();

  expect(await appSheetRow('Members', 'Member ID', 'M0002')).toMatchObject({ Phone: '+49 30 4445566', Address: 'Kastanienweg 7, 10243 Berlin' });
  expect(await fullSyncAsAdmin()).toBe(200);
  await page.reload();
  await expect(page.getByText('Kastanienweg 7, 10243 Berlin')).toBeVisible();
});

test('a parent requests cancellation in Russian; AppSheet has the request and the page shows it pending', async ({ page }) => {
  await openAs(page, DEMO.owing, '/family', { language: 'ru' });
  await page.getByRole('button', { name: 'Расторгнуть членство' }).click();
  const dialog = page.getByRole('dialog', { name: 'Расторжение членства' });
  await expect(dialog.getByText(/Срок уведомления — три месяца/)).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Запросить расторжение' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Причина (необязательно)').fill('  Переезд ');
  await dialog.getByLabel('Я хочу расторгнуть членство.').check();
  await submit.click();
  await expect(dialog.getByText(/Ваш запрос на расторжение принят/)).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 5_000 });
  await expect(page.getByText(/Вы запросили расторжение/)).toBeVisible();

  expect(await appSheetRow('Members', 'Member ID', 'M0001')).toMatchObject({ 'Cancellation Requested': 'Y', 'Cancellation Reason': 'Переезд' });
  expect(await fullSyncAsAdmin()).toBe(200);
  await page.reload();
  await expect(page.getByText(/Вы запросили расторжение/)).toBeVisible();
});
