import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SyncLog } from '../../api/adminSync';
import { Card, EmptyState, Skeleton } from '../../components/Card';
import { formatAdminDateTime } from '../../lib/schoolClock';
import { DurationText, StatusBadge, SyncDetails } from './SyncDetails';
import type { CallErrorKey } from '../../api/errorMessages';
import { RetryableError } from './RetryableError';

interface Props {
  logs: SyncLog[] | null;
  loading: boolean;
  /** The text key of the load failure's code. */
  error: CallErrorKey | null;
  onReload: () => void;
}

/** The last 20 runs, newest first, each with its details on demand. */
export function SyncHistory({ logs, loading, error, onReload }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Card title={t('admin.history.title')}>
      {error ? (
        <RetryableError message={t('admin.history.loadError', { message: t(error) })} onRetry={onReload} />
      ) : loading && !logs ? (
        <div className="space-y-2" aria-hidden="true"><Skeleton /><Skeleton /><Skeleton /></div>
      ) : !logs || logs.length === 0 ? (
        <EmptyState>{t('admin.history.empty')}</EmptyState>
      ) : (
        <div className="relative overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">{t('admin.field.started')}</th>
                <th scope="col" className="py-2 pr-3 font-medium">{t('admin.field.type')}</th>
                <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">{t('admin.field.trigger')}</th>
                <th scope="col" className="py-2 pr-3 font-medium">{t('admin.field.status')}</th>
                <th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">{t('admin.field.duration')}</th>
                <th scope="col" className="py-2"><span className="sr-only">{t('admin.history.details')}</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {logs.map((log) => {
                const expanded = open === log.syncId;
                return (
                  <Fragment key={log.syncId}>
                    <tr>
                      <td className="py-2 pr-3 whitespace-nowrap">{formatAdminDateTime(log.startedAt)}</td>
                      <td className="py-2 pr-3">{t(`admin.type.${log.syncType}`)}</td>
                      <td className="hidden py-2 pr-3 sm:table-cell">{t(`admin.trigger.${log.triggeredBy}`)}</td>
                      <td className="py-2 pr-3"><StatusBadge log={log} /></td>
                      <td className="hidden py-2 pr-3 whitespace-nowrap sm:table-cell"><DurationText ms={log.duration} /></td>
                      <td className="py-2 text-right">
                        <button type="button" aria-expanded={expanded} aria-controls={`sync-${log.syncId}`} onClick={() => setOpen(expanded ? null : log.syncId)}
                          className="rounded-md border border-slate-300 px-2.5 py-1 text-xs hover:bg-slate-50">
                          {t(expanded ? 'admin.history.hide' : 'admin.history.details')}
                        </button>
                      </td>
                    </tr>
                    {expanded && (
                      <tr id={`sync-${log.syncId}`}>
                        <td colSpan={6} className="bg-slate-50 px-3 py-3"><SyncDetails log={log} /></td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
