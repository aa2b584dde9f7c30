import { useTranslation } from 'react-i18next';
import type { CalendarClosedDay } from '@family-portal/contract';
import { formatDayMonth, formatDayRange } from '../domain/dates';
import { planDates, type WeeklyTimes } from '../domain/lessonDates';
import { useLocale } from '../i18n/useLocale';

/**
 * The days a course's lessons take place in a quarter, short ("1 Oct, 8 Oct, …"), a cancelled one
 * struck through, and below them the school's closed days that take some, in words:
 * "Weihnachtsferien: no lessons 21 Dec – 3 Jan". The parent sees the dates, not the office's
 * count of weeks. For a family's course (plans page) and an offered time (booking page).
 */
export function LessonDates({ course, roomHours, quarter, closedDays, cancelled = [], next = false }: {
  course: WeeklyTimes;
  roomHours: ReadonlyArray<{ id: string; dayOfWeek: string }>;
  quarter: { firstDay: string; lastDay: string };
  closedDays: readonly CalendarClosedDay[];
  /** Dates the office cancelled (struck through, still listed). */
  cancelled?: readonly string[];
  /** The quarter is the next one (the booking page), not this one. */
  next?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const dates = planDates(course, roomHours, quarter, closedDays);
  if (!dates) return null;
  const struck = new Set(cancelled);
  return (
    <div className="mt-2">
      <p className="font-medium text-slate-900">{t(next ? 'plans.dates.titleNext' : 'plans.dates.title', { count: dates.dates.length })}</p>
      <ul aria-label={t('plans.dates.list')} className="flex flex-wrap gap-x-2 text-slate-700 tabular-nums">
        {dates.dates.map((date) => (
          <li key={date} className="whitespace-nowrap">
            {struck.has(date) ? (
              <>
                <s>{formatDayMonth(date, locale)}</s>
                <span className="sr-only"> {t('plans.dates.cancelled')}</span>
              </>
            ) : (
              formatDayMonth(date, locale)
            )}
          </li>
        ))}
      </ul>
      {dates.closedDays.length > 0 && (
        <ul className="mt-1 space-y-0.5 text-slate-700">
          {dates.closedDays.map((closedDay) => (
            <li key={closedDay.id}>
              {closedDay.firstDay === closedDay.lastDay
                ? t('plans.dates.closedDay', { name: closedDay.name, date: formatDayMonth(closedDay.firstDay, locale) })
                : t('plans.dates.closedDays', { name: closedDay.name, range: formatDayRange(closedDay.firstDay, closedDay.lastDay, locale) })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
