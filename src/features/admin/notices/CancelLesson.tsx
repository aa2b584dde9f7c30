/**
 * Cancelling a lesson on one date (optionally one of its times), with a reason for its families.
 * The date is checked as cancelLesson checks it (a weekday of the lesson, in the current or next
 * quarter), so the office learns why at once; then a confirmation names lesson, date and time.
 */
import { CANCELLATION_WINDOW_DAYS, MAX_LENGTH, type OfficeNotice } from '@family-portal/contract';
import { inputProblem } from '@family-portal/contract/contactInput';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert';
import { Card, EmptyState, Skeleton } from '../../../components/Card';
import { cancellableRange, cancellationDateProblem } from '../../../domain/lessonCancellation';
import { weekdayName } from '../../../domain/schedule';
import { useLocale } from '../../../i18n/useLocale';
import { todayIso } from '../../../lib/schoolClock';
import { RetryableError } from '../RetryableError';
import { CancelDialog, type Cancelling } from './CancelDialog';
import { roomHourLabel } from './noticesView';
import { useSendKey } from './sendKey';
import type { OfficeLessons } from './useOfficeTimetable';

interface Props {
  lessons: { value: OfficeLessons | null; error: string | null; onRetry: () => void };
  onCancelled: (notice: OfficeNotice) => void;
}

const PROBLEM_KEYS = {
  tooLong: 'family.validation.tooLong',
  controlCharacters: 'family.validation.controlCharacters',
  formulaStart: 'family.validation.formulaStart',
  phoneFormat: 'family.validation.phoneFormat',
} as const;
const control = 'block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-slate-900';

