/**
 * The office's notices and absences, on the demo stack (desktop): the admin writes a notice to
 * the families of one lesson of the demo parent's child, sees "read by 0 of M" and withdraws it;
 * cancels that lesson on its next date and sees the cancellation listed (and withdraws it, so the
 * parents' specs find the lesson as before); and sees on the absences tab an absence the parent
 * reported through the real reportAbsence endpoint (taken back afterwards).
 */
import { currentQuarter } from '@family-portal/contract/rules';
import { expect, test, type Page } from '@playwright/test';
import { AUTH, DEMO, DEMO_PASSWORD, documentsWhere, firestoreDocument } from './support/emulators';
import { adminDay, nextLessonDate, schoolToday } from './support/lessonDates';
import { openAs, texts } from './support/signIn';

const en = texts('en');
const FUNCTIONS = 'http://127.0.0.1:5001/demo-family-portal/europe-west1';
const fill = (text: string, values: Record<string, string | number>) => text.replace(/{{(\w+)}}/g, (_, name: string) => String(values[name]));

async function idTokenOf(email: string): Promise<string> {
  const response = await fetch(`${AUTH}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, returnSecureToken: true }),
  });
  return ((await response.json()) as { idToken: string }).idToken;
}

async function call(name: string, email: string, body: unknown) {
  const response = await fetch(`${FUNCTIONS}/${name}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await idTokenOf(email)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data?: { id?: string } } };
}

interface Course {
  childId: string;
  lessonId: string;
  lessonName: string;
  /** The lesson's next date after today within the current quarter, on its room hour's weekday. */
  nextDate: string;
}

/** A course of the parent in credit in the current quarter, and its next date after today. */
async function parentsCourse(): Promise<Course> {
  const [member] = await documentsWhere('members', 'primaryEmail', DEMO.credit);
  const quarters = [...(await documentsWhere('quarters', 'status', 'active')), ...(await documentsWhere('quarters', 'status', 'planned'))] as unknown as Array<{ id: string; name: string; status: string; firstDay: string; lastDay: string }>;
  const today = schoolToday();
  const quarter = currentQuarter(quarters, today);
  expect(quarter, 'the demo school has a current quarter').not.toBeNull();
  const plans = (await documentsWhere('plans', 'memberId', member!.id)).filter((plan) => plan.quarterId === quarter!.id);
  for (const plan of plans) {
    const nextDate = await nextLessonDate(plan.lessonId as string, plan.roomHourIds as string[]);
    if (nextDate > quarter!.lastDay) continue;
    const lesson = await firestoreDocument(`lessons/${plan.lessonId as string}`);
    return { childId: plan.childId as string, lessonId: plan.lessonId as string, lessonName: lesson!.name as string, nextDate };
  }
  throw new Error('no course of the parent in credit has a date left in the current quarter');
}

async function openNotices(page: Page) {
  await openAs(page, DEMO.admin, '/admin');
  await page.getByRole('navigation', { name: en.admin.tabs.label }).getByRole('link', { name: en.admin.notices.tab }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.admin.notices.title })).toBeVisible();
}

/** Withdraws the notice with this title in the list, after its confirmation. */
async function withdraw(page: Page, title: string) {
  const list = page.getByRole('region', { name: en.admin.notices.list.title });
  await list.getByRole('table').getByRole('button', { name: fill(en.admin.notices.list.withdrawOne, { title }) }).click();
  await page.getByRole('dialog', { name: en.admin.notices.withdraw.title }).getByRole('button', { name: en.admin.notices.withdraw.confirm, exact: true }).click();
  await expect(page.getByText(fill(en.admin.notices.withdraw.done, { title }))).toBeVisible({ timeout: 15_000 });
  // Newest first: a run before this one (--repeat-each) left its own withdrawn row of the same title below.
  const row = list.getByRole('table').getByRole('row').filter({ hasText: title }).first();
  await expect(row).toContainText(en.admin.notices.list.withdrawnPill);
  await expect(row.getByRole('button')).toHaveCount(0);
}

