/**
 * The office's side of booking, on the demo stack: a parent's request for next quarter waits in
 * the console with the free places of its room hour; the admin confirms it with a note; the
 * console's delta sync brings the plan that the confirmation made in AppSheet back; the parent
 * finds the course on the plans page under next quarter.
 *
 * The request is the parent's own, sent through the booking API as the portal sends it, for a
 * child and lesson that have none yet (the demo requests stay as they are for the other specs,
 * and a second run against one emulator session picks the next free pair).
 */
import type { BookingRequestsAnswer } from '@family-portal/contract';
import { hourLabel } from '@family-portal/contract/rules';
import { expect, test, type Page } from '@playwright/test';
import { appSheetRow, AUTH, DEMO, DEMO_PASSWORD, documentsWhere } from './support/emulators';
import { navLink } from './support/navigation';
import { openAs, texts } from './support/signIn';

const en = texts('en');
const FUNCTIONS = 'http://127.0.0.1:5001/demo-family-portal/europe-west1';
const NOTE = 'Please bring indoor shoes.';
const WEEKDAYS_EN: Record<string, string> = { 'Mo.': 'Mon', 'Di.': 'Tue', 'Mi.': 'Wed', 'Do.': 'Thu', 'Fr.': 'Fri', 'Sa.': 'Sat', 'So.': 'Sun' };

async function idTokenOf(email: string): Promise<string> {
  const response = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, returnSecureToken: true }),
  });
  return ((await response.json()) as { idToken: string }).idToken;
}

