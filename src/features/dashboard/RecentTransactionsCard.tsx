import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths, transactionPath } from '../../routing/paths';
import { useFamilyScope } from '../../routing/familyScope';
import { Card, EmptyState } from '../../components/Card';
import { formatDay } from '../../lib/schoolClock';
import { formatMoney } from '../../domain/money';
import type { Payment } from '../../domain/types';
import { newestFirst, transactionView } from '../../domain/views';
import { useLocale } from '../../i18n/useLocale';

export const RECENT_TRANSACTIONS = 3;

/** The three newest payments, each linking to its entry on the transactions page. */
export const RecentTransactionsCard = memo(function RecentTransactionsCard({ payments }: { payments: Payment[] }) {
  const { t } = useTranslation();
  const { to } = useFamilyScope();
  const locale = useLocale();
  const recent = newestFirst(payments).slice(0, RECENT_TRANSACTIONS).map((payment) => transactionView(payment, t('transactions.noComment')));
  return (
    <Card title={t('transactions.recentTitle')} action={<Link to={to(paths.transactions)} className="inline-flex min-h-6 items-center text-sm font-medium text-teal-800 hover:underline">{t('transactions.viewAll')}</Link>}>
      {recent.length === 0 ? (
        <EmptyState>{t('transactions.none')}</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100">
          {recent.map((transaction) => {
            const incoming = transaction.paymentDirection === 'IN';
            return (
              <li key={transaction.id}>
                <Link to={to(transactionPath(transaction.id))} className="flex items-center justify-between gap-3 py-2 hover:bg-slate-50">
                  <span className="min-w-0">
                    <span className="block font-medium break-words text-slate-900">{transaction.description}</span>
                    <span className="text-xs text-slate-600">
                      {formatDay(transaction.date, locale)} · {t(incoming ? 'transactions.in' : 'transactions.out')}
                    </span>
                  </span>
                  <span className={`shrink-0 font-semibold tabular-nums ${incoming ? 'text-green-700' : 'text-red-700'}`}>
                    {incoming ? '+' : '-'}
                    {formatMoney(Math.abs(transaction.amount), locale)}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
});
