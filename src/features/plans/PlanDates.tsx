import { useTranslation } from 'react-i18next';
import { formatDayMonth, formatDayRange } from '../../domain/dates';
import { planDates } from '../../domain/lessonDates';
import type { PlanCancellation } from '../../domain/notices';
import type { Plan, Quarter, RoomHour } from '../../domain/types';
import type { CalendarClosedDay } from '@family-portal/contract';
import { useLocale } from '../../i18n/useLocale';

/**
 * The days a course's lessons take place this quarter, short ("1 Oct, 8 Oct, …"), a cancelled one
 * struck through, and below them the school's closed days that take some, in words:
 * "Weihnachtsferien: no lessons 21 Dec – 3 Jan". The parent sees the dates, not the office's
 * count of weeks.
 */
export function PlanDates({ plan, roomHours, quarter, closedDays, cancellations }: {
  plan: Plan;
  roomHours: readonly RoomHour[];
  quarter: Quarter;
  closedDays: readonly CalendarClosedDay[];
  cancellations: readonly PlanCancellation[];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const dates = planDates(plan, roomHours, quarter, closedDays);
  if (!dates) return null;
  const cancelled = new Set(cancellations.map((cancellation) => cancellation.date));
  return (
    <div className="mt-2">
      <p className="font-medium text-slate-900">{t('plans.dates.title', { count: dates.dates.length })}</p>
      <ul aria-label={t('plans.dates.list')} className="flex flex-wrap gap-x-2 text-slate-700 tabular-nums">
        {dates.dates.map((date) => (
          <li key={date} className="whitespace-nowrap">
            {cancelled.has(date) ? (
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
