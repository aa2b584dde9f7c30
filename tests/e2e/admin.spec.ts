/** The demo admin runs, watches and reviews syncs on the local stack. */
import { expect, test, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './support/emulators';
import { openAs } from './support/signIn';

const FUNCTIONS = 'http://127.0.0.1:5001/demo-family-portal/europe-west1';

async function openConsole(page: Page) {
  await openAs(page, DEMO.admin);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  await page.getByRole('link', { name: 'Admin Panel' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Data Sync' })).toBeVisible();
}

async function runSync(page: Page, button: 'Delta Sync' | 'Full Sync') {
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
}

async function adminIdToken(): Promise<string> {
  const response = await fetch('http://127.0.0.1:9099/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: DEMO.admin, password: DEMO_PASSWORD, returnSecureToken: true }),
  });
  return ((await response.json()) as { idToken: string }).idToken;
}

test.describe.configure({ mode: 'serial' });

test('the admin runs a delta and a full sync and sees the results and the history', async ({ page }) => {
  // Two real syncs, each allowed 30 s below: more than one screen's test.
  test.setTimeout(120_000);
  await openConsole(page);
  const latest = page.getByRole('region', { name: 'Latest Sync' });
  // The status function may start cold in the emulator: wait for it as for the syncs below.
  await expect(latest.getByText('Success')).toBeVisible({ timeout: 30_000 });

  await runSync(page, 'Delta Sync');
  await expect(page.getByRole('button', { name: 'Full Sync' })).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: 'Delta sync completed successfully! Synced' })).toBeVisible({ timeout: 30_000 });
  await expect(latest.getByText('Delta', { exact: true })).toBeVisible();
  await expect(latest.getByText(DEMO.admin)).toBeVisible();

  await runSync(page, 'Full Sync');
  await expect(page.getByRole('status').filter({ hasText: /Full sync completed successfully! Synced 60 members and \d+ children\./ })).toBeVisible({ timeout: 30_000 });
  await expect(latest.getByText('Full', { exact: true })).toBeVisible();
  await expect(latest.getByRole('columnheader', { name: 'Deleted' })).toBeVisible();

  const history = page.getByRole('region', { name: 'Recent Syncs (Last 20)' });
  const rows = history.getByRole('row');
  // Newest first: this full sync, then this delta sync.
  await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText('Full');
  await expect(rows.nth(2).getByRole('cell').nth(1)).toHaveText('Delta');
  await history.getByRole('button', { name: 'Details' }).nth(1).click();
  await expect(history.getByRole('rowheader', { name: 'Members' })).toBeVisible();
});

test('a second trigger while a sync runs shows that one is already running', async ({ page }) => {
  await openConsole(page);
  // The admin has the confirmation open when another sync starts, as the schedule would start
  // it; every AppSheet table answers slowly, so that sync holds the lease for several seconds.
  await page.getByRole('button', { name: 'Delta Sync' }).click();
  await fetch('http://127.0.0.1:8787/__demo/faults/*', { method: 'PUT', body: JSON.stringify({ fault: 'slow' }) });
  try {
    const token = await adminIdToken();
    const other = fetch(`${FUNCTIONS}/triggerFullSync`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    await expect.poll(async () => {
      const response = await fetch(`${FUNCTIONS}/getSyncStatus`, { headers: { Authorization: `Bearer ${token}` } });
      return ((await response.json()) as { data: { latestSync: { status: string } } }).data.latestSync.status;
    }).toBe('running');

    await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText(/Sync failed: another sync is already running/);
    // The other sync has done its part: the tables it has still to read answer at once again.
    await fetch('http://127.0.0.1:8787/__demo/faults', { method: 'DELETE' });
    expect((await other).status).toBe(200);
  } finally {
    await fetch('http://127.0.0.1:8787/__demo/faults', { method: 'DELETE' });
  }
});
