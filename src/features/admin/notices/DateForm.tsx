/**
 * A console form about lesson dates (cancelling a lesson, closing the school for a day): while the
 * school's timetable loads, if it fails, and when no quarter is current or next, it says so; else
 * the form, its problems in words and its submit button. `children` get the dates a date input
 * may offer.
 */
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert';
import { Card, EmptyState, Skeleton } from '../../../components/Card';
import { RetryableError } from '../RetryableError';
import type { OfficeLessons } from './useOfficeTimetable';

interface Props {
  title: string;
  lessons: { value: OfficeLessons | null; error: string | null; onRetry: () => void };
  /** The first and last day a date may be, or null when no quarter is current or next. */
  range: { min: string; max: string } | null;
  problems: readonly string[];
  submitLabel: string;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  children: (range: { min: string; max: string }, value: OfficeLessons) => ReactNode;
  /** The confirmation, rendered whatever the state. */
  dialog: ReactNode;
}

export function DateForm({ title, lessons, range, problems, submitLabel, busy, onSubmit, children, dialog }: Props) {
  const { t } = useTranslation();
  const value = lessons.value;
  return (
    <Card title={title}>
      {lessons.error ? (
        <RetryableError message={lessons.error} onRetry={lessons.onRetry} />
      ) : !value ? (
        <div className="space-y-2" role="status" aria-label={t('common.loading')}><Skeleton className="h-9 w-full" /><Skeleton className="h-9 w-full" /></div>
      ) : !range ? (
        <EmptyState>{t('admin.notices.cancel.noQuarter')}</EmptyState>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-3 text-sm">
          {children(range, value)}
          {problems.length > 0 && (
            <Alert tone="error"><ul className="list-disc space-y-0.5 pl-5">{problems.map((problem) => <li key={problem}>{problem}</li>)}</ul></Alert>
          )}
          <div className="flex justify-end">
            <button type="submit" disabled={busy} className="rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 disabled:opacity-60">{submitLabel}</button>
          </div>
        </form>
      )}
      {dialog}
    </Card>
  );
}
