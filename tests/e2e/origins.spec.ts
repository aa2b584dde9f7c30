/**
 * No third-party script or call: a whole session (sign-in, every parent screen) sends requests
 * only to the app itself and the local stand-ins of the Firebase endpoints (the emulators).
 * getAuth() would load apis.google.com/js/api.js on every page; the app uses initializeAuth.
 */
import { expect, test } from '@playwright/test';
import { APP_ORIGIN, DEMO } from './support/emulators';
import { navLink } from './support/navigation';
import { signIn } from './support/signIn';

const ALLOWED = new Set([APP_ORIGIN, 'http://127.0.0.1:9099', 'http://127.0.0.1:8080', 'http://127.0.0.1:5001']);

test('a parent session requests nothing from any other origin', async ({ page }) => {
  const origins = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'http:' || url.protocol === 'https:') origins.add(url.origin);
  });
  await signIn(page, DEMO.owing);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  for (const [section, path] of [['family', '/family'], ['plans', '/plans'], ['transactions', '/transactions'], ['bookDeposits', '/book-deposits']] as const) {
    await navLink(page, section).click();
    await expect(page).toHaveURL(`${APP_ORIGIN}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('status', { name: /Loading/ })).toHaveCount(0);
  }
  expect([...origins].filter((origin) => !ALLOWED.has(origin))).toEqual([]);
  // The check itself sees requests: the app and the Auth emulator were called.
  expect(origins).toContain(APP_ORIGIN);
  expect(origins).toContain('http://127.0.0.1:9099');
});