export function CancelLesson({ lessons, onCancelled }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const [lessonId, setLessonId] = useState('');
  const [roomHourId, setRoomHourId] = useState('');
  const [date, setDate] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [cancelling, setCancelling] = useState<Cancelling | null>(null);
  const [busy, setBusy] = useState(false);
  const sendKey = useSendKey();

  const value = lessons.value;
  const today = todayIso();
  const range = value ? cancellableRange(value.timetable.quarters, today, CANCELLATION_WINDOW_DAYS) : null;
  const lesson = value?.lessons.find((candidate) => candidate.id === lessonId) ?? null;
  const roomHours = lesson ? lesson.roomHours.filter((roomHour) => !roomHourId || roomHour.id === roomHourId) : [];
  const weekdays = [...new Set(roomHours.map((roomHour) => roomHour.dayOfWeek))];
  const days = weekdays.map((day) => weekdayName(day, locale)).join(', ');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value) return;
    const found: string[] = [];
    if (!lesson) found.push(t('admin.notices.cancel.problem.noLesson'));
    if (!date) found.push(t('admin.notices.cancel.problem.noDate'));
    else if (lesson) {
      const problem = cancellationDateProblem(date, { quarters: value.timetable.quarters, weekdays, today, windowDays: CANCELLATION_WINDOW_DAYS });
      if (problem) found.push(t(`admin.notices.cancel.problem.${problem}`, { lesson: lesson.name, days: problem === 'window' ? CANCELLATION_WINDOW_DAYS : days }));
    }
    const trimmed = reason.trim();
    const reasonProblem = inputProblem('lessonCancelledReason', trimmed);
    if (!trimmed) found.push(t('admin.notices.cancel.problem.noReason'));
    else if (reasonProblem) found.push(t(PROBLEM_KEYS[reasonProblem], { field: t('family.validation.reasonField'), max: MAX_LENGTH.lessonCancelledReason }));
    setProblems(found);
    if (found.length || !lesson) return;
    const roomHour = roomHourId ? lesson.roomHours.find((candidate) => candidate.id === roomHourId) : undefined;
    const key = sendKey.keyFor({ lessonId: lesson.id, roomHourId: roomHour?.id ?? null, date, reason: trimmed });
    setCancelling({ lesson, roomHour: roomHour ?? null, date, reason: trimmed, time: roomHour ? roomHourLabel(roomHour, locale) : null, key });
  };
  const cancelled = (notice: OfficeNotice) => {
    sendKey.sent();
    setCancelling(null);
    setDate('');
    setReason('');
    onCancelled(notice);
  };

  return (
    <Card title={t('admin.notices.cancel.title')}>
      {lessons.error ? (
        <RetryableError message={lessons.error} onRetry={lessons.onRetry} />
      ) : !value ? (
        <div className="space-y-2" role="status" aria-label={t('common.loading')}><Skeleton className="h-9 w-full" /><Skeleton className="h-9 w-full" /></div>
      ) : !range ? (
        <EmptyState>{t('admin.notices.cancel.noQuarter')}</EmptyState>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-3 text-sm">
          <p className="text-slate-700">{t('admin.notices.cancel.intro')}</p>
          <div className="grid gap-3 lg:grid-cols-3">
            <div className="min-w-0 space-y-1">
              <label htmlFor={`${id}-lesson`} className="font-medium text-slate-800">{t('admin.notices.cancel.lesson')}</label>
              <select id={`${id}-lesson`} value={lessonId} disabled={busy} className={control}
                onChange={(event) => {
                  setLessonId(event.target.value);
                  setRoomHourId('');
                }}>
                <option value="">{t('admin.notices.cancel.chooseLesson')}</option>
                {value.lessons.map((choice) => <option key={choice.id} value={choice.id}>{choice.name} ({choice.id})</option>)}
              </select>
            </div>
            <div className="min-w-0 space-y-1">
              <label htmlFor={`${id}-time`} className="font-medium text-slate-800">{t('admin.notices.cancel.roomHour')}</label>
              <select id={`${id}-time`} value={roomHourId} disabled={busy || !lesson} onChange={(event) => setRoomHourId(event.target.value)} className={control}>
                <option value="">{t('admin.notices.cancel.allRoomHours')}</option>
                {lesson?.roomHours.map((roomHour) => <option key={roomHour.id} value={roomHour.id}>{roomHourLabel(roomHour, locale)}</option>)}
              </select>
            </div>
            <div className="min-w-0 space-y-1">
              <label htmlFor={`${id}-date`} className="font-medium text-slate-800">{t('admin.notices.cancel.date')}</label>
              <input id={`${id}-date`} type="date" value={date} min={range.min} max={range.max} disabled={busy} onChange={(event) => setDate(event.target.value)}
                aria-describedby={lesson ? `${id}-days` : undefined} className={control} />
            </div>
          </div>
          {lesson && <p id={`${id}-days`} className="text-slate-700">{t('admin.notices.cancel.dateHint', { lesson: lesson.name, days })}</p>}
          <div className="space-y-1">
            <label htmlFor={`${id}-reason`} className="font-medium text-slate-800">{t('admin.notices.cancel.reason')}</label>
            <textarea id={`${id}-reason`} rows={2} value={reason} disabled={busy} onChange={(event) => setReason(event.target.value)} aria-describedby={`${id}-reason-hint`} className={control} />
            <p id={`${id}-reason-hint`} className="text-slate-600">{t('admin.notices.cancel.reasonHint', { max: MAX_LENGTH.lessonCancelledReason })}</p>
          </div>
          {problems.length > 0 && (
            <Alert tone="error"><ul className="list-disc space-y-0.5 pl-5">{problems.map((problem) => <li key={problem}>{problem}</li>)}</ul></Alert>
          )}
          <div className="flex justify-end">
            <button type="submit" disabled={busy} className="rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 disabled:opacity-60">{t('admin.notices.cancel.submit')}</button>
          </div>
        </form>
      )}
      <CancelDialog cancelling={cancelling} onClose={() => setCancelling(null)} onCancelled={cancelled} onBusy={setBusy} />
    </Card>
  );
}
