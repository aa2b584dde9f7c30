import type { AccountsOverview } from '@family-portal/contract';
import { useTranslation } from 'react-i18next';
import type { CallErrorKey } from '../../../api/errorMessages';
import { Card, Skeleton } from '../../../components/Card';
import { RetryableError } from '../RetryableError';

interface Props {
  overview: AccountsOverview | null;
  loading: boolean;
  error: CallErrorKey | null;
  onReload: () => void;
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1.5">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** The counts above the table: members by status, accounts of the active ones, refused addresses, e-mail choices. */
export function OverviewCards({ overview, loading, error, onReload }: Props) {
  const { t } = useTranslation();
  if (error) {
    return (
      <RetryableError message={t('admin.accounts.loadError', { message: t(error) })} onRetry={onReload} />
    );
  }
  if (!overview) {
    return (
      <div className="grid gap-4 md:grid-cols-3" role="status" aria-label={t('common.loading')}>
        <Skeleton className="h-40" /><Skeleton className="h-40" /><Skeleton className="h-40" />
      </div>
    );
  }
  const statusLabel = (status: string) => (status === 'active' ? t('family.membership.active') : status === 'inactive' ? t('family.membership.inactive') : status);
  return (
    <div className="grid gap-4 md:grid-cols-3" aria-busy={loading}>
      <Card title={t('admin.accounts.overview.members')}>
        <dl className="divide-y divide-slate-100 text-sm">
          {Object.entries(overview.byStatus).sort(([a], [b]) => a.localeCompare(b)).map(([status, count]) => (
            <Figure key={status} label={statusLabel(status)} value={count} />
          ))}
        </dl>
      </Card>
      <Card title={t('admin.accounts.overview.activeAccounts')}>
        <dl className="divide-y divide-slate-100 text-sm">
          <Figure label={t('admin.accounts.account.verified')} value={overview.active.verified} />
          <Figure label={t('admin.accounts.account.unverified')} value={overview.active.unverified} />
          <Figure label={t('admin.accounts.account.none')} value={overview.active.none} />
        </dl>
      </Card>
      <Card title={t('admin.accounts.overview.mailChoices')}>
        <dl className="divide-y divide-slate-100 text-sm">
          <Figure label={t('admin.accounts.mailChoice.paymentDue')} value={overview.mailChoices.paymentDue} />
          <Figure label={t('admin.accounts.mailChoice.paymentReceived')} value={overview.mailChoices.paymentReceived} />
          <Figure label={t('admin.accounts.mailChoice.cancellationConfirmed')} value={overview.mailChoices.cancellationConfirmed} />
          <Figure label={t('admin.accounts.mailChoice.bookingDecided')} value={overview.mailChoices.bookingDecided} />
          <Figure label={t('admin.accounts.mailChoice.notices')} value={overview.mailChoices.notices} />
          <Figure label={t('admin.accounts.mailChoice.lessonCancelled')} value={overview.mailChoices.lessonCancelled} />
        </dl>
      </Card>
      <div className="md:col-span-3">
        <Card title={t('admin.accounts.duplicates.title')}>
          {overview.duplicates.length === 0 ? (
            <p className="text-sm text-slate-600">{t('admin.accounts.duplicates.none')}</p>
          ) : (
            <>
              <p className="mb-2 text-sm text-slate-600">{t('admin.accounts.duplicates.explain')}</p>
              <ul className="divide-y divide-slate-100 text-sm">
                {overview.duplicates.map((duplicate) => (
                  <li key={duplicate.email} className="flex flex-wrap justify-between gap-x-3 py-1.5">
                    <span className="font-medium break-all text-slate-900">{duplicate.email}</span>
                    <span className="text-slate-600">{duplicate.memberIds.join(', ')}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Card>
      </div>
    </div>
  );
}
