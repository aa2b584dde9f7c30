import { useTranslation } from 'react-i18next';
import type { SyncLog } from '../../api/adminSync';
import { syncDuration } from '../../domain/syncDuration';
import { formatAdminDateTime } from '../../lib/schoolClock';
import { useLocale } from '../../i18n/useLocale';
import { AdminTable } from './AdminTable';

const TABLES = ['members', 'children', 'payments', 'otherPayments', 'quarters', 'teachers', 'lessons', 'plans', 'roomHours'] as const;

const STATUS_STYLE: Record<string, string> = {
  success: 'bg-green-100 text-green-900',
  warning: 'bg-amber-100 text-amber-900',
  error: 'bg-red-100 text-red-900',
  running: 'bg-sky-100 text-sky-900',
  pending: 'bg-slate-100 text-slate-800',
};

const KNOWN_STATUSES = ['success', 'warning', 'error', 'running'] as const;

export function statusOf(log: Pick<SyncLog, 'status'>): (typeof KNOWN_STATUSES)[number] | 'pending' {
  return (KNOWN_STATUSES as readonly string[]).includes(log.status) ? log.status : 'pending';
}

export function StatusBadge({ log }: { log: Pick<SyncLog, 'status'> }) {
  const { t } = useTranslation();
  const status = statusOf(log);
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[status]}`}>{t(`admin.status.${status}`)}</span>;
}

export function DurationText({ ms }: { ms: number | null | undefined }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const duration = syncDuration(ms);
  if (!duration) return <>{t('admin.duration.na')}</>;
  if (duration.unit === 'seconds') return <>{t('admin.duration.seconds', { seconds: duration.seconds.toLocaleString(locale) })}</>;
  return <>{t('admin.duration.minutes', { minutes: duration.minutes, seconds: duration.seconds })}</>;
}

const countsOf = (log: SyncLog, table: (typeof TABLES)[number]) => log.tables?.[table] ?? { synced: 0, errors: 0, deleted: 0 };

/** The facts of one sync run: summary, per-table counts, errors and who started it. */
export function SyncDetails({ log }: { log: SyncLog }) {
  const locale = useLocale();
  const { t } = useTranslation();
  const full = log.syncType === 'full';
  return (
    <div className="space-y-3 text-sm">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3">
        {/* The phone's whole row: "Успешно, с предупреждениями" does not fit in half of it. */}
        <Fact label={t('admin.field.status')} wide><StatusBadge log={log} /></Fact>
        <Fact label={t('admin.field.type')}>{t(`admin.type.${log.syncType}`)}</Fact>
        <Fact label={t('admin.field.trigger')}>{t(`admin.trigger.${log.triggeredBy}`)}</Fact>
        <Fact label={t('admin.field.duration')}><DurationText ms={log.duration} /></Fact>
        <Fact label={t('admin.field.started')}>{formatAdminDateTime(log.startedAt, locale)}</Fact>
        {/* An address takes the phone's whole row: in half of it, it would break every few letters. */}
        {log.triggeredBy === 'manual' && log.triggeredByEmail && <Fact label={t('admin.field.triggeredBy')} wide>{log.triggeredByEmail}</Fact>}
      </dl>
      {log.error && (
        <p role="note" className="rounded-md bg-red-50 px-3 py-2 break-words text-red-800">
          <strong>{t('admin.field.error')}:</strong> {log.error}
        </p>
      )}
      {/* From the sm breakpoint a table; on a phone one row per table with its counts under its
          name, so that no column is cut off beside the longest table name. */}
      <AdminTable caption={t('admin.table.caption')} className="hidden w-full sm:table" padding="py-1" bodyClassName="divide-y divide-slate-100 tabular-nums" columns={[
        { label: t('admin.table.table') },
        { label: t('admin.table.synced'), className: 'text-right' },
        { label: t('admin.table.errors'), className: 'text-right' },
        ...(full ? [{ label: t('admin.table.deleted'), className: 'text-right' }] : []),
      ]}>
        {TABLES.map((table) => {
          const counts = countsOf(log, table);
          return (
            <tr key={table}>
              <th scope="row" className="py-1 pr-3 font-normal">{t(`admin.tables.${table}`)}</th>
              <td className="py-1 pr-3 text-right">{counts.synced}</td>
              <td className={`py-1 text-right ${full ? 'pr-3' : ''} ${counts.errors > 0 ? 'font-semibold text-red-700' : ''}`}>{counts.errors}</td>
              {full && <td className="py-1 text-right">{counts.deleted}</td>}
            </tr>
          );
        })}
      </AdminTable>
      <ul aria-label={t('admin.table.caption')} className="divide-y divide-slate-100 sm:hidden">
        {TABLES.map((table) => {
          const counts = countsOf(log, table);
          return (
            <li key={table} className="py-1">
              <p className="font-medium text-slate-900">{t(`admin.tables.${table}`)}</p>
              <p className="flex flex-wrap gap-x-3 text-slate-700 tabular-nums">
                <span>{t('admin.table.synced')}: {counts.synced}</span>
                <span className={counts.errors > 0 ? 'font-semibold text-red-700' : ''}>{t('admin.table.errors')}: {counts.errors}</span>
                {full && <span>{t('admin.table.deleted')}: {counts.deleted}</span>}
              </p>
            </li>
          );
        })}
      </ul>
      {log.memberIndex && <p className="text-slate-700">{t('admin.memberIndex', log.memberIndex)}</p>}
      <RowList title={t('admin.rowErrors')} rows={log.rowErrors} />
      <RowList title={t('admin.rowWarnings')} rows={log.rowWarnings} />
    </div>
  );
}

function RowList({ title, rows }: { title: string; rows: SyncLog['rowErrors'] }) {
  const { t } = useTranslation();
  if (!rows || rows.length === 0) return null;
  return (
    <div>
      <p className="font-medium">{title}</p>
      <ul className="mt-1 list-disc pl-5 text-slate-700">
        {rows.map((row, index) => (
          <li key={index}>
            {t(`admin.tables.${row.table}` as 'admin.tables.members')} {row.key ?? '—'}: {row.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Fact({ label, children, wide = false }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={`min-w-0 ${wide ? 'col-span-2 sm:col-span-1' : ''}`}>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="min-w-0 font-medium wrap-anywhere text-slate-900">{children}</dd>
    </div>
  );
}
