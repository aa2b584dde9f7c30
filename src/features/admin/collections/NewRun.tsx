/**
 * A new collection run: the collection date (the first possible one to start with), the text of
 * the families' bank statements, and the families who owe money and pay by direct debit, each
 * collected unless the office leaves it out; the count and sum follow. Announcing asks first.
 */
import type { CollectionRun } from '@family-portal/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/Alert';
import { Card, EmptyState, Skeleton } from '../../../components/Card';
import { collectionTotals, defaultPurpose, formatCents, leaveOutOf, PURPOSE_MAX, purposeProblem, type DateProblem } from '../../../domain/collections';
import { useLocale } from '../../../i18n/useLocale';
import { formatWeekday } from '../../../lib/schoolClock';
import { useSendKey } from '../notices/sendKey';
import { RetryableError } from '../RetryableError';
import { AnnounceDialog, type Announcing } from './AnnounceDialog';
import { CandidateCards, CandidatesTable } from './CandidateRows';
import { collectionErrorText, refusedDate } from './collectionErrors';
import type { CollectionPreviewState } from './useCollectionPreview';

export const FIELD_CLASS = 'block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-slate-900';

interface Props {
  preview: CollectionPreviewState;
  onAnnounced: (run: CollectionRun) => void;
}

/** Why the date cannot be collected on, and the date to take instead. */
function useDateRefusal(preview: CollectionPreviewState): { text: string; earliest: string | null } | null {
  const { t } = useTranslation();
  const locale = useLocale();
  const day = (value: string) => formatWeekday(value, locale);
  const problem: DateProblem | null = preview.problem;
  if (problem?.kind === 'empty') return { text: t('admin.collections.date.empty'), earliest: null };
  if (problem?.kind === 'not-a-day') return { text: t('admin.collections.date.notADay'), earliest: null };
  if (problem?.kind === 'too-soon') return { text: t('admin.collections.date.tooSoon', { days: preview.preNotificationDays, date: day(problem.earliest) }), earliest: problem.earliest };
  if (problem?.kind === 'not-a-business-day') return { text: t('admin.collections.date.notBusinessDay', { date: day(problem.earliest) }), earliest: problem.earliest };
  const refused = refusedDate(preview.error);
  if (!refused) return null;
  const text = refused.tooSoonDays === null ? t('admin.collections.date.refused', { date: day(refused.earliest) }) : t('admin.collections.date.tooSoon', { days: refused.tooSoonDays, date: day(refused.earliest) });
  return { text, earliest: refused.earliest };
}

