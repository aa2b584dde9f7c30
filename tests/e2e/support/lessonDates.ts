/**
 * Days as the school's clock and the console name them, for the office's notices and absences
 * specs: today in the school's zone, the next date a lesson takes place (not on a closed day), a
 * day as "Mo., 30.11.2026".
 */
import { lessonClosedOn, type Closing } from '@family-portal/contract/lessonDates';
import { allDocuments, documentsWhere } from './emulators';

const WEEKDAYS = ['Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.', 'So.'];

/** Today on the school's clock (the demo's VITE_SCHOOL_TIME_ZONE). */
export const schoolToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
export const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The office's weekday of a day: "Mo." … "So.". */
export const weekdayOf = (day: string) => WEEKDAYS[(new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7]!;
/** A day as the console in English shows it: "Mon, 30 Nov 2026". */
export const adminDay = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

/** The school's closed days as the sync copied them (docs/calendar.md): each once. */
async function closedDays(): Promise<Closing[]> {
  const calendars = (await allDocuments('school_calendar')) as unknown as Array<{ closedDays: Closing[] }>;
  return calendars.flatMap((calendar) => calendar.closedDays);
}

/**
 * The lesson's next date after today, on a weekday of one of its room hours (or of those given),
 * on which the school is open for it: a holiday has no lesson to cancel or miss.
 */
export async function nextLessonDate(lessonId: string, roomHourIds?: readonly string[]): Promise<string> {
  const roomHours = (await documentsWhere('roomHours', 'lessonId', lessonId)).filter((roomHour) => !roomHourIds || roomHourIds.includes(roomHour.id));
  const weekdays = new Set(roomHours.map((roomHour) => roomHour.dayOfWeek as string));
  const closed = await closedDays();
  const today = schoolToday();
  // Three weeks: beyond the longest holidays the demo school closes for.
  const next = Array.from({ length: 21 }, (_, n) => addDays(today, n + 1)).find((day) => weekdays.has(weekdayOf(day)) && !lessonClosedOn(closed, day, lessonId));
  if (!next) throw new Error(`lesson ${lessonId} has no room hour, or no open day in three weeks`);
  return next;
}
