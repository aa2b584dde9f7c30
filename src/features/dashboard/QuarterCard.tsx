import { memo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarClosedDay } from '@family-portal/contract';
import { formatDayMonth, formatDayRange, monthGrid } from '../../domain/dates';
import { formatDay } from '../../lib/schoolClock';
import type { Quarter } from '../../domain/types';
import { Card, EmptyState } from '../../components/Card';
import { useLocale } from '../../i18n/useLocale';

/**
 * The current quarter with its first and last day, each opening a month calendar, and the next
 * days the school is closed for the family (domain/lessonDates nextClosedDays).
 */
export const QuarterCard = memo(function QuarterCard({ quarter, closedDays }: { quarter: Quarter | null; closedDays: readonly CalendarClosedDay[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Card title={t('quarter.title')}>
      {quarter ? (
        <>
          <p className="text-xl font-semibold text-teal-900">{quarter.name}</p>
          <div className="mt-3 grid grid-cols-2 gap-2">
            <DayButton label={t('quarter.firstDay')} day={quarter.firstDay} locale={locale} />
            <DayButton label={t('quarter.lastDay')} day={quarter.lastDay} locale={locale} />
          </div>
          {closedDays.length > 0 && (
            <div className="mt-3">
              <p className="text-xs text-slate-600">{t('quarter.closedTitle')}</p>
              <ul className="text-sm text-slate-900">
                {closedDays.map((closedDay) => (
                  <li key={closedDay.id}>
                    {closedDay.firstDay === closedDay.lastDay
                      ? t('quarter.closedDay', { name: closedDay.name, date: formatDayMonth(closedDay.firstDay, locale) })
                      : t('quarter.closedDays', { name: closedDay.name, range: formatDayRange(closedDay.firstDay, closedDay.lastDay, locale) })}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      ) : (
        <EmptyState>{t('quarter.none')}</EmptyState>
      )}
    </Card>
  );
});

function DayButton({ label, day, locale }: { label: string; day: string; locale: string }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const grid = monthGrid(day, locale);
  const selected = Number(day.slice(8, 10));
  const show = () => {
    setOpen(true);
    dialog.current?.showModal();
  };
  return (
    <>
      <button type="button" onClick={show} aria-haspopup="dialog"
        className="rounded-lg border border-slate-200 px-3 py-2 text-left hover:border-teal-600 hover:bg-teal-50 focus-visible:outline-2 focus-visible:outline-teal-700">
        <span className="block text-xs text-slate-600">{label}</span>
        <span className="font-medium text-slate-900">{formatDay(day, locale)}</span>
      </button>
      {/* The native dialog traps focus, closes on Escape and returns focus to the button. */}
      <dialog ref={dialog} onClose={() => setOpen(false)} aria-label={`${label}: ${formatDay(day, locale, 'long')}`}
        className="m-auto rounded-xl p-0 shadow-xl backdrop:bg-slate-900/40">
        {open && (
          <div className="w-72 p-4">
            <p className="text-sm text-slate-600">{label}</p>
            <p className="font-semibold">{grid.title}</p>
            <table className="mt-2 w-full text-center text-sm">
              <thead>
                <tr>{grid.weekdays.map((weekday) => <th key={weekday} scope="col" className="py-1 font-medium text-slate-500">{weekday}</th>)}</tr>
              </thead>
              <tbody>
                {grid.weeks.map((week, w) => (
                  <tr key={w}>
                    {week.map((date, d) => (
                      <td key={d} className="py-0.5">
                        {date && (
                          <span aria-current={date === selected ? 'date' : undefined}
                            className={`inline-flex size-8 items-center justify-center rounded-full ${date === selected ? 'bg-teal-700 font-semibold text-white' : ''}`}>
                            {date}
                          </span>
                        )}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
            <form method="dialog" className="mt-3 text-right">
              <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50">{t('common.close')}</button>
            </form>
          </div>
        )}
      </dialog>
    </>
  );
}
