/**
 * Cancelling a lesson on one date (optionally one of its times), with a reason for its families.
 * The date is checked as cancelLesson checks it (a weekday of the lesson, in the current or next
 * quarter), so the office learns why at once; then a confirmation names lesson, date and time.
 */
import { CANCELLATION_WINDOW_DAYS, type OfficeNotice } from '@family-portal/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cancellableRange, cancellationDateProblem } from '../../../domain/lessonCancellation';
import { weekdayName } from '../../../domain/schedule';
import { useLocale } from '../../../i18n/useLocale';
import { todayIso } from '../../../lib/schoolClock';
import { CancelDialog, type Cancelling } from './CancelDialog';
import { DateForm } from './DateForm';
import { roomHourLabel } from './noticesView';
import { FIELD_CLASS, ReasonField, reasonProblem } from './ReasonField';
import { useSendKey } from './sendKey';
import type { OfficeLessons } from './useOfficeTimetable';

interface Props {
  lessons: { value: OfficeLessons | null; error: string | null; onRetry: () => void };
  onCancelled: (notice: OfficeNotice) => void;
}


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
    const badReason = reasonProblem(trimmed, t);
    if (badReason) found.push(badReason);
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
    <DateForm title={t('admin.notices.cancel.title')} lessons={lessons} range={range} problems={problems} submitLabel={t('admin.notices.cancel.submit')} busy={busy} onSubmit={submit}
      dialog={<CancelDialog cancelling={cancelling} onClose={() => setCancelling(null)} onCancelled={cancelled} onBusy={setBusy} />}>
      {({ min, max }, { lessons: choices }) => (
        <>
          <p className="text-slate-700">{t('admin.notices.cancel.intro')}</p>
          <div className="grid gap-3 lg:grid-cols-3">
            <div className="min-w-0 space-y-1">
              <label htmlFor={`${id}-lesson`} className="font-medium text-slate-800">{t('admin.notices.cancel.lesson')}</label>
              <select id={`${id}-lesson`} value={lessonId} disabled={busy} className={FIELD_CLASS}
                onChange={(event) => {
                  setLessonId(event.target.value);
                  setRoomHourId('');
                }}>
                <option value="">{t('admin.notices.cancel.chooseLesson')}</option>
                {choices.map((choice) => <option key={choice.id} value={choice.id}>{choice.name} ({choice.id})</option>)}
              </select>
            </div>
            <div className="min-w-0 space-y-1">
              <label htmlFor={`${id}-time`} className="font-medium text-slate-800">{t('admin.notices.cancel.roomHour')}</label>
              <select id={`${id}-time`} value={roomHourId} disabled={busy || !lesson} onChange={(event) => setRoomHourId(event.target.value)} className={FIELD_CLASS}>
                <option value="">{t('admin.notices.cancel.allRoomHours')}</option>
                {lesson?.roomHours.map((roomHour) => <option key={roomHour.id} value={roomHour.id}>{roomHourLabel(roomHour, locale)}</option>)}
              </select>
            </div>
            <div className="min-w-0 space-y-1">
              <label htmlFor={`${id}-date`} className="font-medium text-slate-800">{t('admin.notices.cancel.date')}</label>
              <input id={`${id}-date`} type="date" value={date} min={min} max={max} disabled={busy} onChange={(event) => setDate(event.target.value)}
                aria-describedby={lesson ? `${id}-days` : undefined} className={FIELD_CLASS} />
            </div>
          </div>
          {lesson && <p id={`${id}-days`} className="text-slate-700">{t('admin.notices.cancel.dateHint', { lesson: lesson.name, days })}</p>}
          <ReasonField id={`${id}-reason`} value={reason} disabled={busy} onChange={setReason} />
        </>
      )}
    </DateForm>
  );
}
