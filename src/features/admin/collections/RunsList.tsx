/**
 * The office's collection runs, newest first, each with its date, status, families and sum; one
 * opened shows its families (RunDetails).
 */
import type { CollectionCandidate, CollectionRun } from '@family-portal/contract';
import { useTranslation } from 'react-i18next';
import type { CallErrorKey } from '../../../api/errorMessages';
import { AdminInstant } from '../../../components/AdminInstant';
import { Card } from '../../../components/Card';
import { formatCents } from '../../../domain/collections';
import { useLocale } from '../../../i18n/useLocale';
import { formatWeekday } from '../../../lib/schoolClock';
import { PanelStates } from '../PanelStates';
import { RunDetails } from './RunDetails';

interface Props {
  runs: CollectionRun[] | null;
  loading: boolean;
  error: CallErrorKey | null;
  onReload: () => void;
  /** The run whose families are shown. */
  opened: string | null;
  onOpen: (runId: string | null) => void;
  /** What each family owes now and its name (the newest preview), or null before it is in. */
  families: readonly CollectionCandidate[] | null;
  /** A run changed (filed, a family taken out, a return): the runs are read again, and the preview when a family left the run. */
  onChanged: (familyLeft: boolean) => void;
}

const STATUS_TONE: Record<CollectionRun['status'], string> = {
  announced: 'bg-amber-100 text-amber-900',
  filed: 'bg-green-100 text-green-900',
};

export function RunStatus({ status }: { status: CollectionRun['status'] }) {
  const { t } = useTranslation();
  return <span className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${STATUS_TONE[status]}`}>{t(`admin.collections.runs.status.${status}`)}</span>;
}

export function RunsList({ runs, loading, error, onReload, opened, onOpen, families, onChanged }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Card title={t('admin.collections.runs.title')} action={
      <button type="button" onClick={onReload} disabled={loading} className="rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50 disabled:opacity-60">
        {t('admin.collections.runs.refresh')}
      </button>
    }>
      <PanelStates items={runs} loading={loading} error={error && t('admin.collections.runs.loadError', { message: t(error) })} onRetry={onReload} empty={t('admin.collections.runs.empty')}>
        {(items) => (
          <ul aria-label={t('admin.collections.runs.title')} aria-busy={loading} className="divide-y divide-slate-100 border-t border-slate-100">
            {items.map((run) => {
              const open = opened === run.id;
              const detailsId = `run-${run.id}`;
              return (
                <li key={run.id} className="py-3 text-sm">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0 space-y-0.5">
                      <p className="font-medium break-words text-slate-900">
                        {formatWeekday(run.collectionDate, locale)} <RunStatus status={run.status} />
                      </p>
                      <p className="break-words text-slate-700">{t('admin.collections.runs.summary', { count: run.debitCount, total: formatCents(run.totalCents, locale) })}</p>
                      <p className="break-words text-slate-600"><span className="break-all">{run.id}</span> · {run.purpose}</p>
                      <p className="text-slate-600">
                        {t('admin.collections.runs.announced', { who: run.announcedBy })} <AdminInstant iso={run.announcedAt} />
                      </p>
                      {run.filedAt && <p className="text-slate-600">{t('admin.collections.runs.filed')} <AdminInstant iso={run.filedAt} /></p>}
                    </div>
                    <button type="button" aria-expanded={open} aria-controls={open ? detailsId : undefined} onClick={() => onOpen(open ? null : run.id)}
                      aria-label={t(open ? 'admin.collections.runs.hideLabel' : 'admin.collections.runs.showLabel', { id: run.id })}
                      className="rounded-md border border-slate-300 px-3 py-1 font-medium whitespace-nowrap text-slate-800 hover:bg-slate-50">
                      {t(open ? 'admin.collections.runs.hide' : 'admin.collections.runs.show')}
                    </button>
                  </div>
                  {open && <RunDetails id={detailsId} run={run} families={families} onChanged={onChanged} />}
                </li>
              );
            })}
          </ul>
        )}
      </PanelStates>
    </Card>
  );
}
