/**
 * A lesson the office cancelled on one date, as the family's calendar shows it: the occurrence of
 * the weekly series on that date, overridden by an event with the series' UID, a RECURRENCE-ID of
 * that occurrence's start and STATUS:CANCELLED, titled as cancelled and giving the office's
 * reason. Not an EXDATE, which would delete the occurrence silently in every calendar app: the
 * family should see that the lesson falls out, and why. Apple Calendar shows a cancelled
 * override struck through (or marked cancelled) with its title and notes; Outlook shows it as
 * cancelled with its text; Google Calendar hides cancelled occurrences, the same as an EXDATE
 * there. Where an app shows it, the reason stays visible; where it does not, the lesson is gone
 * as it should be. Withdrawing the cancellation deletes the family's delivery, and with it the
 * override: the occurrence is back at the next poll.
 */
import { weekdayOf, type Cancellation } from '@family-portal/contract';

export type FeedCancellation = Pick<Cancellation, 'lessonId' | 'date' | 'roomHourId' | 'reason'>;

/** One weekly series: a room hour of a plan, from its first lesson to the quarter's last day. */
export interface WeeklySeries {
  lessonId: string;
  roomHourId: string;
  /** Monday 0 … Sunday 6. */
  weekday: number;
  firstDay: string;
  lastDay: string;
}

/**
 * The dates of the series' occurrences that were cancelled, each once with every distinct reason
 * given (two notices may cancel one date: the whole lesson and one of its room hours), in date
 * order so that the same cancellations give the same bytes whatever order they were read in. A
 * cancellation on a date the series has no lesson changes nothing.
 */
export function cancelledDates(cancellations: readonly FeedCancellation[], series: WeeklySeries): Array<{ date: string; reasons: string[] }> {
  const byDate = new Map<string, Set<string>>();
  for (const cancellation of cancellations) {
    // A null lessonId is the school closed that day: every series with a lesson then.
    if (cancellation.lessonId !== null && cancellation.lessonId !== series.lessonId) continue;
    if (cancellation.roomHourId !== null && cancellation.roomHourId !== series.roomHourId) continue;
    const { date } = cancellation;
    if (date < series.firstDay || date > series.lastDay || weekdayOf(date) !== series.weekday) continue;
    byDate.set(date, (byDate.get(date) ?? new Set()).add(cancellation.reason));
  }
  return [...byDate.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, reasons]) => ({ date, reasons: [...reasons].sort() }));
}
