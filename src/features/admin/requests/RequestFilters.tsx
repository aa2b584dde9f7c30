import type { BookingRequestsAnswer } from '@family-portal/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { lessonsOf, STATUS_FILTERS, statusCounts, type RequestFilter, type StatusFilter } from './requestsView';

const control = 'w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm sm:w-auto';

/** The lesson and the status the list shows, each status with its count (the waiting list's among them). */
export function Filters({ answer, filter, onChange }: { answer: BookingRequestsAnswer; filter: RequestFilter; onChange: (next: Partial<RequestFilter>) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const counts = statusCounts(answer, filter);
  const lessons = lessonsOf(answer);
  return (
    <div className="flex flex-wrap items-end gap-3">
      {/* On a phone the selects take the row: as wide as their longest option, they would stick out. */}
      <div className="flex w-full min-w-0 flex-col gap-1 text-sm text-slate-700 sm:w-auto">
        <label htmlFor={`${id}-lesson`}>{t('admin.requests.filter.lesson')}</label>
        <select id={`${id}-lesson`} value={filter.lesson} onChange={(event) => onChange({ lesson: event.target.value })} className={`${control} sm:max-w-md`}>
          <option value="">{t('admin.requests.filter.allLessons')}</option>
          {lessons.map((lesson) => <option key={lesson.id} value={lesson.id}>{lesson.name}</option>)}
        </select>
      </div>
      <div className="flex w-full flex-col gap-1 text-sm text-slate-700 sm:w-auto">
        <label htmlFor={`${id}-status`}>{t('admin.requests.filter.status')}</label>
        <select id={`${id}-status`} value={filter.status} onChange={(event) => onChange({ status: event.target.value as StatusFilter })} className={control}>
          {STATUS_FILTERS.map((status) => (
            <option key={status} value={status}>
              {t('admin.requests.filter.option', { label: status === 'all' ? t('admin.requests.filter.allStatuses') : t(`admin.requests.status.${status}`), count: counts[status] })}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