export function NewRun({ preview, onAnnounced }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const [leftOut, setLeftOut] = useState<ReadonlySet<string>>(new Set());
  const [typedPurpose, setTypedPurpose] = useState<string | null>(null);
  const [announcing, setAnnouncing] = useState<Announcing | null>(null);
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const sendKey = useSendKey();

  const refusal = useDateRefusal(preview);
  const families = preview.latest?.families ?? null;
  const totals = collectionTotals(families ?? [], leftOut);
  const purpose = typedPurpose ?? defaultPurpose(preview.date || preview.today);
  const badPurpose = purposeProblem(purpose);
  const earliest = preview.latest?.earliest;

  const toggle = (memberId: string, included: boolean) => {
    const next = new Set(leftOut);
    if (included) next.delete(memberId);
    else next.add(memberId);
    setLeftOut(next);
  };
  const ask = () => {
    setTried(true);
    if (!preview.answer || badPurpose || totals.count === 0 || !families) return;
    const leaveOut = leaveOutOf(families, leftOut);
    const trimmed = purpose.trim();
    const key = sendKey.keyFor({ collectionDate: preview.date, purpose: trimmed, leaveOut });
    setAnnouncing({ collectionDate: preview.date, purpose: trimmed, leaveOut, count: totals.count, cents: totals.cents, key });
  };
  const announced = (run: CollectionRun) => {
    sendKey.sent();
    setAnnouncing(null);
    setLeftOut(new Set());
    setTypedPurpose(null);
    setTried(false);
    onAnnounced(run);
  };

  const loadError = preview.error && !refusal ? t('admin.collections.families.loadError', { message: collectionErrorText(preview.error, t, locale) }) : null;
  const purposeText = badPurpose && t(badPurpose === 'empty' ? 'admin.collections.purpose.empty' : 'admin.collections.purpose.tooLong', { max: PURPOSE_MAX });
  return (
    <Card title={t('admin.collections.newRun.title')}>
      <div className="space-y-4 text-sm">
        <p className="text-slate-700">{t('admin.collections.newRun.intro')}</p>
        <div className="grid gap-3 lg:grid-cols-2">
          <div className="min-w-0 space-y-1">
            <label htmlFor={`${id}-date`} className="font-medium text-slate-800">{t('admin.collections.date.label')}</label>
            <input id={`${id}-date`} type="date" value={preview.date} min={earliest} disabled={busy} onChange={(event) => preview.setDate(event.target.value)}
              aria-describedby={`${id}-date-hint`} aria-invalid={refusal !== null} className={FIELD_CLASS} />
            <p id={`${id}-date-hint`} className="text-slate-600">{t('admin.collections.date.hint', { days: preview.preNotificationDays })}</p>
          </div>
          <div className="min-w-0 space-y-1">
            <label htmlFor={`${id}-purpose`} className="font-medium text-slate-800">{t('admin.collections.purpose.label')}</label>
            <input id={`${id}-purpose`} type="text" value={purpose} maxLength={PURPOSE_MAX + 20} disabled={busy} onChange={(event) => setTypedPurpose(event.target.value)}
              aria-describedby={`${id}-purpose-hint`} aria-invalid={badPurpose !== null} className={FIELD_CLASS} />
            <p id={`${id}-purpose-hint`} className="text-slate-600">{t('admin.collections.purpose.hint', { max: PURPOSE_MAX })}</p>
          </div>
        </div>
        {refusal && (
          <Alert tone="error">
            <p>{refusal.text}</p>
            {refusal.earliest && (
              <button type="button" onClick={() => preview.setDate(refusal.earliest as string)} className="mt-2 rounded-md border border-red-300 bg-white px-3 py-1 font-medium text-red-900 hover:bg-red-50">
                {t('admin.collections.date.use', { date: formatWeekday(refusal.earliest, locale) })}
              </button>
            )}
          </Alert>
        )}
        {purposeText && (tried || badPurpose === 'tooLong') && <Alert tone="error">{purposeText}</Alert>}

        <section aria-labelledby={`${id}-families`} aria-busy={preview.loading} className="space-y-2">
          <h3 id={`${id}-families`} className="font-semibold text-slate-900">{t('admin.collections.families.title')}</h3>
          {loadError ? (
            <RetryableError message={loadError} onRetry={preview.reload} />
          ) : !families ? (
            <div className="space-y-2" role="status" aria-label={t('common.loading')}><Skeleton /><Skeleton /><Skeleton /></div>
          ) : families.length === 0 ? (
            <EmptyState>{t('admin.collections.families.empty')}</EmptyState>
          ) : (
            <>
              <CandidatesTable families={families} leftOut={leftOut} onToggle={toggle} busy={busy} />
              <CandidateCards families={families} leftOut={leftOut} onToggle={toggle} busy={busy} />
              <p className="font-medium text-slate-900" aria-live="polite">{t('admin.collections.families.totals', { count: totals.count, total: formatCents(totals.cents, locale) })}</p>
            </>
          )}
        </section>
        {tried && families !== null && families.length > 0 && totals.count === 0 && <Alert tone="error">{t('admin.collections.families.noneIncluded')}</Alert>}
        <div className="flex justify-end">
          <button type="button" onClick={ask} disabled={busy || !preview.answer || !families || families.length === 0}
            className="rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 disabled:opacity-60">
            {t('admin.collections.newRun.announce')}
          </button>
        </div>
      </div>
      <AnnounceDialog announcing={announcing} onClose={() => setAnnouncing(null)} onAnnounced={announced} onBusy={setBusy} />
    </Card>
  );
}
