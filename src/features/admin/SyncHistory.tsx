import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminInstant } from '../../components/AdminInstant';
import { useLocale } from '../../i18n/useLocale';
import type { SyncLog } from '../../api/adminSync';
import { Card } from '../../components/Card';
import { formatAdminDateTime } from '../../lib/schoolClock';
import { DurationText, StatusBadge, SyncDetails } from './SyncDetails';
import type { CallErrorKey } from '../../api/errorMessages';
import { AdminTable } from './AdminTable';
import { PanelStates } from './PanelStates';

interface Props {
  logs: SyncLog[] | null;
  loading: boolean;
  /** The text key of the load failure's code. */
  error: CallErrorKey | null;
  onReload: () => void;
}

/** Opens and closes one run's details; `controls` is the id of what it shows. */
function DetailsButton({ expanded, controls, onToggle }: { expanded: boolean; controls: string; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" aria-expanded={expanded} aria-controls={controls} onClick={onToggle}
      className="rounded-md border border-slate-300 px-2.5 py-1 text-xs hover:bg-slate-50">
      {t(expanded ? 'admin.history.hide' : 'admin.history.details')}
    </button>
  );
}

/**
 * The last 20 runs, newest first, each with its details on demand. From the md breakpoint a
 * table; on a phone (and a small tablet) one row per run (start and status, then type, trigger and duration), so that
 * nothing is cut off beside the start time.
 */
export function SyncHistory({ logs, loading, error, onReload }: Props) {
  const locale = useLocale();
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const toggle = (syncId: string) => setOpen(open === syncId ? null : syncId);
  const columns = [
    { label: t('admin.field.started') },
    { label: t('admin.field.type') },
    { label: t('admin.field.trigger') },
    { label: t('admin.field.status') },
    { label: t('admin.field.duration') },
    { label: t('admin.history.details'), hidden: true },
  ];
  return (
    <Card title={t('admin.history.title')}>
      <PanelStates items={logs} loading={loading} error={error && t('admin.history.loadError', { message: t(error) })} onRetry={onReload} empty={t('admin.history.empty')}>
        {(logs) => (
          <>
            <AdminTable caption={t('admin.history.title')} columns={columns} className="hidden w-full text-sm md:table">
              {logs.map((log) => {
                const expanded = open === log.syncId;
                return (
                  <Fragment key={log.syncId}>
                    <tr>
                      <td className="py-2 pr-3"><AdminInstant iso={log.startedAt} /></td>
                      <td className="py-2 pr-3">{t(`admin.type.${log.syncType}`)}</td>
                      <td className="py-2 pr-3">{t(`admin.trigger.${log.triggeredBy}`)}</td>
                      <td className="py-2 pr-3"><StatusBadge log={log} /></td>
                      <td className="py-2 pr-3 whitespace-nowrap"><DurationText ms={log.duration} /></td>
                      <td className="py-2 text-right">
                        <DetailsButton expanded={expanded} controls={`sync-${log.syncId}`} onToggle={() => toggle(log.syncId)} />
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
            </AdminTable>
            <ul aria-label={t('admin.history.title')} className="divide-y divide-slate-100 text-sm md:hidden">
              {logs.map((log) => {
                const expanded = open === log.syncId;
                return (
                  <li key={log.syncId} className="space-y-1 py-3">
                    <p className="flex flex-wrap items-center justify-between gap-2">
                      <span className="font-medium text-slate-900">{formatAdminDateTime(log.startedAt, locale)}</span>
                      <StatusBadge log={log} />
                    </p>
                    <p className="text-slate-700">
                      {t(`admin.type.${log.syncType}`)} · {t(`admin.trigger.${log.triggeredBy}`)} · <DurationText ms={log.duration} />
                    </p>
                    <DetailsButton expanded={expanded} controls={`sync-card-${log.syncId}`} onToggle={() => toggle(log.syncId)} />
                    {expanded && (
                      <div id={`sync-card-${log.syncId}`} className="mt-2 rounded-lg bg-slate-50 p-3"><SyncDetails log={log} /></div>
                    )}
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </PanelStates>
    </Card>
  );
}
