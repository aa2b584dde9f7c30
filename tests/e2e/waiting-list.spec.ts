/**
 * The waiting list on the demo stack. Three families wait for the demo's full time: the demo's two
 * (topped up through the API where an earlier run used them up) and one that joins on the booking
 * page, choosing the time and seeing its place in line; the office moves that family up one place
 * in the console, with a note the family sees. A family holding a place withdraws: the
 * first in line gets the offer by e-mail (the local inbox) and by push (at the local push service,
 * to the device its parent turned on), opens the booking page from the e-mail's link and sees the
 * place held for it. It lets the hold run out (its end moved into the past, then a sync: the
 * sweep's work), and the place goes to the second in line, who opens its e-mail's link and takes
 * it with one tap: the request is the office's to confirm, in AppSheet as `Angefragt`.
 *
 * Desktop only: each run uses families up (one leaves the line, one takes the place). The waiting
 * list's screens at every width from 320 px are layout.spec.ts's (the long family's waiting request,
 * the join and leave dialogs, the console's waiting row and its move dialog).
 */
import type { BookingRequestsAnswer } from '@family-portal/contract';
import { expect, test, type Page } from '@playwright/test';
import { PORTS } from '../../tools/lib/stack';
import { accountExists, APP_ORIGIN, appSheetRow, createVerifiedAccount, deleteAccount, DEMO, DEMO_PASSWORD, documentsWhere, FIRESTORE, inboxOf, memberEmail, owner, PROJECT } from './support/emulators';
import { idTokenOf, post } from './support/noticeCalls';
import { expectNoAxeViolations } from './support/axe';
import { openAs, texts } from './support/signIn';

const FUNCTIONS = 'http://127.0.0.1:5001/demo-family-portal/europe-west1';
const PUSH_SERVICE = `http://127.0.0.1:${PORTS.push}`;
const en = texts('en');

type Row = BookingRequestsAnswer['requests'][number];

/** "3rd", as the English screens number places in line. */
const ordinal = (n: number) => `${n}${{ one: 'st', two: 'nd', few: 'rd', other: 'th' }[new Intl.PluralRules('en', { type: 'ordinal' }).select(n) as 'one' | 'two' | 'few' | 'other']}`;
interface Family {
  memberId: string;
  email: string;
  childId: string;
  childName: string;
}

/** The next quarter's offer and requests as the office's console reads them. */
async function officeList(): Promise<BookingRequestsAnswer> {
  const response = await fetch(`${FUNCTIONS}/listBookingRequests`, { headers: { Authorization: `Bearer ${await idTokenOf(DEMO.admin)}` } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: BookingRequestsAnswer }).data;
}

/** Whether an ID token's e-mail is verified (the Auth emulator's tokens are unsigned JWTs). */
const verified = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { email_verified?: boolean }).email_verified === true;

/**
 * A family's account with the demo password, made once per emulator session. The demo's first
 * families on the waiting list and in the full time are auth-flows.spec.ts's (M0004–M0007), whose
 * accounts it makes with passwords of its own (and deletes before each of its tests): such an
 * account is made again here.
 */
async function withAccount(memberId: string): Promise<string> {
  const email = await memberEmail(memberId);
  if (await accountExists(email)) {
    const token = await idTokenOf(email);
    if (token && verified(token)) return email;
    await deleteAccount(email);
  }
  await createVerifiedAccount(email, DEMO_PASSWORD);
  return email;
}

/** The waiting requests of a time, first in line first. */
function line(list: BookingRequestsAnswer, offerId: string, roomHourId: string): Row[] {
  const at = (row: Row) => row.waiting?.positions.find((position) => position.roomHourId === roomHourId)?.position ?? Infinity;
  return list.requests.filter((row) => row.offerId === offerId && row.status === 'waiting' && at(row) !== Infinity).sort((a, b) => at(a) - at(b));
}

/**
 * Families of M0021–M0039 (the last ones first) with an active child, none of whose children asked
 * for the lesson: one family, one child in line, so that each family's page shows one place.
 */
