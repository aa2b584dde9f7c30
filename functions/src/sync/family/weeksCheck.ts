/**
 * The office's "Weeks" against the lesson dates the closed days leave (docs/calendar.md): a plan
 * or an offer of a quarter not over whose weeks differ from its dates is a warning for the office.
 * Families see the dates; the cost the office charged follows its weeks, so the office should
 * know when the two part. Pure: the caller reads the documents.
 */
import { lessonWeeks, type Closing, type RowNote } from '@family-portal/contract';

export interface CountedCourse {
  table: 'plans' | 'offers';
  key: string;
  quarterId: string;
  lessonId: string;
  weeks: number;
  roomHours: ReadonlyArray<{ id: string; dayOfWeek: string }>;
}

export function weeksWarnings(
  courses: readonly CountedCourse[],
  quarters: ReadonlyMap<string, { name: string; firstDay: string; lastDay: string }>,
  closedDays: readonly Closing[],
): RowNote[] {
  const warnings: RowNote[] = [];
  for (const course of courses) {
    const quarter = quarters.get(course.quarterId);
    if (!quarter) continue;
    const dates = lessonWeeks(course.lessonId, course.roomHours, quarter, closedDays);
    if (dates === null || dates === course.weeks) continue;
    warnings.push({
      table: course.table,
      key: course.key,
      reason: `column "Weeks" says ${course.weeks}, but ${quarter.name} has ${dates} lesson dates for it once the closed days are left out; families see the dates`,
    });
  }
  return warnings;
}
