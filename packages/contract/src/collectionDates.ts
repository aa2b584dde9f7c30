/**
 * When a SEPA direct debit may be collected. Banks settle SEPA payments on TARGET2 business days
 * only: every weekday except 1 January, Good Friday, Easter Monday, 1 May, 25 and 26 December
 * (ECB, "TARGET2 closing days"). The family must be told each amount and date at least the
 * pre-notification period ahead (EPC016-06 PT-04.03: 14 calendar days unless the mandate text
 * agrees another; ours says 14, sepaRules.ts). Dates are calendar days, YYYY-MM-DD, in the
 * school's zone; the arithmetic runs on UTC midnights so that no clock change moves a day.
 */

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function utc(day: string): Date {
  const match = ISO_DAY.exec(day);
  const at = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : new Date(NaN);
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== day) throw new Error(`"${day}" is not a calendar day (YYYY-MM-DD)`);
  return at;
}

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** Whether `day` is a real calendar day written YYYY-MM-DD. */
export function isCalendarDay(day: string): boolean {
  try {
    utc(day);
    return true;
  } catch {
    return false;
  }
}

export const addDays = (day: string, days: number): string => isoDay(new Date(utc(day).getTime() + days * DAY_MS));

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const dayOfMonth = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDay(new Date(Date.UTC(year, month - 1, dayOfMonth)));
}

/** TARGET2's closing days of a year besides the weekends. */
export function target2Holidays(year: number): string[] {
  const easter = easterSunday(year);
  return [`${year}-01-01`, addDays(easter, -2), addDays(easter, 1), `${year}-05-01`, `${year}-12-25`, `${year}-12-26`];
}

export function isTarget2BusinessDay(day: string): boolean {
  const weekday = utc(day).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !target2Holidays(Number(day.slice(0, 4))).includes(day);
}

/** The first TARGET2 business day on or after `day`. */
export function nextBusinessDay(day: string): string {
  let candidate = day;
  while (!isTarget2BusinessDay(candidate)) candidate = addDays(candidate, 1);
  return candidate;
}

/** The last TARGET2 business day before `day`: a CORE collection file must reach the bank by then. */
export function previousBusinessDay(day: string): string {
  let candidate = addDays(day, -1);
  while (!isTarget2BusinessDay(candidate)) candidate = addDays(candidate, -1);
  return candidate;
}

/** The first date a collection announced `today` may be collected on. */
export const earliestCollectionDate = (today: string, preNotificationDays: number): string => nextBusinessDay(addDays(today, preNotificationDays));

export type CollectionDateProblem = { kind: 'not-a-day' } | { kind: 'not-a-business-day'; earliest: string } | { kind: 'too-soon'; earliest: string };

/**
 * Why `day` cannot be a collection date announced `today`, or null: not a date, not a TARGET2
 * business day, or sooner than the pre-notification period allows. Says the first possible date.
 */
export function collectionDateProblem(day: string, today: string, preNotificationDays: number): CollectionDateProblem | null {
  if (!isCalendarDay(day)) return { kind: 'not-a-day' };
  const earliest = earliestCollectionDate(today, preNotificationDays);
  if (day < earliest) return { kind: 'too-soon', earliest };
  if (!isTarget2BusinessDay(day)) return { kind: 'not-a-business-day', earliest: nextBusinessDay(day) };
  return null;
}