async function freshFamilies(list: BookingRequestsAnswer, lessonId: string, count: number): Promise<Family[]> {
  const asked = new Set(list.requests.filter((row) => row.lessonId === lessonId).map((row) => row.memberId));
  const found: Family[] = [];
  for (let n = 39; n > 20 && found.length < count; n--) {
    const memberId = `M00${n}`;
    if (asked.has(memberId)) continue;
    const child = (await documentsWhere('children', 'memberId', memberId)).find((candidate) => candidate.status === 'active');
    if (child) found.push({ memberId, email: await withAccount(memberId), childId: child.id, childName: child.name as string });
  }
  expect(found, `${count} families of M0021–M0039 with a child to put on the waiting list`).toHaveLength(count);
  return found;
}

/** A device of the parent, turned on as the portal does, at the local push service: its endpoint. */
async function turnOnDevice(email: string): Promise<string> {
  const token = await idTokenOf(email);
  const settings = await fetch(`${FUNCTIONS}/getPushSettings`, { headers: { Authorization: `Bearer ${token}` } });
  const answer = (await settings.json()) as { data: { publicKey: string } };
  expect(settings.status, `getPushSettings for ${email}: ${JSON.stringify(answer)}`).toBe(200);
  const { publicKey } = answer.data;
  const made = await fetch(`${PUSH_SERVICE}/subscriptions`, { method: 'POST', body: JSON.stringify({ applicationServerKey: publicKey }) });
  const subscription = (await made.json()) as { endpoint: string; keys: { p256dh: string; auth: string } };
  await post('subscribePush', token, { endpoint: subscription.endpoint, keys: subscription.keys });
  return subscription.endpoint;
}

const isOffer = (lessonName: string) => (mail: { subject: string }) => mail.subject.includes(lessonName) && /place for|Platz für|место для/.test(mail.subject);

/** The newest offer e-mail of the course in this parent's inbox, after the `before` there were (waited for). */
async function offerMail(email: string, lessonName: string, before: number) {
  let mails: Awaited<ReturnType<typeof inboxOf>> = [];
  await expect
    .poll(async () => (mails = (await inboxOf(email)).filter(isOffer(lessonName))).length, { message: `the offer e-mail to ${email}`, timeout: 20_000 })
    .toBeGreaterThan(before);
  return mails.at(-1) as (typeof mails)[number];
}
const offerMails = async (email: string, lessonName: string) => (await inboxOf(email)).filter(isOffer(lessonName)).length;

/** The link to the booking page in an offer e-mail, as a path of the portal. */
const bookingLink = (html: string) => {
  const href = /href="([^"]*\/booking\?offer=[^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  expect(href, 'the e-mail links to the booking page').toBeDefined();
  const url = new URL(href as string);
  return `${url.pathname}${url.search}`;
};

/** Moves the end of a place held into the past, as two days passing would. */
async function letHoldRunOut(offerId: string, requestId: string): Promise<void> {
  const path = `holders.\`${requestId}\`.until`;
  const response = await fetch(`${FIRESTORE}/v1/projects/${PROJECT}/databases/(default)/documents/booking_holds/${offerId}?updateMask.fieldPaths=${encodeURIComponent(path)}`, {
    method: 'PATCH',
    headers: owner,
    body: JSON.stringify({ fields: { holders: { mapValue: { fields: { [requestId]: { mapValue: { fields: { until: { stringValue: new Date(Date.now() - 60_000).toISOString() } } } } } } } } }),
  });
  expect(response.ok, `moving the hold's end: ${await response.text()}`).toBe(true);
}

/** The place held on the booking page, found by its course and child. */
const heldNotice = (page: Page, lessonName: string, childName: string) =>
  page.getByRole('region', { name: en.booking.requestFor.replace('{{lesson}}', lessonName).replace('{{child}}', childName) });

