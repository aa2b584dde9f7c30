/**
 * Whether a lesson can be cancelled on a date, pure: the date must be a real day within
 * CANCELLATION_WINDOW_DAYS of today (back, to correct a mistake; ahead, as far as plans reach),
 * inside the current or the next quarter (the ones whose plans and calendar feeds exist), and
 * on the weekday of one of the lesson's room hours (or of the one room hour given).
 */
import { CANCELLATION_WINDOW_DAYS, weekdayWordOf as weekdayWord, type QuarterFacts } from '@family-portal/contract';

export interface RoomHourFacts {
  id: string;
  dayOfWeek: string;
  hourRefLabel: string;
}

export type CancellationDayProblem = 'not-a-day' | 'outside-window' | 'outside-quarters' | 'not-a-lesson-day';

export const CANCELLATION_DAY_PROBLEMS: Record<CancellationDayProblem, string> = {
  'not-a-day': 'The date is not a day of the calendar.',
  'outside-window': `A lesson can be cancelled at most ${CANCELLATION_WINDOW_DAYS} days back or ahead.`,
  'outside-quarters': 'The date is in neither the current nor the next quarter.',
  'not-a-lesson-day': 'The lesson (or this room hour of it) does not take place on that weekday.',
};

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** "2026-02-30" matches the pattern but is no day. */
export const isCalendarDay = (day: string) => {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
};

/** The room hours' weekday as the office writes it ("Mo." …). */
export { weekdayWordOf as weekdayWord } from '@family-portal/contract';

export function cancellationDay<Q extends QuarterFacts, R extends RoomHourFacts>(input: {
  date: string;
  today: string;
  quarters: ReadonlyArray<Q | null>;
  /** The lesson's room hours, or only the one the office chose (for a closed school: all of them). */
  roomHours: readonly R[];
}): { quarter: Q; roomHours: R[] } | { problem: CancellationDayProblem } {
  const { date, today } = input;
  if (!isCalendarDay(date)) return { problem: 'not-a-day' };
  if (Math.abs(dayNumber(date) - dayNumber(today)) > CANCELLATION_WINDOW_DAYS) return { problem: 'outside-window' };
  const quarter = input.quarters.find((candidate): candidate is Q => candidate !== null && candidate.firstDay <= date && date <= candidate.lastDay);
  if (!quarter) return { problem: 'outside-quarters' };
  const weekday = weekdayWord(date);
  const roomHours = input.roomHours.filter((roomHour) => roomHour.dayOfWeek === weekday);
  if (roomHours.length === 0) return { problem: 'not-a-lesson-day' };
  return { quarter, roomHours };
}
