import type { AuditEntry } from '@family-portal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CallErrorKey } from '../../../api/errorMessages';
import { Card, EmptyState, Skeleton } from '../../../components/Card';
import { formatAdminDateTime } from '../../../lib/schoolClock';
import { familyViewPath } from '../../../routing/paths';
import { RetryableError } from '../RetryableError';

interface Props {
  entries: AuditEntry[] | null;
  loading: boolean;
  error: CallErrorKey | null;
  onReload: () => void;
}

/** Which admin looked at which family's screens, and when: the last 50. */
export function AuditLog({ entries, loading, error, onReload }: Props) {
  const { t } = useTranslation();
  return (
    <Card title={t('admin.audit.title')}>
      {error ? (
        <RetryableError message={t('admin.audit.loadError', { message: t(error) })} onRetry={onReload} />
      ) : loading && !entries ? (
        <div className="space-y-2" aria-hidden="true"><Skeleton /><Skeleton /></div>
      ) : !entries || entries.length === 0 ? (
        <EmptyState>{t('admin.audit.empty')}</EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('admin.audit.title')}</caption>
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">{t('admin.audit.when')}</th>
                <th scope="col" className="py-2 pr-3 font-medium">{t('admin.audit.admin')}</th>
                <th scope="col" className="py-2 font-medium">{t('admin.audit.family')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="py-2 pr-3 whitespace-nowrap">{formatAdminDateTime(entry.at)}</td>
                  <td className="py-2 pr-3 break-all">{entry.adminEmail}</td>
                  <td className="py-2">
                    <Link to={familyViewPath(entry.memberId)} className="text-teal-800 hover:underline">{entry.memberName || entry.memberId}</Link>
                    <span className="text-slate-600"> ({entry.memberId})</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
