import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DAY_PARTS, type DayPart } from '../../domain/booking';
import { weekdayName } from '../../domain/schedule';
import { useLocale } from '../../i18n/useLocale';

/** The weekday and the part of the day a course's times must fall on. */
export function OfferFilters({ days, day, part, onDay, onPart }: { days: string[]; day: string | null; part: DayPart | null; onDay: (day: string | null) => void; onPart: (part: DayPart | null) => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const dayId = useId();
  const partId = useId();
  const select = 'max-w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm';
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm" role="group" aria-label={t('booking.filter.label')}>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={dayId} className="text-slate-700">{t('booking.filter.day')}</label>
        <select id={dayId} value={day ?? ''} onChange={(event) => onDay(event.target.value || null)} className={select}>
          <option value="">{t('booking.filter.anyDay')}</option>
          {days.map((weekday) => <option key={weekday} value={weekday}>{weekdayName(weekday, locale)}</option>)}
        </select>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={partId} className="text-slate-700">{t('booking.filter.time')}</label>
        <select id={partId} value={part ?? ''} onChange={(event) => onPart((event.target.value || null) as DayPart | null)} className={select}>
          <option value="">{t('booking.filter.anyTime')}</option>
          {DAY_PARTS.map((value) => <option key={value} value={value}>{t(`booking.filter.${value}`)}</option>)}
        </select>
      </div>
    </div>
  );
}
