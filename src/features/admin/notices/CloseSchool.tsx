/**
 * Closing the school for one day at short notice (snow, a strike, a burst pipe): a date and a
 * reason; every lesson that day is cancelled and each family with a lesson then gets one notice.
 * The date is checked as closeSchool checks it (a day some lesson takes place, in the current or
 * next quarter), then a confirmation says what happens. Holidays known in advance belong in the
 * Closed Days table instead (docs/calendar.md).
 */
import { CANCELLATION_WINDOW_DAYS, type OfficeNotice } from '@family-portal/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cancellableRange, cancellationDateProblem } from '../../../domain/lessonCancellation';
import { todayIso } from '../../../lib/schoolClock';
import { ClosureDialog, type Closing } from './ClosureDialog';
import { DateForm } from './DateForm';
import { FIELD_CLASS, ReasonField, reasonProblem } from './ReasonField';
import { useSendKey } from './sendKey';
import type { OfficeLessons } from './useOfficeTimetable';

interface Props {
  lessons: { value: OfficeLessons | null; error: string | null; onRetry: () => void };
  /** `mailed`: false when the office closed it again without e-mails. */
  onClosed: (notice: OfficeNotice, mailed: boolean) => void;
}


export function CloseSchool({ lessons, onClosed }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [date, setDate] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [closing, setClosing] = useState<Closing | null>(null);
  const [busy, setBusy] = useState(false);
  const sendKey = useSendKey();

  const value = lessons.value;
  const today = todayIso();
  const range = value ? cancellableRange(value.timetable.quarters, today, CANCELLATION_WINDOW_DAYS) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value) return;
    const found: string[] = [];
    if (!date) found.push(t('admin.notices.close.problem.noDate'));
    else {
      const weekdays = [...new Set(value.timetable.roomHours.map((roomHour) => roomHour.dayOfWeek))];
      const problem = cancellationDateProblem(date, { quarters: value.timetable.quarters, weekdays, today, windowDays: CANCELLATION_WINDOW_DAYS });
      if (problem) found.push(t(`admin.notices.close.problem.${problem}`, { days: CANCELLATION_WINDOW_DAYS }));
    }
    const trimmed = reason.trim();
    const badReason = reasonProblem(trimmed, t);
    if (badReason) found.push(badReason);
    setProblems(found);
    if (found.length) return;
    setClosing({ date, reason: trimmed, key: sendKey.keyFor({ closure: date, reason: trimmed }) });
  };
  const closed = (notice: OfficeNotice, mailed: boolean) => {
    sendKey.sent();
    setClosing(null);
    setDate('');
    setReason('');
    onClosed(notice, mailed);
  };

  return (
    <DateForm title={t('admin.notices.close.title')} lessons={lessons} range={range} problems={problems} submitLabel={t('admin.notices.close.submit')} busy={busy} onSubmit={submit}
      dialog={<ClosureDialog closing={closing} onClose={() => setClosing(null)} onClosed={closed} onBusy={setBusy} />}>
      {({ min, max }) => (
        <>
          <p className="text-slate-700">{t('admin.notices.close.intro')}</p>
          <div className="space-y-1 sm:max-w-xs">
            <label htmlFor={`${id}-date`} className="font-medium text-slate-800">{t('admin.notices.close.date')}</label>
            <input id={`${id}-date`} type="date" value={date} min={min} max={max} disabled={busy} onChange={(event) => setDate(event.target.value)} className={FIELD_CLASS} />
          </div>
          <ReasonField id={`${id}-reason`} value={reason} disabled={busy} onChange={setReason} />
        </>
      )}
    </DateForm>
  );
}
