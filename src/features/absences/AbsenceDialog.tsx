import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { reportAbsence, type ReportedAbsence } from '../../api/notices';
import { Alert } from '../../components/Alert';
import { Modal } from '../../components/Modal';
import { useData } from '../../data/DataProvider';
import { absenceLessons, addDays } from '../../domain/absences';
import { ABSENCE_REPORT_AHEAD_DAYS } from '@family-portal/contract/rules';
import { todayIso } from '../../lib/schoolClock';
import { absenceErrorText, absenceFormProblems } from './absenceForm';

interface Props {
  open: boolean;
  onClose: () => void;
  onReported: (reported: ReportedAbsence) => void;
  /** The child chosen on opening (a course's "Report an absence"); else the only child, if one. */
  childId?: string | null;
}

const INPUT = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5';

/** "Report an absence": a child, its lessons, a day or a range, an optional reason; checked, then sent. */
export function AbsenceDialog({ open, onClose, onReported, childId: chosenChild = null }: Props) {
  const { t } = useTranslation();
  const data = useData();
  const today = todayIso();
  const ids = { child: useId(), from: useId(), to: useId(), reason: useId() };
  const [childId, setChildId] = useState('');
  const [lessonIds, setLessonIds] = useState<string[]>([]);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const lessons = childId ? absenceLessons(childId, data.plans, data.quarters, data.lessons, today) : [];

  useEffect(() => {
    if (!open) return;
    // The child asked for, or the only child, is chosen already; its lessons all (the common case: the child is ill).
    const only = data.children.some((child) => child.id === chosenChild) ? chosenChild! : data.children.length === 1 ? data.children[0]!.id : '';
    setChildId(only);
    setLessonIds(only ? absenceLessons(only, data.plans, data.quarters, data.lessons, today).map((lesson) => lesson.id) : []);
    setFrom(today);
    setTo('');
    setReason('');
    setProblems([]);
    // Only on opening: the family's data does not change what was chosen.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const chooseChild = (id: string) => {
    setChildId(id);
    setLessonIds(id ? absenceLessons(id, data.plans, data.quarters, data.lessons, today).map((lesson) => lesson.id) : []);
  };
  const toggle = (id: string, on: boolean) => setLessonIds((current) => (on ? [...current, id] : current.filter((other) => other !== id)));
  const allChosen = lessons.length > 0 && lessons.every((lesson) => lessonIds.includes(lesson.id));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const form = { childId, lessonIds: lessons.filter((lesson) => lessonIds.includes(lesson.id)).map((lesson) => lesson.id), from, to, reason };
    const found = absenceFormProblems(t, form, today, data.closedDays ?? []);
    setProblems(found);
    if (found.length > 0) return;
    setBusy(true);
    try {
      const trimmed = reason.trim();
      onReported(await reportAbsence({ childId, lessonIds: form.lessonIds, from, to: to || from, ...(trimmed ? { reason: trimmed } : {}) }));
    } catch (caught) {
      setProblems([absenceErrorText(t, caught)]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} title={t('absences.report')} onClose={onClose} busy={busy}>
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3 text-sm">
        <div>
          <label htmlFor={ids.child} className="font-medium text-slate-800">{t('absences.child')}</label>
          <select id={ids.child} value={childId} onChange={(event) => chooseChild(event.target.value)} className={INPUT}>
            <option value="">{t('absences.problems.noChild')}</option>
            {data.children.map((child) => <option key={child.id} value={child.id}>{child.name}</option>)}
          </select>
        </div>
        {childId && (
          <fieldset>
            <legend className="font-medium text-slate-800">{t('absences.lessons')}</legend>
            {lessons.length === 0 ? (
              <p className="mt-1 text-slate-600">{t('absences.noLessons', { name: data.children.find((child) => child.id === childId)?.name ?? '' })}</p>
            ) : (
              <div className="mt-1 space-y-1">
                {lessons.length > 1 && (
                  <label className="flex items-center gap-2 font-medium">
                    <input type="checkbox" checked={allChosen} onChange={(event) => setLessonIds(event.target.checked ? lessons.map((lesson) => lesson.id) : [])} />
                    {t('absences.allLessons')}
                  </label>
                )}
                {lessons.map((lesson) => (
                  <label key={lesson.id} className="flex items-center gap-2 break-words">
                    <input type="checkbox" checked={lessonIds.includes(lesson.id)} onChange={(event) => toggle(lesson.id, event.target.checked)} />
                    {lesson.name}
                  </label>
                ))}
              </div>
            )}
          </fieldset>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor={ids.from} className="font-medium text-slate-800">{t('absences.from')}</label>
            <input id={ids.from} type="date" value={from} min={today} max={addDays(today, ABSENCE_REPORT_AHEAD_DAYS)} onChange={(event) => setFrom(event.target.value)} className={INPUT} />
          </div>
          <div>
            <label htmlFor={ids.to} className="font-medium text-slate-800">{t('absences.to')}</label>
            <input id={ids.to} type="date" value={to} min={from || today} onChange={(event) => setTo(event.target.value)} className={INPUT} />
          </div>
        </div>
        <div>
          <label htmlFor={ids.reason} className="font-medium text-slate-800">{t('absences.reason')}</label>
          <input id={ids.reason} type="text" value={reason} onChange={(event) => setReason(event.target.value)} className={INPUT} />
        </div>
        {problems.length > 0 && (
          <Alert tone="error">
            <ul className="space-y-1">{problems.map((problem) => <li key={problem}>{problem}</li>)}</ul>
          </Alert>
        )}
        <div className="flex flex-wrap justify-end gap-2 pt-1">
          <button type="button" onClick={onClose} disabled={busy} className="rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50 disabled:opacity-60">
            {t('absences.back')}
          </button>
          <button type="submit" disabled={busy} className="rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 disabled:opacity-60">
            {t(busy ? 'absences.sending' : 'absences.send')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
