/**
 * Days as the school's clock and the console name them, for the office's notices and absences
 * specs: today in the school's zone, the next date a lesson takes place, a day as "Mo., 30.11.2026".
 */
import { documentsWhere } from './emulators';

const WEEKDAYS = ['Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.', 'So.'];

/** Today on the school's clock (the demo's VITE_SCHOOL_TIME_ZONE). */
export const schoolToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
export const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** The office's weekday of a day: "Mo." … "So.". */
export const weekdayOf = (day: string) => WEEKDAYS[(new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7]!;
/** A day as the console in English shows it: "Mon, 30 Nov 2026". */
export const adminDay = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

/** The lesson's next date after today (within a week), on a weekday of one of its room hours (or of those given). */
export async function nextLessonDate(lessonId: string, roomHourIds?: readonly string[]): Promise<string> {
  const roomHours = (await documentsWhere('roomHours', 'lessonId', lessonId)).filter((roomHour) => !roomHourIds || roomHourIds.includes(roomHour.id));
  const weekdays = new Set(roomHours.map((roomHour) => roomHour.dayOfWeek as string));
  const today = schoolToday();
  const next = [1, 2, 3, 4, 5, 6, 7].map((days) => addDays(today, days)).find((day) => weekdays.has(weekdayOf(day)));
  if (!next) throw new Error(`lesson ${lessonId} has no room hour`);
  return next;
}