test('three families wait; a withdrawal offers the place to the first, it runs out, and the second takes it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  let list = await officeList();
  const offer = list.offers.find((candidate) => candidate.roomHours.some((rh) => (candidate.taken[rh.id] ?? 0) >= candidate.places && line(list, candidate.offerId, rh.id).length > 0));
  expect(offer, "the demo's full time has a waiting list").toBeDefined();
  const { offerId, lessonName, lessonId } = offer!;
  const full = offer!.roomHours.find((rh) => (offer!.taken[rh.id] ?? 0) >= offer!.places && line(list, offerId, rh.id).length > 0)!.id;
  const childName = (row: Row) => row.childName as string;

  await test.step('two families wait already (topped up where an earlier run used the demo\'s up)', async () => {
    const missing = Math.max(0, 2 - line(list, offerId, full).length);
    for (const family of await freshFamilies(list, lessonId, missing)) {
      await post('joinWaitingList', await idTokenOf(family.email), { childId: family.childId, offerId, roomHourIds: [full] });
    }
    list = await officeList();
    expect(line(list, offerId, full).length).toBeGreaterThanOrEqual(2);
  });

  const [joiner] = await freshFamilies(list, lessonId, 1);
  await test.step('a third family joins on the booking page and sees its place in line', async () => {
    await openAs(page, joiner!.email, `/booking?offer=${offerId}&child=${joiner!.childId}`);
    const card = page.getByRole('listitem', { name: lessonName, exact: true });
    await card.getByRole('button', { name: en.booking.waiting.open }).click();
    const form = card.getByRole('form', { name: en.booking.waiting.open });
    await form.getByRole('checkbox').first().check();
    await expect(form.getByText(en.booking.waiting.choice.replace('{{place}}', '1st'))).toBeVisible();
    await form.getByLabel(en.booking.child).selectOption({ label: joiner!.childName });
    await expectNoAxeViolations(page, 'the booking page with the waiting list form');
    await form.getByRole('button', { name: en.booking.waiting.submit }).click();
    const confirm = page.getByRole('dialog', { name: en.booking.waiting.confirm.title });
    await expect(confirm).toContainText(joiner!.childName);
    await expectNoAxeViolations(page, 'the waiting list confirmation', { within: 'dialog[open]' });
    await confirm.getByRole('button', { name: en.booking.waiting.confirm.join }).click();
    const place = line(list, offerId, full).length + 1;
    await expect(page.getByText(en.booking.waiting.place.replace('{{place}}', ordinal(place))).first()).toBeVisible({ timeout: 15_000 });
    list = await officeList();
    expect(line(list, offerId, full).map((row) => row.childId)).toContain(joiner!.childId);
    expect(line(list, offerId, full).length).toBeGreaterThanOrEqual(3);
  });

  await test.step('the office sees the line in order and moves the family that joined on the page up, with a note', async () => {
    const waiting = line(list, offerId, full);
    const last = waiting.at(-1) as Row;
    expect(last.childId).toBe(joiner!.childId);
    const context = await browser.newContext({ baseURL: APP_ORIGIN });
    const office = await context.newPage();
    await openAs(office, DEMO.admin, '/admin');
    await office.getByRole('navigation', { name: en.admin.tabs.label }).getByRole('link', { name: en.admin.requests.tab }).click();
    const requests = office.getByRole('region', { name: en.admin.requests.table.title });
    await expect(requests).toBeVisible({ timeout: 30_000 });
    await requests.getByRole('combobox', { name: en.admin.requests.filter.lesson }).selectOption({ label: lessonName });
    await requests.getByRole('combobox', { name: en.admin.requests.filter.status }).selectOption('waiting');
    // In line order: the family that joined last is below every other family waiting for that time.
    const rows = requests.getByRole('table', { name: en.admin.requests.table.title }).getByRole('row');
    const row = rows.filter({ hasText: childName(last) });
    await expect(row).toContainText(en.admin.requests.waiting.place.replace('{{place}}', ordinal(waiting.length)));
    const names = { child: childName(last), lesson: lessonName };
    const fill = (text: string) => text.replace(/{{(\w+)}}/g, (_, name: 'child' | 'lesson') => names[name]);
    await row.getByRole('button', { name: fill(en.admin.requests.waiting.moveUpOne) }).click();
    const dialog = office.getByRole('dialog', { name: en.admin.requests.waiting.titleUp });
    await dialog.getByRole('textbox').fill('Geschwisterkind im Kurs');
    await expectNoAxeViolations(office, 'the move up dialog', { within: 'dialog[open]' });
    await dialog.getByRole('button', { name: en.admin.requests.waiting.moveUp }).click();
    await expect(office.getByRole('status').filter({ hasText: fill(en.admin.requests.waiting.movedUp) })).toBeVisible({ timeout: 30_000 });
    list = await officeList();
    const moved = line(list, offerId, full);
    expect(moved.findIndex((row) => row.id === last.id)).toBe(waiting.length - 2);
    expect(moved.find((row) => row.id === last.id)?.note).toBe('Geschwisterkind im Kurs');
    await context.close();
  });

  const [first, second] = line(list, offerId, full) as [Row, Row];
  const firstEmail = await withAccount(first.memberId as string);
  const secondEmail = await withAccount(second.memberId as string);
  const mailsBefore = { first: await offerMails(firstEmail, lessonName), second: await offerMails(secondEmail, lessonName) };
  const device = await turnOnDevice(firstEmail);

  await test.step('a family holding a place withdraws: the first in line gets the offer by e-mail and push', async () => {
    const holder = list.requests.find((row) => row.offerId === offerId && row.status === 'requested' && row.roomHourIds.includes(full));
    expect(holder, 'a family holds a place at the full time').toBeDefined();
    await post('withdrawBooking', await idTokenOf(await withAccount(holder!.memberId as string)), { requestId: holder!.id });
    const mail = await offerMail(firstEmail, lessonName, mailsBefore.first);
    expect(mail.text).toContain(childName(first));
    await expect
      .poll(async () => {
        const arrived = (await (await fetch(`${PUSH_SERVICE}/messages`)).json()) as Array<{ subscriptionId: string; payload: string }>;
        return arrived.filter((message) => device.endsWith(`/push/${message.subscriptionId}`)).map((message) => JSON.parse(message.payload) as { kind: string; path: string });
      }, { message: 'the push at the local push service', timeout: 20_000 })
      .toContainEqual(expect.objectContaining({ kind: 'waitingOffer', path: `/booking?offer=${offerId}&child=${first.childId}` }));

    // The first family's own browser, opened at the e-mail's link.
    const context = await browser.newContext({ baseURL: APP_ORIGIN });
    const fresh = await context.newPage();
    await openAs(fresh, firstEmail, bookingLink(mail.html));
    const held = heldNotice(fresh, lessonName, childName(first));
    await expect(held.getByRole('button', { name: en.booking.waiting.offer.take })).toBeVisible();
    await expect(held).toBeFocused();
    await expectNoAxeViolations(fresh, 'the place held on the booking page');

    // Two days pass without a tap: the sweep (here a sync's) gives the place to the next in line.
    await letHoldRunOut(offerId, first.id);
    const synced = await fetch(`${FUNCTIONS}/triggerDeltaSync`, { method: 'POST', headers: { Authorization: `Bearer ${await idTokenOf(DEMO.admin)}` } });
    expect(synced.status).toBe(200);
    await fresh.reload();
    await expect(fresh.getByText(en.booking.waiting.passedTime).first()).toBeVisible();
    await expect(held.getByRole('button', { name: en.booking.waiting.offer.take })).toHaveCount(0);
    await context.close();
  });

  await test.step('the second in line takes it with one tap from its e-mail', async () => {
    const mail = await offerMail(secondEmail, lessonName, mailsBefore.second);
    const context = await browser.newContext({ baseURL: APP_ORIGIN });
    const other = await context.newPage();
    await openAs(other, secondEmail, bookingLink(mail.html));
    const held = heldNotice(other, lessonName, childName(second));
    await held.getByRole('button', { name: en.booking.waiting.offer.take }).click();
    await expect(other.getByText(en.booking.waiting.offer.taken.replace('{{lesson}}', lessonName).replace('{{child}}', childName(second)))).toBeVisible();
    expect(await appSheetRow('Course Requests', 'Request ID', second.id)).toMatchObject({ Status: 'Angefragt', 'Room Hour IDs': full });
    // Full again; neither family is in line for the time any more.
    list = await officeList();
    expect(line(list, offerId, full).map((row) => row.id)).not.toContain(first.id);
    expect(line(list, offerId, full).map((row) => row.id)).not.toContain(second.id);
    expect(list.offers.find((candidate) => candidate.offerId === offerId)?.taken[full]).toBe(offer!.places);
    await context.close();
  });
});
