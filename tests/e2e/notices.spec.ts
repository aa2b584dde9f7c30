/**
 * A parent and the school office's notices on the demo stack: the office sends the family a notice
 * in three languages and cancels one of its child's lessons on its next date, through the real
 * endpoints (sendNotice, cancelLesson) as the demo admin. The parent sees the notice on the
 * dashboard with the unread count in the navigation; opening it clears the count and the server
 * counts the family as having read it; the plans page says the lesson is cancelled on that date;
 * the parent reports the child absent and withdraws the report. In English, German and Russian
 * within one sign-in, on the desktop and the phone project, each with a family of its own that no
 * other spec signs in as; the notices are withdrawn at the end, so the demo is as it was.
 */
import { expect, test, type Page } from '@playwright/test';
import { documentsWhere, firestoreDocument } from './support/emulators';
import { familyWithCourse, type FamilyWithCourse } from './support/familyWithCourse';
import { homeEntryName, navLink } from './support/navigation';
import { forgetOfficeLimits, office } from './support/noticeCalls';
import { openAs, switchLanguage, texts, type Language } from './support/signIn';

const LANGUAGES: Language[] = ['en', 'de', 'ru'];
const INTL = { en: 'en-GB', de: 'de-DE', ru: 'ru-RU' } as const;
const REASON = 'Die Lehrerin ist krank.';
const NOTICE = {
  en: { title: 'School trip on Friday', body: 'Dear parents,\nthe programme: https://example.org/trip' },
  de: { title: 'Ausflug am Freitag', body: 'Liebe Eltern,\ndas Programm: https://example.org/trip' },
  ru: { title: 'Экскурсия в пятницу', body: 'Уважаемые родители!\nПрограмма: https://example.org/trip' },
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const fill = (text: string, values: Record<string, string | number>) => text.replace(/{{(\w+)}}/g, (_, name: string) => String(values[name]));
const longDay = (day: string, language: Language) =>
  new Intl.DateTimeFormat(INTL[language], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

/** M0021–M0030: the desktop project takes the first family with a course date left, the phone the second. */
const setUp = (project: string) => familyWithCourse([21, 22, 23, 24, 25, 26, 27, 28, 29, 30], project === 'phone' ? 1 : 0);
type Family = FamilyWithCourse;

async function unreadOf(memberId: string): Promise<number> {
  return (await documentsWhere('notice_deliveries', 'memberId', memberId)).filter((delivery) => delivery.readAt === null).length;
}

/** The visible navigation's entry of a section, in the page's language; the dashboard's may carry the unread count. */

/** The plans page in the language: the cancelled date beside the course; from it, an absence reported and withdrawn on the absences page. */
async function plansPage(page: Page, family: Family, language: Language) {
  const t = texts(language);
  await navLink(page, 'plans', language).click();
  await expect(page.getByRole('heading', { level: 1, name: t.pages.plans.title })).toBeVisible();
  await expect(page.getByText(fill(t.notices.cancelledOn, { date: longDay(family.date, language), reason: REASON })).first()).toBeVisible();

  // One tap from the course to the absences page, its report open with the course's child chosen.
  const reportLink = new RegExp(`^${escape(fill(t.plans.reportAbsenceFor, { child: family.childName, lesson: '' }))}`);
  await page.getByRole('link', { name: reportLink }).first().click();
  await expect(page).toHaveURL(/\/absences\?report=1&child=/);
  await expect(page.getByRole('heading', { level: 1, name: t.absences.title })).toBeVisible();
  const card = page.getByRole('region', { name: t.absences.list });
  const dialog = page.getByRole('dialog', { name: t.absences.report });
  await expect(dialog.getByLabel(t.absences.child)).toHaveValue(family.childId);
  await dialog.getByLabel(t.absences.from).fill(family.date);
  await dialog.getByLabel(t.absences.reason).fill('Arzttermin');
  await dialog.getByRole('button', { name: t.absences.send }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByRole('status')).toHaveText(fill(t.absences.sent, { child: family.childName }));
  const [reported] = await documentsWhere('absences', 'memberId', family.memberId);
  expect(reported).toMatchObject({ childId: family.childId, from: family.date, to: family.date, reason: 'Arzttermin' });
  expect(reported!.lessonIds).toContain(family.lessonId);

  const withdrawLabel = new RegExp(`^${escape(t.absences.withdraw.label.split('{{child}}')[0]!)}${escape(family.childName)}`);
  await card.getByRole('button', { name: withdrawLabel }).click();
  const confirm = page.getByRole('dialog', { name: t.absences.withdraw.title });
  await confirm.getByRole('button', { name: t.absences.withdraw.confirm }).click();
  await expect(confirm).toBeHidden();
  await expect(card.getByRole('status')).toHaveText(fill(t.absences.withdraw.done, { child: family.childName }));
  await expect(card.getByText(t.absences.none)).toBeVisible();
  expect(await documentsWhere('absences', 'memberId', family.memberId)).toEqual([]);
}

test('a parent reads the office\'s notice, sees the cancelled lesson, reports and withdraws an absence, in en, de and ru', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  const family = await setUp(testInfo.project.name);
  await forgetOfficeLimits();
  const notice = await office.send({ texts: NOTICE, audience: { kind: 'family', memberId: family.memberId } });
  const cancellation = await office.cancel({ lessonId: family.lessonId, date: family.date, roomHourId: family.roomHourId, reason: REASON });
  try {
    const unread = await unreadOf(family.memberId);
    expect(unread, 'the notice and the cancellation are unread').toBeGreaterThanOrEqual(2);
    await openAs(page, family.email);
    const en = texts('en');
    const home = navLink(page, 'home');
    // The sidebar's word or the bottom bar's, whichever this device shows.
    const text = (await home.textContent())!;
    const label = [en.nav.home, en.nav.short.home].find((name) => text.includes(name))!;
    await expect(home).toHaveAccessibleName(homeEntryName('en', label, unread));

    // The newest notice, unread, opened: its text with the link; read at once and on the server.
    const card = page.getByRole('region', { name: en.notices.title });
    const item = card.getByRole('button', { name: new RegExp(`^${escape(NOTICE.en.title)}`) });
    await expect(item).toContainText(en.notices.new);
    await item.click();
    const dialog = page.getByRole('dialog', { name: NOTICE.en.title });
    await expect(dialog.getByRole('link', { name: 'https://example.org/trip' })).toHaveAttribute('href', 'https://example.org/trip');
    await expect(dialog).toContainText('Dear parents,');
    await dialog.getByRole('button', { name: en.common.close }).click();
    await expect(item).not.toContainText(en.notices.new);
    await expect(home).toHaveAccessibleName(homeEntryName('en', label, unread - 1));
    await expect.poll(async () => (await firestoreDocument(`notices/${notice.id}`))?.reads).toBe(1);

    // The cancellation's e-mail links to that notice: the link opens it on the notices page.
    const mailLink = async () => {
      const mails = await documentsWhere('mail', 'to', family.email);
      const text = mails.map((mail) => String((mail.message as { text?: string } | undefined)?.text ?? '')).find((body) => body.includes(`/notices/${cancellation.id}`));
      return text ? new URL(/https?:\/\/\S+\/notices\/\S+/.exec(text)![0]).pathname : null;
    };
    await expect.poll(mailLink).toBe(`/notices/${cancellation.id}`);
    await page.goto((await mailLink())!);
    const opened = page.getByRole('dialog');
    await expect(opened).toContainText(en.notices.cancellation);
    await expect(opened.getByRole('link', { name: en.notices.toPlans })).toHaveAttribute('href', '/plans');
    await opened.getByRole('button', { name: en.common.close }).click();
    await expect(page).toHaveURL(/\/notices$/);
    await expect(page.getByRole('heading', { level: 1, name: en.pages.notices.title })).toBeVisible();

    for (const language of LANGUAGES) {
      if (language !== 'en') {
        await switchLanguage(page, language);
        await navLink(page, 'home', language).click();
        const t = texts(language);
        await expect(page.getByRole('region', { name: t.notices.title }).getByRole('button', { name: new RegExp(`^${escape(NOTICE[language].title)}`) })).toBeVisible();
      }
      await test.step(language, () => plansPage(page, family, language));
    }
  } finally {
    await office.withdraw(notice.id);
    await office.withdraw(cancellation.id);
  }
});
