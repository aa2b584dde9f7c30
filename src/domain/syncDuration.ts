import { dateFormat } from './intlFormats';

/** Spec section 9: seconds under a minute, else minutes and seconds; null (N/A) when missing. */
export type SyncDuration = { unit: 'seconds'; seconds: number } | { unit: 'minutes'; minutes: number; seconds: number } | null;

export function syncDuration(milliseconds: number | null | undefined): SyncDuration {
  if (milliseconds === null || milliseconds === undefined || !Number.isFinite(milliseconds) || milliseconds < 0) return null;
  const tenths = Math.round(milliseconds / 100) / 10;
  if (tenths < 60) return { unit: 'seconds', seconds: tenths };
  const whole = Math.round(milliseconds / 1000);
  return { unit: 'minutes', minutes: Math.floor(whole / 60), seconds: whole % 60 };
}

/**
 * An instant in the console, on the school's clock and in the UI language's locale (the console
 * speaks the language the reader chose): "21 Nov 2026, 16:05:09", "21.11.2026, 16:05:09",
 * "21 нояб. 2026 г., 16:05:09".
 */
export function formatAdminDateTime(iso: string, locale: string, zone: string): string {
  const { date, time } = adminDateTimeParts(iso, locale, zone);
  return `${date}, ${time}`;
}

/** The day and the time of formatAdminDateTime apart: a narrow column breaks the line between them only. */
export function adminDateTimeParts(iso: string, locale: string, zone: string): { date: string; time: string } {
  const instant = new Date(iso);
  return {
    date: dateFormat(locale, { dateStyle: 'medium', timeZone: zone }).format(instant),
    time: dateFormat(locale, { timeStyle: 'medium', timeZone: zone }).format(instant),
  };
}
