/**
 * Which dates the office may cancel a lesson on, as the cancelLesson function decides it: a day of
 * the current or the next quarter, within CANCELLATION_WINDOW_DAYS of today (back, to correct; and
 * ahead), on a weekday the lesson (or the chosen room hour) takes place. The console checks it
 * before sending, so the office learns why at once instead of from a refusal.
 */
import { addDays, weekdayWordOf as weekdayOf } from '@family-portal/contract/lessonDates';
import { currentQuarter, nextQuarter, type QuarterFacts } from '@family-portal/contract/rules';
import { dayToDate } from './dates';

export type CancellationDateProblem = 'format' | 'window' | 'quarter' | 'weekday';

/** The office's weekday ("Mo." … "So.") of a plain day; a plain day moved by whole days. */
export { weekdayWordOf as weekdayOf, addDays } from '@family-portal/contract/lessonDates';

/** The quarters a lesson may be cancelled in: the current one and the next (either may be missing). */
export function cancellableQuarters<T extends QuarterFacts>(quarters: readonly T[], today: string): T[] {
  const current = currentQuarter(quarters, today);
  const next = nextQuarter(quarters, current, today);
  return [current, next].filter((quarter): quarter is T => quarter !== null);
}

/** The first and last day a date input may offer, or null when no quarter is current or next. */
export function cancellableRange(quarters: readonly QuarterFacts[], today: string, windowDays: number): { min: string; max: string } | null {
  const open = cancellableQuarters(quarters, today);
  if (open.length === 0) return null;
  const first = open.map((quarter) => quarter.firstDay).sort()[0]!;
  const last = open.map((quarter) => quarter.lastDay).sort().at(-1)!;
  const min = [first, addDays(today, -windowDays)].sort().at(-1)!;
  const max = [last, addDays(today, windowDays)].sort()[0]!;
  return min <= max ? { min, max } : null;
}

/** Why a lesson cannot be cancelled on `day`, or null. `weekdays`: those of its room hours (or of the one chosen). */
export function cancellationDateProblem(
  day: string,
  options: { quarters: readonly QuarterFacts[]; weekdays: readonly string[]; today: string; windowDays: number },
): CancellationDateProblem | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(dayToDate(day).getTime()) || dayToDate(day).toISOString().slice(0, 10) !== day) return 'format';
  if (day < addDays(options.today, -options.windowDays) || day > addDays(options.today, options.windowDays)) return 'window';
  if (!cancellableQuarters(options.quarters, options.today).some((quarter) => quarter.firstDay <= day && day <= quarter.lastDay)) return 'quarter';
  if (!options.weekdays.includes(weekdayOf(day))) return 'weekday';
  return null;
}
