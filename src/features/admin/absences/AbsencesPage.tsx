/**
 * The office's absences tab: per day from today (or a chosen day) and per lesson, the children
 * whose parents reported they will miss it, with family and reason: the list a teacher needs at
 * the door. Printed, it is that list alone.
 */
import type { AbsenceList } from '@family-portal/contract';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listAbsences } from '../../../api/officeNotices';
import { Card, EmptyState, Skeleton } from '../../../components/Card';
import { LegalLinks } from '../../../components/LegalLinks';
import { useLocale } from '../../../i18n/useLocale';
import { formatWeekday, todayIso } from '../../../lib/schoolClock';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { AdminFrame } from '../AdminFrame';
import { RetryableError } from '../RetryableError';
import { useAsyncResource } from '../useAsyncResource';

const DAY_CHOICES = [1, 3, 7, 14] as const;
const control = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm';

function Day({ day, today }: { day: AbsenceList['days'][number]; today: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const date = formatWeekday(day.date, locale);
  return (
    <Card title={day.date === today ? t('admin.absences.dayTitle', { date, today: t('admin.absences.today') }) : date} className="break-inside-avoid print:border-0 print:p-0 print:shadow-none">
      {day.lessons.length === 0 ? (
        <p className="text-sm text-slate-600">{t('admin.absences.dayEmpty')}</p>
      ) : (
        <div className="space-y-4">
          {day.lessons.map((lesson) => (
            <section key={lesson.lessonId} aria-labelledby={`${day.date}-${lesson.lessonId}`} className="break-inside-avoid">
              <h3 id={`${day.date}-${lesson.lessonId}`} className="font-semibold break-words text-slate-900">
                {t('admin.absences.lessonCount', { lesson: lesson.lessonName, count: lesson.children.length })}
              </h3>
              <ul className="mt-1 divide-y divide-slate-100 text-sm">
                {lesson.children.map((child) => (
                  <li key={child.absenceId} className="py-1.5">
                    <p className="font-medium break-words text-slate-900">{t('admin.absences.child', { child: child.childName })}</p>
                    <p className="break-words text-slate-700">{t('admin.absences.family', { name: child.familyName })}</p>
                    <p className="break-words text-slate-700">{child.reason ? t('admin.absences.reason', { reason: child.reason }) : t('admin.absences.noReason')}</p>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </Card>
  );
}

export default function AbsencesPage() {
  const { t } = useTranslation();
  const id = useId();
  useDocumentTitle(t('admin.absences.title'));
  const today = todayIso();
  const [from, setFrom] = useState(today);
  const [days, setDays] = useState<number>(7);
  const load = useCallback(() => listAbsences({ from: /^\d{4}-\d{2}-\d{2}$/.test(from) ? from : today, days }), [from, days, today]);
  const absences = useAsyncResource(load);
  const list = absences.value;
  const none = list !== null && list.days.every((day) => day.lessons.length === 0);

  return (
    <AdminFrame title={t('admin.absences.title')} subtitle={t('admin.absences.subtitle')} footer={absences.settled && <div className="print:hidden"><LegalLinks /></div>}>
      <div className="flex flex-wrap items-end gap-3 print:hidden">
        <div className="flex flex-col gap-1 text-sm text-slate-700">
          <label htmlFor={`${id}-from`}>{t('admin.absences.from')}</label>
          <input id={`${id}-from`} type="date" value={from} onChange={(event) => setFrom(event.target.value)} className={control} />
        </div>
        <div className="flex flex-col gap-1 text-sm text-slate-700">
          <label htmlFor={`${id}-days`}>{t('admin.absences.days')}</label>
          <select id={`${id}-days`} value={days} onChange={(event) => setDays(Number(event.target.value))} className={control}>
            {DAY_CHOICES.map((count) => <option key={count} value={count}>{t('admin.absences.daysOption', { count })}</option>)}
          </select>
        </div>
        <button type="button" onClick={() => void absences.reload()} disabled={absences.loading} className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-60">
          {t('admin.absences.refresh')}
        </button>
        <button type="button" onClick={() => window.print()} disabled={!list} className="rounded-md bg-teal-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-teal-800 disabled:opacity-60">
          {t('admin.absences.print')}
        </button>
      </div>
      {absences.error && <RetryableError message={t('admin.absences.loadError', { message: t(absences.error) })} onRetry={() => void absences.reload()} />}
      {!list ? (
        !absences.error && (
          <div className="space-y-3" role="status" aria-label={t('common.loading')}>
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        )
      ) : none ? (
        <EmptyState>{t('admin.absences.empty')}</EmptyState>
      ) : (
        <div className="space-y-4" aria-busy={absences.loading}>
          {list.days.map((day) => <Day key={day.date} day={day} today={today} />)}
        </div>
      )}
    </AdminFrame>
  );
}
