/**
 * A parent books a course of next quarter on the demo stack: the dashboard's entry leads to the
 * booking page (the plans page's short link too); the course with the demo's full room hour shows that time as
 * full, which cannot be picked; the parent picks a child and the other time, sees the child,
 * course, times, cost and last day before sending, sees the request as requested (and one place
 * fewer), and withdraws it again. In English, German and Russian within one sign-in (the language
 * is switched on the page), on the desktop and the phone project, each with a family of its own
 * that no other spec uses; the request is withdrawn at the end of each language, so a run leaves
 * the demo's places as they were.
 */
import type { BookingRequestsAnswer } from '@family-portal/contract';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { accountExists, AUTH, createVerifiedAccount, DEMO, DEMO_PASSWORD, documentsWhere, memberEmail } from './support/emulators';
import { openAs, switchLanguage, texts, type Language } from './support/signIn';

const FUNCTIONS = 'http://127.0.0.1:5001/demo-family-portal/europe-west1';
const LANGUAGES: Language[] = ['en', 'de', 'ru'];
const INTL = { en: 'en-GB', de: 'de-DE', ru: 'ru-RU' } as const;

type Offer = BookingRequestsAnswer['offers'][number];

/** The next quarter's offer with the places taken, as the office's console reads it. */
async function demoOffer(): Promise<BookingRequestsAnswer> {
  const signIn = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: DEMO.admin, password: DEMO_PASSWORD, returnSecureToken: true }),
  });
  const { idToken } = (await signIn.json()) as { idToken: string };
  const response = await fetch(`${FUNCTIONS}/listBookingRequests`, { headers: { Authorization: `Bearer ${idToken}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: BookingRequestsAnswer }).data;
}

interface Booking {
  email: string;
  memberId: string;
  childId: string;
  childName: string;
  quarterName: string;
  offer: Offer;
  /** The full room hour, and the one with places left that the parent picks. */
  full: string;
  picked: string;
  freeBefore: number;
}

/**
 * The course with the demo's full room hour, and a family of M0041–M0059 (the last ones first;
 * the desktop project takes the first, the phone the second) with an active child who has not
 * asked for that course. Its account is made once per emulator session.
 */
async function setUp(project: string): Promise<Booking> {
  const { quarter, offers, requests } = await demoOffer();
  expect(quarter, 'the demo school offers next quarter').not.toBeNull();
  const free = (offer: Offer, id: string) => offer.places - (offer.taken[id] ?? 0);
  const offer = offers.find((candidate) => candidate.roomHours.some((rh) => free(candidate, rh.id) <= 0) && candidate.roomHours.some((rh) => free(candidate, rh.id) > 1));
  expect(offer, 'the demo offers a course with one full room hour and places left at another').toBeDefined();
  const full = offer!.roomHours.find((rh) => free(offer!, rh.id) <= 0)!.id;
  const picked = offer!.roomHours.find((rh) => free(offer!, rh.id) > 1)!.id;
  const asked = new Set(requests.filter((row) => row.lessonId === offer!.lessonId).map((row) => row.childId));
  const families: Array<{ memberId: string; childId: string; childName: string }> = [];
  for (let n = 59; n > 40 && families.length < 2; n--) {
    const memberId = `M00${n}`;
    const child = (await documentsWhere('children', 'memberId', memberId)).find((candidate) => candidate.status === 'active' && !asked.has(candidate.id));
    if (child) families.push({ memberId, childId: child.id, childName: child.name as string });
  }
  const family = families[project === 'phone' ? 1 : 0];
  expect(family, 'a family of M0041–M0059 with a child to book for').toBeDefined();
  const email = await memberEmail(family!.memberId);
  if (!(await accountExists(email))) await createVerifiedAccount(email, DEMO_PASSWORD);
  return { email, ...family!, quarterName: quarter!.name, offer: offer!, full, picked, freeBefore: free(offer!, picked) };
}

/**
 * The child's request for the course, as Firestore mirrors it (by child: a run repeated in the same
 * session books another child of the family, whose earlier request stays withdrawn).
 */
async function requestStatus(booking: Booking): Promise<unknown> {
  const requests = await documentsWhere('bookingRequests', 'memberId', booking.memberId);
  return requests.find((request) => request.lessonId === booking.offer.lessonId && request.childId === booking.childId)?.status ?? null;
}

/** "3 places left" in the language, by its plural rule. */
function placesLeft(language: Language, count: number): string {
  const forms = texts(language).booking as unknown as Record<string, string>;
  const category = new Intl.PluralRules(INTL[language]).select(count);
  return forms[`placesLeft_${category}`]!.replace('{{count}}', String(count));
}

/** A time of the course card: its list entry, found by the room hour's place in the offer's list. */
function time(card: Locator, booking: Booking, roomHourId: string): Locator {
  // The times' own items: each holds a list of its dates too.
  return card.getByRole('group').locator(':scope > ul > li').nth(sortedIds(booking).indexOf(roomHourId));
}

/** The offer's room hours in the order the card lists them: Monday first, then by slot. */
function sortedIds(booking: Booking): string[] {
  const days = ['Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.', 'So.'];
  const slot = (label: string) => Number(/^\s*(\d+)/.exec(label)?.[1] ?? 1e9);
  return [...booking.offer.roomHours]
    .sort((a, b) => days.indexOf(a.dayOfWeek) - days.indexOf(b.dayOfWeek) || slot(a.hourRefLabel) - slot(b.hourRefLabel))
    .map((rh) => rh.id);
}

/** Books the course and withdraws it again, in the page's language. */
async function bookAndWithdraw(page: Page, booking: Booking, language: Language) {
  const t = texts(language).booking;
  const section = page.getByRole('region', { name: t.title.replace('{{quarter}}', booking.quarterName) });
  await expect(section).toBeVisible();
  const card = section.getByRole('listitem', { name: booking.offer.lessonName, exact: true });

  // The full time says so and cannot be picked; the other one counts its places.
  const fullTime = time(card, booking, booking.full);
  await expect(fullTime.getByText(t.full, { exact: true })).toBeVisible();
  await expect(fullTime.getByRole('checkbox')).toBeDisabled();
  await expect(fullTime.getByRole('checkbox')).toHaveAccessibleDescription(t.fullTime);
  const pickedTime = time(card, booking, booking.picked);
  const pickedBox = pickedTime.getByRole('checkbox');
  await expect(pickedBox).toHaveAccessibleDescription(placesLeft(language, booking.freeBefore));

  await card.getByLabel(t.child).selectOption({ label: booking.childName });
  await pickedBox.check();
  const cost = await card.getByText(t.cost, { exact: true }).locator('xpath=following-sibling::dd').textContent();
  const until = await card.getByText(t.deadline, { exact: true }).locator('xpath=following-sibling::dd').textContent();
  const pickedLabel = await pickedTime.locator('label').textContent();
  await card.getByRole('button', { name: t.request }).click();

  const dialog = page.getByRole('dialog', { name: t.confirm.title });
  await expect(dialog).toBeVisible();
  for (const text of [booking.childName, booking.offer.lessonName, pickedLabel!, cost!, until!]) await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: t.confirm.send }).click();
  await expect(dialog).toBeHidden();

  const requests = page.getByRole('region', { name: t.yourRequests });
  const entry = requests.getByRole('listitem').filter({ hasText: t.requestFor.replace('{{lesson}}', booking.offer.lessonName).replace('{{child}}', booking.childName) });
  await expect(entry.getByText(t.status.requested, { exact: true })).toBeVisible();
  await expect(card.getByRole('option', { name: t.childRequested.replace('{{name}}', booking.childName) })).toBeDisabled();
  await expect(pickedBox).toHaveAccessibleDescription(placesLeft(language, booking.freeBefore - 1));
  expect(await requestStatus(booking)).toBe('requested');

  await entry.getByRole('button', { name: t.withdraw.label.replace('{{request}}', t.requestFor.replace('{{lesson}}', booking.offer.lessonName).replace('{{child}}', booking.childName)) }).click();
  const confirm = page.getByRole('dialog', { name: t.withdraw.title });
  await confirm.getByRole('button', { name: t.withdraw.confirm }).click();
  await expect(confirm).toBeHidden();
  await expect(entry.getByText(t.status.withdrawn, { exact: true })).toBeVisible();
  await expect(entry.getByRole('button')).toHaveCount(0);
  await expect(pickedBox).toHaveAccessibleDescription(placesLeft(language, booking.freeBefore));
  expect(await requestStatus(booking)).toBe('withdrawn');
}

test('a parent books a course of next quarter from the dashboard, sees it requested, and withdraws it, in en, de and ru', async ({ page }, testInfo) => {
  // Three requests and withdrawals, each written to AppSheet first; the functions may start cold.
  test.setTimeout(120_000);
  const booking = await setUp(testInfo.project.name);
  await openAs(page, booking.email);

  const en = texts('en').booking;
  const entry = page.getByRole('region', { name: en.dashboard.title.replace('{{quarter}}', booking.quarterName) });
  const until = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${booking.offer.requestsUntil}T12:00:00Z`));
  await entry.getByRole('link', { name: en.dashboard.entry.replace('{{date}}', until) }).click();
  await expect(page).toHaveURL(/\/booking$/);
  await expect(page.getByRole('heading', { level: 1, name: texts('en').pages.booking.title })).toBeVisible();

  for (const language of LANGUAGES) {
    if (language !== 'en') await switchLanguage(page, language);
    await test.step(language, () => bookAndWithdraw(page, booking, language));
  }
});
