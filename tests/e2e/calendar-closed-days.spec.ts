/**
 * The plans page lists each course's dates of the current quarter without the days the school is
 * closed, and names those days in words, in English, German and Russian: Anna Müller's courses
 * against the demo school's Closed Days (Christmas, 3 October, a holiday week each quarter),
 * synced by the real sync into the emulator. The expected dates are the contract's rule applied
 * to what Firestore holds; the page must show exactly those, formatted in the reader's language.
 */
import { currentQuarter } from '@family-portal/contract/rules';
import type { CalendarClosedDay } from '@family-portal/contract';
import { expect, test } from '@playwright/test';
import { formatDayMonth } from '../../src/domain/dates';
import { planDates } from '../../src/domain/lessonDates';
import type { Plan, Quarter, RoomHour } from '../../src/domain/types';
import { DEMO, documentsWhere, firestoreDocument } from './support/emulators';
import { schoolToday } from './support/lessonDates';
import { LANGUAGES, openOrSwitch, texts } from './support/signIn';

const LOCALES = { en: 'en-GB', de: 'de-DE', ru: 'ru-RU' } as const;

/** Anna's plans of the current quarter, with their room hours and the quarter's closed days, as Firestore holds them. */
async function annasCourses() {
  const quarters = [...(await documentsWhere('quarters', 'status', 'active')), ...(await documentsWhere('quarters', 'status', 'planned'))] as unknown as Quarter[];
  const quarter = currentQuarter(quarters, schoolToday());
  expect(quarter, 'the demo school has a current quarter').not.toBeNull();
  const plans = (await documentsWhere('plans', 'memberId', 'M0001')).filter((plan) => plan.quarterId === quarter!.id) as unknown as Plan[];
  expect(plans.length, 'Anna has a course this quarter').toBeGreaterThan(0);
  const timetable = (await firestoreDocument('member_references/M0001')) as { roomHours: RoomHour[] } | null;
  const calendar = (await firestoreDocument(`school_calendar/${quarter!.id}`)) as { closedDays: CalendarClosedDay[] } | null;
  expect(calendar?.closedDays.length, 'the demo school closes on days of this quarter').toBeGreaterThan(0);
  return { quarter: quarter!, plans, roomHours: timetable?.roomHours ?? [], closedDays: calendar!.closedDays };
}

/** One visit: the page is read in each language in turn, switched in the header as a parent does (docs/testing.md, "One visit, several checks"). */
test("the plans page lists each course's dates without the closed days, in en, de and ru", async ({ page }) => {
  const { quarter, plans, roomHours, closedDays } = await annasCourses();
  for (const language of LANGUAGES) {
    const t = texts(language);
    const locale = LOCALES[language];
    await openOrSwitch(page, DEMO.owing, '/plans', language);
    await expect(page.getByRole('heading', { level: 1, name: t.pages.plans.title })).toBeVisible();
    let closedNamed = 0;
    for (const plan of plans) {
      const expected = planDates(plan, roomHours, quarter, closedDays)!;
      const card = page.locator(`[id="plan-${plan.id}"]`);
      const dates = card.getByRole('list', { name: t.plans.dates.list });
      // A cancelled date (another spec may cancel one) keeps its place, struck through.
      const shown = (await dates.getByRole('listitem').allTextContents()).map((text) => text.replace(` ${t.plans.dates.cancelled}`, ''));
      expect(shown).toEqual(expected.dates.map((date) => formatDayMonth(date, locale)));
      // Each closed day that takes a lesson of the course, in words ("Weihnachtsferien: no lessons …").
      for (const closedDay of expected.closedDays) {
        await expect(card.getByText(`${closedDay.name}: `, { exact: false })).toBeVisible();
        closedNamed += 1;
      }
      // No date of a closed day is listed.
      for (const date of expected.dates) expect(closedDays.some((closedDay) => closedDay.lessonId === null && closedDay.firstDay <= date && date <= closedDay.lastDay)).toBe(false);
    }
    // Some course of Anna's loses a lesson to the quarter's holiday week (every weekday falls in it).
    expect(closedNamed).toBeGreaterThan(0);
  }
});
