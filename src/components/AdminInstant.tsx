import { useLocale } from '../i18n/useLocale';
import { adminInstantParts } from '../lib/schoolClock';

/**
 * An instant in the console's tables ("16 Nov 2026, 07:36:00"): the line breaks between the day
 * and the time, never inside either, so a long one in Russian does not widen its column.
 */
export function AdminInstant({ iso }: { iso: string }) {
  const { date, time } = adminInstantParts(iso, useLocale());
  return (
    <>
      <span className="whitespace-nowrap">{date},</span> <span className="whitespace-nowrap">{time}</span>
    </>
  );
}
