import { Suspense, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/AuthProvider';
import { Card, EmptyState, Skeleton } from '../../components/Card';
import { LoadError } from '../../components/LoadError';
import { useData } from '../../data/DataProvider';
import { todayIso } from '../../lib/schoolClock';
import { nextClosedDays } from '../../domain/lessonDates';
import { currentQuarter } from '../../domain/schedule';
import { BookDepositsCard } from './BookDepositsCard';
import { EnrolmentsCard } from './EnrolmentsCard';
import { FinancialStatusCard } from '../../components/FinancialStatusCard';
import { QuarterCard } from './QuarterCard';
import { RecentTransactionsCard } from './RecentTransactionsCard';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/**
 * `booking`: the entry to booking the next quarter's courses (features/booking); `notices`: the
 * school office's notices (features/notices); `directDebit`: how an amount due is paid, by
 * transfer or by the family's mandate (docs/payments.md); all in the parent's own frame only.
 */
export default function DashboardPage({ booking, notices, directDebit = false }: { booking?: ReactNode; notices?: ReactNode; directDebit?: boolean }) {
  const { t } = useTranslation();
  const data = useData();
  useDocumentTitle(t('pages.dashboard.title'));
  // Kept while only the notices change, so that the memo card renders once.
  const closedDays = useMemo(() => nextClosedDays(data.closedDays ?? [], data.plans, todayIso()), [data.closedDays, data.plans]);

  if (data.loading) return <DashboardSkeleton />;
  if (data.error) return <LoadError message={data.error} />;
  if (!data.member) return <NoMember />;
  const quarter = currentQuarter(data.quarters, todayIso());
  // The cards are memo components: the notices and absences, read after the figures, render
  // this page again when they come, and each card again only when its own figures changed.
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{t('dashboard.welcome', { name: data.member.primaryName })}</h1>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="space-y-4">
          <FinancialStatusCard member={data.member} withDirectDebit={directDebit} />
          {notices && <Suspense fallback={null}>{notices}</Suspense>}
          <RecentTransactionsCard payments={data.payments} />
        </div>
        <div className="space-y-4">
          <QuarterCard quarter={quarter} closedDays={closedDays} />
          <EnrolmentsCard quarter={quarter} childrenOfFamily={data.children} plans={data.plans} lessons={data.lessons} />
          <BookDepositsCard otherPayments={data.otherPayments} childrenOfFamily={data.children} />
          {/* Read after the figures above, when the browser is idle: last in its column, so that
              arriving it moves no card that is already shown. */}
          {booking && <Suspense fallback={null}>{booking}</Suspense>}
        </div>
      </div>
    </div>
  );
}

/** A signed-in account that no family's record names (spec section 4). */
function NoMember() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <Card title={t('pages.dashboard.title')}>
      <EmptyState>{t('errors.noMember', { email: user?.email ?? '' })}</EmptyState>
    </Card>
  );
}

function DashboardSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="space-y-4" role="status" aria-label={t('common.loading')}>
      <Skeleton className="h-8 w-64" />
      <div className="grid gap-4 lg:grid-cols-2">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="space-y-3 rounded-xl border border-slate-200 bg-white p-5">
            <Skeleton className="h-5 w-40" />
            <Skeleton />
            <Skeleton className="h-4 w-2/3" />
          </div>
        ))}
      </div>
    </div>
  );
}
