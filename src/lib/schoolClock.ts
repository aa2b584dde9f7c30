/**
 * The domain's date rules on the school's clock: the configured VITE_SCHOOL_TIME_ZONE, bound once
 * here so that src/domain stays pure and the screens never pass a zone by hand.
 */
import * as dates from '../domain/dates';
import { formatInstant } from '../domain/freshness';
import { formatHeldUntil as formatHeldUntilIn } from '../domain/waitingList';
import { adminDateTimeParts, formatAdminDateTime as formatAdminDateTimeIn } from '../domain/syncDuration';
import { appConfig } from './config';

const zone = appConfig.schoolTimeZone;

export function formatDay(value: string, locale: string, style: 'short' | 'long' = 'short'): string {
  return dates.formatDay(value, locale, style, zone);
}

/** Today on the school's clock. */
export function todayIso(now = new Date()): string {
  return dates.todayIso(now, zone);
}

/** An instant in the console, on the school's clock, in the UI locale. */
export function formatAdminDateTime(iso: string, locale: string): string {
  return formatAdminDateTimeIn(iso, locale, zone);
}

/** formatAdminDateTime's day and time apart (AdminInstant). */
export function adminInstantParts(iso: string, locale: string): { date: string; time: string } {
  return adminDateTimeParts(iso, locale, zone);
}

export { formatWeekday } from '../domain/dates';

/** An instant (e.g. when the last sync began) on the school's clock, in the UI locale. */
export function formatSchoolInstant(iso: string, locale: string): string {
  return formatInstant(iso, locale, zone);
}

/** Until when a place on a waiting list is held: "Thursday, 10 December 2026, 18:00" on the school's clock. */
export function formatHeldUntil(iso: string, locale: string): string {
  return formatHeldUntilIn(iso, locale, zone);
}
