/**
 * Web Push in Chromium, on the demo stack: a parent turns on "Notify this device" (the browser's
 * permission granted); the office cancels a lesson of the family's; the functions push it to the
 * local push service (tools/push), which decrypts it; delivered to the portal's service worker
 * through the DevTools protocol (ServiceWorker.deliverPushMessage), as Chromium's push service
 * would, it shows the notification in German with the portal's icon and badge, and the open tab's
 * Home entry counts the new notice; a click on it takes the tab to the course on the plans page.
 * Turning the device off, and signing out, leave the account no device. A session signed in as
 * "This is a shared computer" offers the button disabled, and says why. A session that ended
 * while the portal was closed (its tokens revoked, as a password change elsewhere does) releases
 * the device at the next page start, before anything is shown: the push service's subscription
 * ends, and so does the functions' record of it.
 *
 * The page's subscription comes from the local push service (VITE_PUSH_SERVICE_URL in this build,
 * src/api/pushSubscription.ts): Chromium's own push service is on the internet, which this machine cannot reach.
 * Desktop only: the phone's screens of the family page are family.spec.ts's.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PUSH_ENDPOINT_KEY } from '../../src/lib/pushDeviceKey';
import { PORTS } from '../../tools/lib/stack';
import { fullChromiumPath } from '../../tools/prerequisites';
import { launchOptions } from './support/chromium';
import { accountExists, AUTH, createVerifiedAccount, DEMO_PASSWORD, documentsWhere, FIRESTORE, firestoreDocument, memberEmail, owner, PROJECT, revokeSessions } from './support/emulators';
import { familyWithCourse } from './support/familyWithCourse';
import { HOSTING_ORIGIN } from './support/hosting';
import { expectNoAxeViolations } from './support/axe';
import { findLayoutProblems, formatLayoutProblems } from './support/layout';
import { homeEntryName, navLink } from './support/navigation';
import { forgetOfficeLimits, office } from './support/noticeCalls';
import { openAs, signIn, texts } from './support/signIn';

// The full Chromium: the headless shell the other specs run in has no Notification or PushManager,
// so the portal says this device cannot be notified.
// Pushes reach the page through its service worker, which the other specs go without.
test.use({ launchOptions: launchOptions(fullChromiumPath()), serviceWorkers: 'allow' });

const PUSH_SERVICE = `http://127.0.0.1:${PORTS.push}`;
const de = texts('de');
const device = de.family.notifications.device;

interface Arrived {
  subscriptionId: string;
  payload: string;
}

const arrivedAt = async (endpoint: string): Promise<Arrived[]> =>
  ((await (await fetch(`${PUSH_SERVICE}/messages`)).json()) as Arrived[]).filter((message) => endpoint.endsWith(`/push/${message.subscriptionId}`));

const devicesOf = async (email: string) => (await documentsWhere('push_subscriptions', 'email', email)).map((subscription) => String(subscription.endpoint));

/** The Home entry's name with the family's unread notices, as the navigation says it in German. */
async function homeName(memberId: string): Promise<string> {
  const unread = (await documentsWhere('notice_deliveries', 'memberId', memberId)).filter((delivery) => delivery.readAt === null).length;
  return homeEntryName('de', de.nav.home, unread);
}

/**
 * Forgets the parent's counts of the push endpoints (per account and minute, http/accountLimit.ts):
 * a run again within the minute (`--repeat-each`, the phone after the desktop) starts from zero
 * like the first, instead of meeting the limit of 10 a minute.
 */
