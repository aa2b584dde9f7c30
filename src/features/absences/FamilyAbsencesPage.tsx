/**
 * The absences page (/absences): "Report an absence" for a child's lessons on a day or a range,
 * and the family's reports whose last day has not passed, each withdrawable until its first day.
 * `?report=1&child=…` (a course's link) opens the report dialog with that child chosen.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Alert } from '../../components/Alert';
import { Card, EmptyState, Skeleton } from '../../components/Card';
import { useData } from '../../data/DataProvider';
import { absenceWithdrawable, currentAbsences, type FamilyAbsence } from '../../domain/absences';
import { useLocale } from '../../i18n/useLocale';
import { formatDay, todayIso } from '../../lib/schoolClock';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { queryParams } from '../../routing/paths';
import { AbsenceDialog } from './AbsenceDialog';
import { WithdrawAbsenceDialog } from './WithdrawAbsenceDialog';

export default function AbsencesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('absences.title'));
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{t('absences.title')}</h1>
      <AbsencesCard />
    </div>
  );
}

type Shown = { absence: FamilyAbsence; child: string; dates: string; lessons: string };

export function AbsencesCard() {
  const { t } = useTranslation();
  const locale = useLocale();
  const data = useData();
  const today = todayIso();
  const [params, setParams] = useSearchParams();
  const [reporting, setReporting] = useState(() => params.get(queryParams.report) === '1');
  const linkedChild = params.get(queryParams.child);
  const closeReport = () => {
    setReporting(false);
    // Back on this page, a reload does not open the dialog again.
    if (params.has(queryParams.report)) setParams({}, { replace: true });
  };
  const [withdrawing, setWithdrawing] = useState<Shown | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const day = (value: string) => formatDay(value, locale, 'long');
  const shown: Shown[] = currentAbsences(data.absences, today).map((absence) => ({
    absence,
    child: data.children.find((child) => child.id === absence.childId)?.name ?? '',
    dates: absence.from === absence.to ? t('absences.oneDay', { date: day(absence.from) }) : t('absences.range', { from: day(absence.from), to: day(absence.to) }),
    lessons: absence.lessonIds.map((id) => data.lessons.find((lesson) => lesson.id === id)?.name ?? t('plans.unavailable.title')).join(', '),
  }));
  const childOf = (absence: FamilyAbsence) => data.children.find((child) => child.id === absence.childId)?.name ?? '';

  return (
    <Card title={t('absences.list')}>
      <p className="text-sm text-slate-700">{t('absences.intro')}</p>
      <button type="button" onClick={() => { setDone(null); setReporting(true); }} className="mt-3 rounded-md bg-teal-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-teal-800">
        {t('absences.report')}
      </button>
      {done && <div className="mt-3"><Alert tone="success">{done}</Alert></div>}
      {/* The absences come after the family's figures (DataProvider). */}
      {data.correspondenceLoading ? (
        <div role="status" aria-label={t('common.loading')} className="mt-2"><Skeleton /></div>
      ) : data.correspondenceError && shown.length === 0 ? (
        <div className="mt-2"><Alert tone="error">{t('absences.loadError')}</Alert></div>
      ) : shown.length === 0 ? (
        <div className="mt-2"><EmptyState>{t('absences.none')}</EmptyState></div>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {shown.map((entry) => (
            <li key={entry.absence.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
              <div className="min-w-0 flex-1 wrap-anywhere">
                <p className="font-medium text-slate-900">{entry.child} · {entry.dates}</p>
                <p className="text-slate-600">{entry.lessons}</p>
                {entry.absence.reason && <p className="text-slate-600">{entry.absence.reason}</p>}
              </div>
              {absenceWithdrawable(entry.absence, today) ? (
                <button type="button" aria-label={t('absences.withdraw.label', { child: entry.child, dates: entry.dates })} onClick={() => { setDone(null); setWithdrawing(entry); }}
                  className="rounded-md border border-slate-300 px-3 py-1 font-medium text-slate-800 hover:bg-slate-50">
                  {t('absences.withdraw.open')}
                </button>
              ) : (
                <span className="text-xs text-slate-600">{t('absences.begun')}</span>
              )}
            </li>
          ))}
        </ul>
      )}
      <AbsenceDialog open={reporting && !data.loading} childId={linkedChild} onClose={closeReport}
        onReported={({ absence, merged, absorbed }) => {
          for (const id of absorbed) data.removeAbsence(id);
          data.applyAbsence(absence);
          closeReport();
          setDone(t(merged ? 'absences.merged' : 'absences.sent', { child: childOf(absence) }));
        }} />
      <WithdrawAbsenceDialog target={withdrawing} onClose={() => setWithdrawing(null)}
        onWithdrawn={(absence) => {
          data.removeAbsence(absence.id);
          setWithdrawing(null);
          setDone(t('absences.withdraw.done', { child: childOf(absence) }));
        }} />
    </Card>
  );
}
