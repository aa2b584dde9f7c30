import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../routing/paths';
import { useFamilyScope } from '../routing/familyScope';
import { Card } from './Card';
import { availableCredit, financialStatus } from '../domain/financialStatus';
import { formatMoney, TOLERANCE } from '../domain/money';
import type { Member } from '../domain/types';
import { useLocale } from '../i18n/useLocale';
import { AmountDue } from './AmountDue';
import { SepaPayment } from './SepaPayment';

const BADGE = {
  settled: 'bg-green-100 text-green-900',
  credit: 'bg-sky-100 text-sky-900',
  paymentRequired: 'bg-red-100 text-red-900',
} as const;

/**
 * Spec section 4: settled, paid with credit, or payment required (then with the SEPA block).
 * `withDirectDebit` (the parent's own dashboard): the amount due says how the family pays it,
 * by transfer or by its direct debit mandate (AmountDue).
 */
export const FinancialStatusCard = memo(function FinancialStatusCard({ member, showTransactionsLink = true, withDirectDebit = false }: { member: Member; showTransactionsLink?: boolean; withDirectDebit?: boolean }) {
  const { t } = useTranslation();
  const { to } = useFamilyScope();
  const locale = useLocale();
  const status = financialStatus(member);
  const money = (amount: number) => formatMoney(amount, locale);
  const rows: Array<[string, number]> = [
    [t('finance.total'), member.balance],
    [t('finance.plans'), member.childrenBalance],
    [t('finance.membership'), member.membershipBalance],
  ];
  if (status.kind === 'credit') rows.push([t('finance.availableCredit'), availableCredit(member)]);
  return (
    <Card
      title={t('finance.title')}
      action={showTransactionsLink && <Link to={to(paths.transactions)} className="inline-flex min-h-6 items-center text-sm font-medium text-teal-800 hover:underline">{t('finance.viewTransactions')}</Link>}
    >
      <p className={`inline-block rounded-full px-3 py-1 text-sm font-semibold ${BADGE[status.kind]}`}>{t(`finance.${status.kind}`)}</p>
      <p className="mt-2 text-sm text-slate-700">
        {status.kind === 'settled' && t('finance.settledText')}
        {status.kind === 'credit' && t('finance.creditText', { amount: money(status.credit) })}
        {status.kind === 'paymentRequired' && t('finance.dueText', { amount: money(status.amountDue) })}
      </p>
      <dl className="mt-3 divide-y divide-slate-100 text-sm">
        {rows.map(([label, amount]) => (
          <div key={label} className="flex justify-between py-1.5">
            <dt className="text-slate-600">{label}</dt>
            <dd className={`font-medium tabular-nums ${amount < -TOLERANCE ? 'text-red-700' : 'text-slate-900'}`}>{money(amount)}</dd>
          </div>
        ))}
      </dl>
      {status.kind === 'paymentRequired' &&
        (withDirectDebit ? <AmountDue member={member} amount={status.amountDue} /> : <SepaPayment amount={status.amountDue} reference={member.primaryName} />)}
    </Card>
  );
});
