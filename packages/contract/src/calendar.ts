/**
 * The school's closed days (holidays, public holidays, a day closed at short notice): an optional
 * AppSheet table, and the quarter's closed days as families read them (one document per quarter,
 * built by the sync, as the offer catalogue). A weekly lesson has no lesson on a day the school
 * is closed: the plans page lists the dates that are left, and the calendar feed leaves the
 * closed ones out.
 */
import * as z from 'zod/mini';
import { date, defineTable, id, ref, required, text } from './columns';
import { daysBetween } from './lessonDates';

export * from './lessonDates';

/** A closed period longer than this is a typing slip (a year typed wrong), not a holiday. */
const LONGEST_CLOSED_DAYS = 120;

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
    return daysBetween(day.firstDay, day.lastDay) >= LONGEST_CLOSED_DAYS ? `the closed days last more than ${LONGEST_CLOSED_DAYS} days` : null;
  },
});
export type ClosedDay = z.infer<typeof closedDaysTable.schema>;

/**
 * school_calendar/{quarterId}: the closed days that touch a quarter not yet over, copied by the
 * sync. A handful of documents: families list them whole with their figures.
 */
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

