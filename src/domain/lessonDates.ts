/**
 * A course's dates in a quarter with the school's closed days (docs/calendar.md): the dates its
 * lessons take place, and the closed days that take some of them, for the plans page; the next
 * closed days that concern a family, for the dashboard. By the contract's one rule (weeklyDates),
 * which the calendar feed follows too.
 */
import { weeklyDates } from '@family-portal/contract/lessonDates';
import { WEEKDAYS } from '@family-portal/contract/rules';
import type { CalendarClosedDay } from '@family-portal/contract';
import type { Plan, Quarter, RoomHour } from './types';

/** A course's weekly times: a plan, or an offer's times. */
export type WeeklyTimes = Pick<Plan, 'lessonId' | 'roomHourIds'>;

export interface PlanDates {
  /** The days a lesson takes place, in date order, each once. */
  dates: string[];
  /** The closed days that take a lesson of the course, in date order. */
  closedDays: CalendarClosedDay[];
}

/**
 * The course's dates in its quarter, or null when none can be told: no room hour with a weekday
 * the office's list knows (the timetable not read, or typed otherwise).
 */
export function planDates(
  plan: WeeklyTimes,
  roomHours: ReadonlyArray<Pick<RoomHour, 'id'> & { dayOfWeek: string }>,
  quarter: Pick<Quarter, 'firstDay' | 'lastDay'>,
  closedDays: readonly CalendarClosedDay[],
): PlanDates | null {
  const weekly = roomHours
    .filter((roomHour) => plan.roomHourIds.includes(roomHour.id))
    .map((roomHour) => ({ lessonId: plan.lessonId, roomHourId: roomHour.id, weekday: (WEEKDAYS as readonly string[]).indexOf(roomHour.dayOfWeek), firstDay: quarter.firstDay, lastDay: quarter.lastDay }))
    .filter((lesson) => lesson.weekday >= 0);
  if (weekly.length === 0) return null;
  const dates = new Set<string>();
  const closing = new Set<CalendarClosedDay>();
  for (const lesson of weekly) {
    for (const { date, closedBy } of weeklyDates(lesson, closedDays)) {
      if (closedBy) closing.add(closedBy);
      else dates.add(date);
    }
  }
  return { dates: [...dates].sort(), closedDays: closedDays.filter((closedDay) => closing.has(closedDay)) };
}

/**
 * The closed days from today on that concern the family: the whole school's, and those of a
 * lesson (or room hour) of its plans; at most `limit`, the soonest first.
 */
export function nextClosedDays(
  closedDays: readonly CalendarClosedDay[],
  plans: ReadonlyArray<Pick<Plan, 'lessonId' | 'roomHourIds'>>,
  today: string,
  limit = 2,
): CalendarClosedDay[] {
  const lessonIds = new Set(plans.map((plan) => plan.lessonId));
  const roomHourIds = new Set(plans.flatMap((plan) => plan.roomHourIds));
  // As `closes` decides: a room hour's closed day takes that room hour only.
  const concerns = (closedDay: CalendarClosedDay) =>
    closedDay.roomHourId !== null ? roomHourIds.has(closedDay.roomHourId) : closedDay.lessonId === null || lessonIds.has(closedDay.lessonId);
  return closedDays.filter((closedDay) => closedDay.lastDay >= today && concerns(closedDay)).slice(0, limit);
}
