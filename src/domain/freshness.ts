/**
 * How fresh the figures are: the parents' screens say "as of" the start of the last successful
 * sync, and warn gently when the scheduled syncs (hourly deltas, a nightly full sync) have not
 * succeeded for longer than a day and a bit.
 */
import { dateFormat } from './intlFormats';

/** A day plus two missed hourly syncs: beyond it the figures may be out of date. */
export const STALE_AFTER_HOURS = 26;

export function isStale(lastSuccessfulSyncAt: string, now: Date, staleAfterHours = STALE_AFTER_HOURS): boolean {
  return now.getTime() - Date.parse(lastSuccessfulSyncAt) > staleAfterHours * 3_600_000;
}

/**
 * "22.11.2026, 03:00" in the Intl locale of the UI language (en-GB, de-DE, ru-RU), on the
 * school's clock (the zone is a parameter: pure). The day is written as formatDay writes it, and
 * the clock has 24 hours, so a language has one date format on every screen.
 */
export function formatInstant(iso: string, locale: string, zone: string): string {
  return dateFormat(locale, {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: zone,
  }).format(new Date(iso));
}