async function call(name: string, email: string, init: { method: 'GET' | 'POST'; body?: unknown }) {
  const response = await fetch(`${FUNCTIONS}/${name}`, {
    method: init.method,
    headers: { Authorization: `Bearer ${await idTokenOf(email)}`, 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

interface Requested {
  quarterName: string;
  childName: string;
  lessonName: string;
  requestId: string;
  /** The room hour as the console names it in English: "Mon 15:00-16:00, Raum 7". */
  time: string;
  offerPlaces: number;
  freeBefore: number;
}

/**
 * The parent in credit asks for a course for one of her children: the last offered lesson (the
 * demo's own requests sit at the first ones) with a free place that this child has not asked for.
 * The demo's member balances are AppSheet's figures, which a new plan does not change: the
 * dashboard still shows her in credit.
 */
async function parentRequestsACourse(): Promise<Requested> {
  const [member] = await documentsWhere('members', 'primaryEmail', DEMO.credit);
  const children = await documentsWhere('children', 'memberId', member!.id);
  const listed = await call('listBookingRequests', DEMO.admin, { method: 'GET' });
  expect(listed.status).toBe(200);
  const { quarter, offers, requests } = (listed.body as { data: BookingRequestsAnswer }).data;
  expect(quarter, 'the demo school has a next quarter with an offer').not.toBeNull();
  const asked = new Set(requests.map((row) => `${row.childId}\u0000${row.lessonId}`));
  for (const offer of [...offers].reverse()) {
    // The demo's course with a full room hour is the parents' booking spec's.
    if (offer.roomHours.some((candidate) => offer.places - (offer.taken[candidate.id] ?? 0) <= 0)) continue;
    const roomHour = offer.roomHours.find((candidate) => offer.places - (offer.taken[candidate.id] ?? 0) > 0);
    const child = children.find((candidate) => !asked.has(`${candidate.id}\u0000${offer.lessonId}`));
    if (!roomHour || !child) continue;
    const sent = await call('requestBooking', DEMO.credit, { method: 'POST', body: { childId: child.id, offerId: offer.offerId, roomHourIds: [roomHour.id] } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const again = await call('listBookingRequests', DEMO.admin, { method: 'GET' });
    const made = (again.body as { data: BookingRequestsAnswer }).data.requests.find((row) => row.childId === child.id && row.lessonId === offer.lessonId);
    expect(made?.status).toBe('requested');
    return {
      quarterName: quarter!.name,
      childName: child.name as string,
      lessonName: offer.lessonName,
      requestId: made!.id,
      time: [`${WEEKDAYS_EN[roomHour.dayOfWeek] ?? roomHour.dayOfWeek} ${hourLabel(roomHour.hourRefLabel)}`, roomHour.roomName].filter(Boolean).join(', '),
      offerPlaces: offer.places,
      freeBefore: offer.places - (offer.taken[roomHour.id] ?? 0),
    };
  }
  throw new Error('no offered lesson left with a free place that a child of the parent in credit has not asked for');
}

async function openRequests(page: Page) {
  await openAs(page, DEMO.admin, '/admin');
  await page.getByRole('navigation', { name: en.admin.tabs.label }).getByRole('link', { name: en.admin.requests.tab }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.admin.requests.title })).toBeVisible();
  // The functions may start cold in the emulator.
  await expect(page.getByRole('region', { name: en.admin.requests.table.title })).toBeVisible({ timeout: 30_000 });
}

const fill = (text: string, values: Record<string, string | number>) => text.replace(/{{(\w+)}}/g, (_, name: string) => String(values[name]));

test('the office confirms a parent\'s request in the console, and after a sync the parent sees the plan', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const requested = await parentRequestsACourse();

  await openRequests(page);
  const requests = page.getByRole('region', { name: en.admin.requests.table.title });
  await requests.getByRole('combobox', { name: en.admin.requests.filter.lesson }).selectOption({ label: requested.lessonName });
  const names = { child: requested.childName, lesson: requested.lessonName };
  const row = requests.getByRole('table', { name: en.admin.requests.table.title }).getByRole('row').filter({ hasText: requested.childName });
  await expect(row).toContainText(en.admin.requests.status.requested);
  await expect(row).toContainText(requested.time);
  // When it was requested, in the console's language: "29 Nov 2026, 13:02:47".
  await expect(row.getByRole('cell').nth(3)).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2}$/);
  // The request holds its place: one fewer free than before it was sent.
  const places = page.getByRole('region', { name: en.admin.requests.places.title }).getByRole('list', { name: fill(en.admin.requests.places.roomHours, { lesson: requested.lessonName }) });
  const left = requested.freeBefore - 1;
  await expect(places.getByRole('listitem').filter({ hasText: requested.time })).toContainText(left === 0 ? fill(en.admin.requests.places.full, { places: requested.offerPlaces }) : fill(en.admin.requests.places.free, { free: left, places: requested.offerPlaces }));

  await row.getByRole('button', { name: fill(en.admin.requests.decide.confirmOne, names) }).click();
  const dialog = page.getByRole('dialog', { name: fill(en.admin.requests.decide.titleConfirm_one, { count: 1 }) });
  await dialog.getByRole('textbox', { name: en.admin.requests.decide.note }).fill(NOTE);
  await dialog.getByRole('button', { name: en.admin.requests.decide.confirm }).click();
  await expect(page.getByText(fill(en.admin.requests.outcome.line, { ...names, outcome: en.admin.requests.outcome.confirmed }))).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();

  // The list again: no longer waiting; among the confirmed ones, with the note to the family.
  await expect(row).toHaveCount(0);
  await requests.getByRole('combobox', { name: en.admin.requests.filter.status }).selectOption('confirmed');
  await expect(row).toContainText(en.admin.requests.status.confirmed);
  await expect(row).toContainText(NOTE);
  // AppSheet has the decision and the Plans row it made, exactly once.
  const inAppSheet = await appSheetRow('Course Requests', 'Request ID', requested.requestId);
  expect(inAppSheet.Status).toBe('Bestätigt');
  expect(inAppSheet.Note).toBe(NOTE);
  expect(inAppSheet['Plan ID']).toMatch(/^PLAN-[0-9a-f]{20}$/);

  // The office's delta sync, as the hourly one would bring it.
  await page.getByRole('navigation', { name: en.admin.tabs.label }).getByRole('link', { name: en.admin.tabs.sync }).click();
  await page.getByRole('button', { name: en.admin.controls.delta }).click();
  await page.getByRole('dialog').getByRole('button', { name: en.admin.controls.confirm }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Delta sync completed successfully! Synced' })).toBeVisible({ timeout: 30_000 });

  // The parent, in a browser of her own: the course under next quarter, for her child.
  const context = await browser.newContext();
  const parent = await context.newPage();
  await openAs(parent, DEMO.credit);
  await navLink(parent, 'plans').click();
  await expect(parent.getByRole('heading', { level: 1, name: en.pages.plans.title })).toBeVisible();
  await parent.getByRole('group', { name: en.plans.quarterFilter }).getByRole('button', { name: en.plans.allQuarters }).click();
  const quarter = parent.getByRole('region', { name: requested.quarterName, exact: true });
  const plan = quarter.getByRole('region', { name: `${requested.childName}, ${requested.quarterName}`, exact: true }).getByRole('listitem').filter({ hasText: requested.lessonName });
  await expect(plan).toBeVisible();
  await expect(plan).toContainText(en.plans.duration);
  await context.close();
});
