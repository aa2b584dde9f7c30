import { useTranslation } from 'react-i18next';
import type { SyncLog } from '../../api/adminSync';
import { Card, EmptyState, Skeleton } from '../../components/Card';
import { HeldBackDeletions } from './HeldBackDeletions';
import { SyncDetails } from './SyncDetails';
import type { CallErrorKey } from '../../api/errorMessages';
import { RetryableError } from './RetryableError';

interface Props {
  log: SyncLog | null;
  loading: boolean;
  /** The text key of the load failure's code. */
  error: CallErrorKey | null;
  onReload: () => void;
  /** After a sync started here (applying held-back deletions): reload both panels. */
  onSyncFinished?: () => void;
}

export function LatestSyncPanel({ log, loading, error, onReload, onSyncFinished = onReload }: Props) {
  const { t } = useTranslation();
  return (
    <Card
      title={t('admin.latest.title')}
      action={
        <button type="button" onClick={onReload} disabled={loading} className="rounded-md border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50 disabled:opacity-60">
          {t('admin.latest.refresh')}
        </button>
      }
    >
      {error ? (
        <RetryableError message={t('admin.latest.loadError', { message: t(error) })} onRetry={onReload} />
      ) : loading && !log ? (
        <div className="space-y-2" aria-hidden="true"><Skeleton /><Skeleton className="h-4 w-2/3" /></div>
      ) : log ? (
        <div className="space-y-3">
          <SyncDetails log={log} />
          <HeldBackDeletions log={log} onApplied={onSyncFinished} />
        </div>
      ) : (
        <EmptyState>{t('admin.latest.none')}</EmptyState>
      )}
    </Card>
  );
}
