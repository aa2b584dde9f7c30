/**
 * Which dates a weekly lesson has, with the school's closed days (calendar.ts): one rule for the
 * plans page, the dashboard, booking, absences and the calendar feed. Plain days, "YYYY-MM-DD";
 * free of zod, so that the web app's screens take it without the schemas.
 */
import { WEEKDAYS } from './rules';

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayOf = (number: number) => new Date(number * DAY_MS).toISOString().slice(0, 10);
/** Monday 0 … Sunday 6, as WEEKDAYS. */
export const weekdayOf = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
/** The office's weekday of a plain day, as room hours write it ("Mo." … "So."). */
export const weekdayWordOf = (day: string): (typeof WEEKDAYS)[number] => WEEKDAYS[weekdayOf(day)]!;
export const addDays = (day: string, days: number) => dayOf(dayNumber(day) + days);
/** Whole days from one plain day to another (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);

/** The first day on or after `from` that falls on this weekday (Monday 0). */
export function firstWeekday(from: string, weekday: number): string {
  return addDays(from, (weekday - weekdayOf(from) + 7) % 7);
}

/** One weekly lesson: a room hour of a lesson on its weekday, between two days. */
export interface WeeklyLesson {
  lessonId: string;
  roomHourId: string;
  /** Monday 0 … Sunday 6. */
  weekday: number;
  firstDay: string;
  lastDay: string;
}

/** What decides which lessons a closed day takes (a CalendarClosedDay has it). */
export interface Closing {
  firstDay: string;
  lastDay: string;
  lessonId: string | null;
  roomHourId: string | null;
}

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

/** The closed day that takes the whole lesson on that date (every room hour of it), or null. */
export function lessonClosedOn<C extends Closing>(closedDays: readonly C[], date: string, lessonId: string): C | null {
  return closedDays.find((closedDay) => closedDay.roomHourId === null && closes(closedDay, date, { lessonId, roomHourId: '' })) ?? null;
}

/**
 * The closed days that take every one of the lessons on every day from `from` to `to`: a child
 * cannot miss a lesson then (an absence report for those days is refused). Null when some lesson
 * is left on some day.
 */
export function closedThrough<C extends Closing>(closedDays: readonly C[], from: string, to: string, lessonIds: readonly string[]): C[] | null {
  const taking = new Set<C>();
  for (let date = from; date <= to; date = addDays(date, 1)) {
    for (const lessonId of lessonIds) {
      const closedDay = lessonClosedOn(closedDays, date, lessonId);
      if (!closedDay) return null;
      taking.add(closedDay);
    }
  }
  return taking.size > 0 ? [...taking] : null;
}

/**
 * How many weeks a course has lessons in a quarter after the closed days, as the office counts
 * "Weeks": the dates of its busiest weekly time (a course twice a week counts each week once).
 * Null when no time has a weekday the office's list knows.
 */
export function lessonWeeks<C extends Closing>(
  lessonId: string,
  roomHours: ReadonlyArray<{ id: string; dayOfWeek: string }>,
  quarter: { firstDay: string; lastDay: string },
  closedDays: readonly C[],
): number | null {
  const counts = roomHours
    .map((roomHour) => ({ roomHourId: roomHour.id, weekday: (WEEKDAYS as readonly string[]).indexOf(roomHour.dayOfWeek) }))
    .filter(({ weekday }) => weekday >= 0)
    .map(({ roomHourId, weekday }) => weeklyDates({ lessonId, roomHourId, weekday, firstDay: quarter.firstDay, lastDay: quarter.lastDay }, closedDays).filter((date) => date.closedBy === null).length);
  return counts.length > 0 ? Math.max(...counts) : null;
}