test('the office writes to one lesson\'s families, cancels a date of it, and sees a reported absence', async ({ page }) => {
  test.setTimeout(60_000);
  const course = await parentsCourse();
  await openNotices(page);

  // A notice to the families of the parent's lesson.
  const title = `Concert rehearsal ${Date.now()}`;
  const compose = page.getByRole('region', { name: en.admin.notices.compose.title });
  await compose.getByRole('textbox', { name: fill(en.admin.notices.compose.titleField, { language: en.admin.notices.language.en }) }).fill(title);
  await compose.getByRole('textbox', { name: fill(en.admin.notices.compose.bodyField, { language: en.admin.notices.language.en }) }).fill('Please come ten minutes early.\nhttps://example.org/plan');
  await compose.getByRole('radio', { name: new RegExp(`^${en.admin.notices.compose.audienceLessons}`) }).check();
  // The functions may start cold in the emulator; the lessons come from Firestore.
  await compose.getByRole('searchbox', { name: en.admin.notices.compose.lessonFilter }).fill(course.lessonId, { timeout: 30_000 });
  await compose.getByRole('checkbox', { name: new RegExp(`\\(${course.lessonId}\\)`) }).check();
  await compose.getByRole('button', { name: en.admin.notices.compose.send }).click();
  const confirm = page.getByRole('dialog', { name: en.admin.notices.compose.confirm.title });
  await expect(confirm.getByRole('listitem')).toHaveText(`${course.lessonName} (${course.lessonId})`);
  await confirm.getByRole('button', { name: en.admin.notices.compose.confirm.send }).click();
  const sent = page.getByRole('status').filter({ hasText: /^The notice was sent to \d+ famil/ });
  await expect(sent).toBeVisible({ timeout: 30_000 });
  const recipients = Number(/(\d+)/.exec((await sent.textContent())!)![1]);
  expect(recipients).toBeGreaterThan(0);
  const list = page.getByRole('region', { name: en.admin.notices.list.title });
  // Newest first: a run before this one (--repeat-each) left its own withdrawn row of the same title below.
  const row = list.getByRole('table').getByRole('row').filter({ hasText: title }).first();
  // The list may still wait for listNotices' cold start: sendNotice is warm when the demo seed
  // (tools/lib/demoNotices.ts) has called it, so the send can answer first.
  await expect(row).toContainText(fill(recipients === 1 ? en.admin.notices.list.read_one : en.admin.notices.list.read_other, { reads: 0, count: recipients }), { timeout: 30_000 });
  await expect(row).toContainText(fill(en.admin.notices.list.audience.lessons, { lessons: course.lessonName }));
  await expect(row).toContainText(DEMO.admin);
  await withdraw(page, title);

  // The lesson cancelled on its next date: listed as a cancellation, then taken back.
  const cancel = page.getByRole('region', { name: en.admin.notices.cancel.title });
  await cancel.getByRole('combobox', { name: en.admin.notices.cancel.lesson }).selectOption(course.lessonId);
  await cancel.getByLabel(en.admin.notices.cancel.date, { exact: true }).fill(course.nextDate);
  await cancel.getByRole('textbox', { name: en.admin.notices.cancel.reason }).fill('The teacher is ill.');
  await cancel.getByRole('button', { name: en.admin.notices.cancel.submit }).click();
  await page.getByRole('dialog', { name: en.admin.notices.cancel.confirm.title }).getByRole('button', { name: en.admin.notices.cancel.confirm.send, exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: new RegExp(`^${course.lessonName.replace(/[.*+?^$()|[\]\\]/g, '\\$&')} is cancelled on ${adminDay(course.nextDate)}`) })).toBeVisible({ timeout: 30_000 });
  // The newest such row: an earlier run's withdrawn one may be below it.
  const cancelled = list.getByRole('table').getByRole('row').filter({ hasText: fill(en.admin.notices.list.cancellation, { lesson: course.lessonName, date: adminDay(course.nextDate), reason: 'The teacher is ill.' }) }).first();
  await expect(cancelled).toContainText(en.admin.notices.list.kind.cancellation);
  const cancellationTitle = (await cancelled.locator('td').first().locator('p').first().textContent())!;
  await withdraw(page, cancellationTitle);

  // The parent reports the child absent on that date through the portal's endpoint.
  const reported = await call('reportAbsence', DEMO.credit, { childId: course.childId, lessonIds: [course.lessonId], from: course.nextDate, to: course.nextDate, reason: 'Dentist' });
  expect(reported.status, JSON.stringify(reported.body)).toBe(200);
  try {
    await page.getByRole('navigation', { name: en.admin.tabs.label }).getByRole('link', { name: en.admin.absences.tab }).click();
    await page.getByRole('combobox', { name: en.admin.absences.days }).selectOption('14');
    const day = page.getByRole('region', { name: new RegExp(`^${new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${course.nextDate}T12:00:00Z`))}, ${adminDay(course.nextDate).split(', ')[1]}`) });
    const lesson = day.getByRole('region', { name: new RegExp(`^${course.lessonName.replace(/[.*+?^$()|[\]\\]/g, '\\$&')}: \\d+ child`) });
    await expect(lesson.getByRole('listitem').filter({ hasText: 'Reason: Dentist' })).toContainText('Family: ', { timeout: 15_000 });
  } finally {
    const withdrawn = await call('withdrawAbsence', DEMO.credit, { absenceId: reported.body.data!.id });
    expect(withdrawn.status).toBe(200);
  }
});
