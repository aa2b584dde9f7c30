/**
 * The school's closed days (holidays, public holidays, a day closed at short notice): an optional
 * AppSheet table, and the quarter's closed days as families read them (one document per quarter,
 * built by the sync, as the offer catalogue). A weekly lesson has no lesson on a day the school
 * is closed: the plans page lists the dates that are left, and the calendar feed leaves the
 * closed ones out.
 */
import * as z from 'zod/mini';
import { date, defineTable, id, ref, required, text } from './columns';
import { WEEKDAYS } from './rules';

/** A closed period longer than this is a typing slip (a year typed wrong), not a holiday. */
const LONGEST_CLOSED_DAYS = 120;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);
/** Monday 0 … Sunday 6, as WEEKDAYS. */
export const weekdayOf = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
export const addDays = (day: string, days: number) => dayOf(dayNumber(day) + days);

/** The first day on or after `from` that falls on this weekday (Monday 0). */
export function firstWeekday(from: string, weekday: number): string {
  return addDays(from, (weekday - weekdayOf(from) + 7) % 7);
}

export const closedDaysTable = defineTable({
  collection: 'closedDays',
  appSheetTable: 'Closed Days',
  keyColumn: 'Closed Day ID',
  optional: {
    feature: 'closed days',
    doc: 'calendar.md',
    gives: "so that the families' plans and calendars leave out the days the school is closed",
  },
  columns: {
    firstDay: required(date('From')),
    /** Blank: the one day. */
    lastDay: date('To'),
    /** In the office's language, shown to families as it is typed ("Weihnachtsferien"). */
    name: required(text('Name')),
    /** Only this lesson is off (blank: every lesson). */
    lessonId: ref('Lesson ID'),
    /** Only this room hour is off (blank: every room hour of the lesson, or of the school). */
    roomHourId: ref('Room Hour ID'),
  },
  check: (day) => {
    if (day.lastDay === null) return null;
    if (day.lastDay < day.firstDay) return 'the closed days end before they start';
    return dayNumber(day.lastDay) - dayNumber(day.firstDay) >= LONGEST_CLOSED_DAYS ? `the closed days last more than ${LONGEST_CLOSED_DAYS} days` : null;
  },
});
export type ClosedDay = z.infer<typeof closedDaysTable.schema>;

/** school_calendar/{quarterId}: the closed days that touch a quarter not yet over, copied by the sync. */
export const SCHOOL_CALENDAR = 'school_calendar';
export const calendarClosedDaySchema = z.object({
  id,
  firstDay: z.string(),
  lastDay: z.string(),
  name: z.string(),
  lessonId: z.nullable(z.string()),
  roomHourId: z.nullable(z.string()),
});
export type CalendarClosedDay = z.infer<typeof calendarClosedDaySchema>;
export const schoolCalendarSchema = z.object({
  quarter: z.object({ id, name: z.string(), firstDay: z.string(), lastDay: z.string() }),
  /** In date order; `lastDay` is filled in (a one-day row's is its first day). */
  closedDays: z.array(calendarClosedDaySchema),
});
export type SchoolCalendar = z.infer<typeof schoolCalendarSchema>;

/** One weekly lesson: a room hour of a lesson on its weekday, between two days. */
export interface WeeklyLesson {
  lessonId: string;
  roomHourId: string;
  /** Monday 0 … Sunday 6. */
  weekday: number;
  firstDay: string;
  lastDay: string;
}

type Closing = Pick<CalendarClosedDay, 'firstDay' | 'lastDay' | 'lessonId' | 'roomHourId'>;

/** Whether the closed day takes this lesson on this date: the whole school, or only its lesson or room hour. */
export function closes(closedDay: Closing, date: string, lesson: Pick<WeeklyLesson, 'lessonId' | 'roomHourId'>): boolean {
  if (date < closedDay.firstDay || date > closedDay.lastDay) return false;
  if (closedDay.roomHourId !== null) return closedDay.roomHourId === lesson.roomHourId;
  return closedDay.lessonId === null || closedDay.lessonId === lesson.lessonId;
}

/**
 * Every date of a weekly lesson from its first day to its last, each with the closed day that
 * takes it (the first in date order), or null when the lesson takes place.
 */
export function weeklyDates<C extends Closing>(lesson: WeeklyLesson, closedDays: readonly C[]): Array<{ date: string; closedBy: C | null }> {
  const dates: Array<{ date: string; closedBy: C | null }> = [];
  if (lesson.weekday < 0 || lesson.weekday >= WEEKDAYS.length) return dates;
  for (let date = firstWeekday(lesson.firstDay, lesson.weekday); date <= lesson.lastDay; date = addDays(date, 7)) {
    dates.push({ date, closedBy: closedDays.find((closedDay) => closes(closedDay, date, lesson)) ?? null });
  }
  return dates;
}