async function forgetPushLimits(email: string): Promise<void> {
  const lookup = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:lookup`, { method: 'POST', headers: owner, body: JSON.stringify({ email: [email] }) });
  const [user] = ((await lookup.json()) as { users?: Array<{ localId: string }> }).users ?? [];
  expect(user, `the account of ${email}`).toBeDefined();
  for (const scope of ['getPushSettings', 'subscribePush', 'unsubscribePush']) {
    const response = await fetch(`${FIRESTORE}/v1/projects/${PROJECT}/databases/(default)/documents/rate_limits/${scope}-account-${user!.localId}`, { method: 'DELETE', headers: owner });
    expect(response.ok, `forgetting the ${scope} count`).toBe(true);
  }
}

const homeEntry = (page: Page) => page.getByRole('navigation', { name: de.nav.label }).getByRole('link', { name: new RegExp(`^${de.nav.home}`) });

test('a parent turns on notifications; a cancelled lesson is pushed, shown by the worker, and opens the course', async ({ page, context }) => {
  test.setTimeout(90_000);
  const family = await familyWithCourse([47, 48, 49, 50, 51, 52, 53, 54, 55, 56], 0);
  await forgetOfficeLimits();
  await forgetPushLimits(family.email);
  await context.grantPermissions(['notifications'], { origin: HOSTING_ORIGIN });
  await openAs(page, family.email, '/family', { language: 'de' });

  const section = page.getByRole('region', { name: device.title });
  // A repeat finds the device of the run before on: it starts from off.
  const turnOff = section.getByRole('button', { name: device.turnOff });
  const turnOn = section.getByRole('button', { name: device.turnOn });
  await expect(turnOn.or(turnOff)).toBeVisible();
  if (await turnOff.isVisible()) await turnOff.click();
  await turnOn.click();
  await expect(section.getByRole('status')).toHaveText(device.turnedOn);
  await expect(section).toContainText(device.on.replace('{{kinds}}', device.kindNames.lessonCancelled));
  const [endpoint] = await devicesOf(family.email);
  expect(endpoint, 'the device is stored for the account').toMatch(new RegExp(`^${PUSH_SERVICE}/push/`));

  // The service worker of the page, as a push reaches it.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const cdp = await context.newCDPSession(page);
  // The protocol reports the registrations of the browser, which earlier tests' closed contexts
  // may still hold for this origin: the push goes to each that is not deleted, and only this
  // page's registration shows it to this page.
  const registrations = new Map<string, { scopeURL: string; isDeleted: boolean }>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated) registrations.set(registration.registrationId, registration);
  });
  await cdp.send('ServiceWorker.enable');
  const portalRegistrations = () => [...registrations].filter(([, registration]) => registration.scopeURL === `${HOSTING_ORIGIN}/` && !registration.isDeleted).map(([id]) => id);
  await expect.poll(portalRegistrations, { message: "the portal's service worker is registered" }).not.toEqual([]);
  const deliver = async (data: string) => {
    const outcomes = await Promise.allSettled(portalRegistrations().map((registrationId) => cdp.send('ServiceWorker.deliverPushMessage', { origin: HOSTING_ORIGIN, registrationId, data })));
    expect(outcomes.some((outcome) => outcome.status === 'fulfilled')).toBe(true);
  };

  const cancellation = await office.cancel({ lessonId: family.lessonId, date: family.date, roomHourId: family.roomHourId, reason: 'Die Lehrerin ist krank.' });
  try {
    // What the functions pushed, decrypted with the device's keys.
    await expect.poll(async () => (await arrivedAt(endpoint!)).length, { timeout: 30_000 }).toBe(1);
    const [arrived] = await arrivedAt(endpoint!);
    const payload = JSON.parse(arrived!.payload) as Record<string, string>;
    expect(payload).toMatchObject({ kind: 'lessonCancelled', lang: 'de', title: 'Unterricht fällt aus' });
    expect(payload.path).toBe(`/plans?lesson=${family.lessonId}&cancelled=${family.date}`);

    await deliver(arrived!.payload);
    const shown = () =>
      page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({ title: notification.title, body: notification.body, lang: notification.lang, icon: notification.icon, badge: (notification as Notification & { badge: string }).badge })));
    await expect.poll(shown).toEqual([
      { title: 'Unterricht fällt aus', body: payload.body, lang: 'de', icon: `${HOSTING_ORIGIN}/pwa-192.png`, badge: `${HOSTING_ORIGIN}/push-badge-96.png` },
    ]);
    // The open tab read the notices again: the new cancellation counts on the Home entry.
    await expect(homeEntry(page)).toHaveAccessibleName(await homeName(family.memberId));

    // A click on the notification, as the browser dispatches it in the worker.
    const [worker] = context.serviceWorkers();
    await worker!.evaluate(async () => {
      const scope = globalThis as unknown as { registration: { getNotifications(): Promise<unknown[]> }; dispatchEvent(event: Event): boolean };
      const [notification] = await scope.registration.getNotifications();
      const NotificationEvent = (globalThis as unknown as { NotificationEvent: new (type: string, init: { notification: unknown }) => Event }).NotificationEvent;
      scope.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
    });
    await expect(page).toHaveURL(/\/plans\?plan=/);
    await expect(page.getByRole('heading', { level: 1, name: de.pages.plans.title })).toBeVisible();
    const planId = new URL(page.url()).searchParams.get('plan');
    const plans = await documentsWhere('plans', 'memberId', family.memberId);
    expect(plans.find((plan) => plan.id === planId)).toMatchObject({ lessonId: family.lessonId });
    expect(await shown(), 'the clicked notification is closed').toEqual([]);
  } finally {
    await office.withdraw(cancellation.id);
  }

  // Off on this device: the account has no device left. On again, then signing out: none either.
  await page.goto('/family');
  await section.getByRole('button', { name: device.turnOff }).click();
  await expect(section.getByRole('status')).toHaveText(device.turnedOff);
  expect(await devicesOf(family.email)).toEqual([]);
  await section.getByRole('button', { name: device.turnOn }).click();
  await expect(section.getByRole('status')).toHaveText(device.turnedOn);
  expect(await devicesOf(family.email)).toHaveLength(1);
  await page.getByRole('button', { name: de.common.signOut }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => devicesOf(family.email)).toEqual([]);
});

const en = texts('en');
const enDevice = en.family.notifications.device;

/** The `nth` (from 0) active family of M0014–M0019, which no other spec signs in as: its parent, with a verified account. */
async function parentOf(nth: number): Promise<string> {
  const active: string[] = [];
  for (let number = 14; number <= 19 && active.length <= nth; number++) {
    const memberId = `M${String(number).padStart(4, '0')}`;
    if ((await firestoreDocument(`members/${memberId}`))?.status === 'active') active.push(memberId);
  }
  expect(active.length, 'the demo has enough active families among M0014–M0019').toBeGreaterThan(nth);
  const email = await memberEmail(active[nth]!);
  if (!(await accountExists(email))) await createVerifiedAccount(email, DEMO_PASSWORD);
  return email;
}

/** A CSS selector of the section alone (axe checks the rest of the family page in a11y.spec.ts). */
const ownSelector = async (section: Locator) => `section[aria-labelledby="${await section.getAttribute('aria-labelledby')}"]`;

test('on a shared computer, "Notify this device" is disabled and the section says why', async ({ page, context }) => {
  const email = await parentOf(0);
  await forgetPushLimits(email);
  await context.grantPermissions(['notifications'], { origin: HOSTING_ORIGIN });
  await page.goto('/login');
  await page.getByLabel(en.auth.email).fill(email);
  await page.getByLabel(en.auth.password).fill(DEMO_PASSWORD);
  await page.getByRole('checkbox', { name: en.auth.sharedComputer }).check();
  await page.getByRole('button', { name: en.auth.signIn, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome, / })).toBeVisible();
  // Within the page: a reload would end a session kept in memory.
  await navLink(page, 'family').click();

  const section = page.getByRole('region', { name: enDevice.title });
  const button = section.getByRole('button', { name: enDevice.turnOn });
  await expect(button).toBeDisabled();
  await expect(section.getByText(enDevice.sharedComputer)).toBeVisible();
  await expect(button).toHaveAccessibleDescription(enDevice.sharedComputer);
  await expect(section.getByRole('heading', { name: enDevice.devicesTitle })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), PUSH_ENDPOINT_KEY)).toBeNull();
  await expectNoAxeViolations(page, 'family on a shared computer: this device', { within: await ownSelector(section) });
});

test('a session that ended while the portal was closed releases the device at the next start, before anything is shown', async ({ page, context }) => {
  test.setTimeout(90_000);
  const email = await parentOf(1);
  await forgetPushLimits(email);
  await context.grantPermissions(['notifications'], { origin: HOSTING_ORIGIN });
  await signIn(page, email);
  await page.goto('/family');
  const section = page.getByRole('region', { name: enDevice.title });
  await section.getByRole('button', { name: enDevice.turnOn }).click();
  await expect(section.getByRole('status')).toHaveText(enDevice.turnedOn);
  const { endpoint } = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), PUSH_ENDPOINT_KEY))!) as { endpoint: string };
  // The account's list names this device by its browser and system, not by its address.
  const listed = section.getByRole('list', { name: enDevice.devicesTitle }).getByRole('listitem').filter({ hasText: enDevice.thisDevice });
  await expect(listed).toContainText(/^Chrome on (Android|Windows|Linux|macOS)/);
  await expect(listed.getByRole('button', { name: /^Remove Chrome on / })).toBeVisible();
  await expectNoAxeViolations(page, "family: this device and the account's devices", { within: await ownSelector(section) });
  // On the narrowest phone, the list and its buttons stay inside their card.
  await page.setViewportSize({ width: 320, height: 800 });
  expect(formatLayoutProblems((await findLayoutProblems(page)).map((problem) => ({ ...problem, language: 'en', screen: 'family', width: 320 })))).toBe('');
  const [stored] = (await documentsWhere('push_subscriptions', 'email', email)).filter((device) => device.endpoint === endpoint);
  expect(stored, 'the device is stored for the account').toBeDefined();

  // The tab is closed; the password is changed elsewhere (every session revoked), in a later
  // second than the one the device was turned on in, as Auth counts revocations in seconds.
  await page.close();
  await expect.poll(() => Math.floor(Date.now() / 1000), { message: 'a second after the device was turned on' }).toBeGreaterThan(Math.floor(Date.parse(String(stored!.createdAt)) / 1000));
  await revokeSessions(email);

  // The next visit: Auth finds the session revoked, and the device is released before the page shows.
  const next = await context.newPage();
  await next.goto('/family');
  await expect(next.getByRole('button', { name: en.auth.signIn, exact: true })).toBeVisible();
  await expect(next).toHaveURL(/\/login/);
  expect(await next.evaluate((key) => localStorage.getItem(key), PUSH_ENDPOINT_KEY)).toBeNull();
  // Its push service answers 410 for the subscription: nothing sent to it reaches the device.
  expect((await fetch(endpoint, { method: 'POST' })).status).toBe(410);
  await expect.poll(async () => (await documentsWhere('push_subscriptions', 'email', email)).map((device) => device.endpoint)).not.toContain(endpoint);
});

