import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { bookDepositPath, paths } from '../../routing/paths';
import { useFamilyScope } from '../../routing/familyScope';
import { Card, EmptyState } from '../../components/Card';
import { formatDay } from '../../lib/schoolClock';
import { formatMoney } from '../../domain/money';
import type { Child, OtherPayment } from '../../domain/types';
import { recentActiveDeposits } from '../../domain/views';
import { useLocale } from '../../i18n/useLocale';

/** Up to three newest active book deposits, each linking to its entry. */
export const BookDepositsCard = memo(function BookDepositsCard({ otherPayments, childrenOfFamily }: { otherPayments: OtherPayment[]; childrenOfFamily: Child[] }) {
  const { t } = useTranslation();
  const { to } = useFamilyScope();
  const locale = useLocale();
  const deposits = recentActiveDeposits(otherPayments);
  const title = (deposit: OtherPayment) =>
    deposit.childId
      ? (childrenOfFamily.find((child) => child.id === deposit.childId)?.name ?? t('deposits.unknownChild'))
      : deposit.comment || t('deposits.generalDeposit');
  return (
    <Card title={t('deposits.title')} action={<Link to={to(paths.bookDeposits)} className="inline-flex min-h-6 items-center text-sm font-medium text-teal-800 hover:underline">{t('deposits.viewAll')}</Link>}>
      {deposits.length === 0 ? (
        <EmptyState title={t('deposits.empty.active.title')}>{t('deposits.empty.active.text')}</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-100">
          {deposits.map((deposit) => (
            <li key={deposit.id}>
              <Link to={to(bookDepositPath(deposit.id))} className="flex items-center justify-between gap-3 py-2 hover:bg-slate-50">
                <span className="min-w-0">
                  <span className="block font-medium break-words text-slate-900">{title(deposit)}</span>
                  <span className="text-xs text-slate-600">{formatDay(deposit.date, locale)}</span>
                </span>
                <span className="shrink-0 font-semibold text-green-700 tabular-nums">{formatMoney(deposit.amount, locale)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
});
