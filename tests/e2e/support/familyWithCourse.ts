/**
 * A demo family with a child whose course of the current quarter still has a date in it: for the
 * specs that cancel that date, or report the child absent on it. Its account is made once per
 * emulator session.
 */
import { currentQuarter } from '@family-portal/contract/rules';
import { expect } from '@playwright/test';
import { accountExists, createVerifiedAccount, DEMO_PASSWORD, documentsWhere, memberEmail } from './emulators';
import { nextLessonDate, schoolToday } from './lessonDates';

export interface FamilyWithCourse {
  memberId: string;
  email: string;
  childId: string;
  childName: string;
  lessonId: string;
  roomHourId: string;
  /** The lesson's next date after today (on that room hour's weekday), in the current quarter. */
  date: string;
}

/** The `nth` (from 0) family of `memberNumbers` (17 → M0017) that has such a course. */
export async function familyWithCourse(memberNumbers: number[], nth: number): Promise<FamilyWithCourse> {
  const quarters = [...(await documentsWhere('quarters', 'status', 'active')), ...(await documentsWhere('quarters', 'status', 'planned'))] as unknown as Array<{ id: string; name: string; status: string; firstDay: string; lastDay: string }>;
  const quarter = currentQuarter(quarters, schoolToday());
  expect(quarter, 'the demo school has a current quarter').not.toBeNull();
  let found = 0;
  for (const number of memberNumbers) {
    const memberId = `M${String(number).padStart(4, '0')}`;
    const children = (await documentsWhere('children', 'memberId', memberId)).filter((child) => child.status === 'active');
    const plans = (await documentsWhere('plans', 'memberId', memberId)).filter((plan) => plan.quarterId === quarter!.id && (plan.roomHourIds as string[]).length > 0);
    for (const plan of plans) {
      const child = children.find((candidate) => candidate.id === plan.childId);
      if (!child) continue;
      const roomHourId = (plan.roomHourIds as string[])[0]!;
      const date = await nextLessonDate(plan.lessonId as string, [roomHourId]);
      if (date > quarter!.lastDay) continue;
      if (found++ < nth) break;
      const email = await memberEmail(memberId);
      if (!(await accountExists(email))) await createVerifiedAccount(email, DEMO_PASSWORD);
      return { memberId, email, childId: child.id, childName: child.name as string, lessonId: plan.lessonId as string, roomHourId, date };
    }
  }
  throw new Error(`no family of ${memberNumbers.join(', ')} has a course date left this quarter`);
}
