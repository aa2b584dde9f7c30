import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { queryParams } from '../../routing/paths';
import { HIGHLIGHT_RING, useHighlight } from '../../routing/useHighlight';
import { Card, EmptyState, Skeleton } from '../../components/Card';
import { LoadError } from '../../components/LoadError';
import { useData } from '../../data/DataProvider';
import { formatDay, todayIso } from '../../lib/schoolClock';
import { formatMoney } from '../../domain/money';
import { groupByMonth, initialYear, shareRows, transactionsOfYear, yearPills } from '../../domain/transactions';
import { knownPaymentType, transactionView, type TransactionView } from '../../domain/views';
import { useLocale } from '../../i18n/useLocale';
import { FinancialStatusCard } from '../../components/FinancialStatusCard';
import { statementYear } from '../../domain/statement';
import { StatementButton } from './StatementButton';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

export const transactionElementId = (id: string) => `transaction-${id}`;
const TYPE_ICONS: Record<string, string> = { cash: '💶', bank: '🏦', card: '💳', other: '🧾' };

export default function TransactionsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const data = useData();
  const moreId = useId();
  const [params] = useSearchParams();
  const transactions = useMemo(() => data.payments.map((p) => transactionView(p, t('transactions.noComment'))), [data.payments, t]);
  const { years, pills, more } = yearPills(transactions);
  // The school's year, not the device's: on New Year's Eve abroad they differ.
  const currentYear = Number(todayIso().slice(0, 4));
  const [year, setYear] = useState<number | null | undefined>(undefined);
  const highlighted = useHighlight(queryParams.transaction, !data.loading, transactionElementId);
  useDocumentTitle(t('pages.transactions.title'));

  if (data.loading) return <div role="status" aria-label={t('common.loading')} className="space-y-3"><Skeleton className="h-8 w-56" /><Skeleton className="h-32" /><Skeleton className="h-24" /></div>;
  if (data.error) return <LoadError message={data.error} />;

  // The current year is preselected when the data has it; a deep link shows the entry's year.
  const linked = transactions.find((tx) => tx.id === params.get(queryParams.transaction));
  const selected = year !== undefined ? year : linked ? Number(linked.date.slice(0, 4)) : initialYear(years, currentYear);
  const groups = groupByMonth(transactionsOfYear(transactions, selected));
  const money = (amount: number) => formatMoney(amount, locale);
  const monthTitle = (month: string) => new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{t('pages.transactions.title')}</h1>
      {data.member && <FinancialStatusCard member={data.member} showTransactionsLink={false} />}
      {years.length > 0 && (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('transactions.yearFilter')}>
          {pills.map((value) => (
            <button key={value} type="button" aria-pressed={selected === value} onClick={() => setYear(value)}
              className={`rounded-full border px-3 py-1 text-sm font-medium ${selected === value ? 'border-teal-700 bg-teal-700 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}>
              {value}
              {value === currentYear && <span className="ml-1 text-xs">({t('transactions.current')})</span>}
            </button>
          ))}
          <label htmlFor={moreId} className="sr-only">{t('transactions.more')}</label>
          <select id={moreId} value={selected === null ? 'all' : more.includes(selected) ? String(selected) : ''}
            onChange={(e) => setYear(e.target.value === 'all' ? null : Number(e.target.value))}
            className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm">
            <option value="" disabled>{t('transactions.more')}</option>
            <option value="all">{t('transactions.allYears')}</option>
            {years.map((value) => <option key={value} value={value}>{value}</option>)}
          </select>
        </div>
      )}
      {data.member && <StatementButton member={data.member} payments={data.payments} year={statementYear(selected, currentYear)} />}
      {groups.length === 0 ? (
        <Card title={t('transactions.emptyTitle')}><EmptyState>{t('transactions.emptyText')}</EmptyState></Card>
      ) : (
        groups.map((group) => (
          <Card key={group.month} title={monthTitle(group.month)}
            action={
              <span className="text-right text-sm text-slate-600">
                {t('transactions.count', { count: group.transactions.length })}
                {group.incoming > 0 && <span className="ml-2 text-green-700">↑ {money(group.incoming)}</span>}
                {group.outgoing > 0 && <span className="ml-2 text-red-700">↓ {money(group.outgoing)}</span>}
              </span>
            }>
            <ul className="space-y-3">
              {group.transactions.map((transaction) => (
                <TransactionCard key={transaction.id} transaction={transaction} highlighted={highlighted === transaction.id} />
              ))}
            </ul>
          </Card>
        ))
      )}
    </div>
  );
}

function TransactionCard({ transaction, highlighted }: { transaction: TransactionView; highlighted: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const incoming = transaction.paymentDirection === 'IN';
  const rows = shareRows(transaction);
  // A type the office typed that the contract does not know shows as typed, with the "other" icon.
  const knownType = knownPaymentType(transaction.paymentType);
  return (
    <li id={transactionElementId(transaction.id)} className={`rounded-lg border border-slate-200 p-3 ${highlighted ? HIGHLIGHT_RING.teal : ''}`}>
      {/* On a narrow phone the amount goes below a long description rather than squeeze it into a narrow column. */}
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0 flex-[1_1_12rem]">
          <p className="font-semibold break-words text-slate-900">{transaction.description}</p>
          <p className="text-sm text-slate-600">
            {formatDay(transaction.date, locale)} · <span aria-hidden="true">{TYPE_ICONS[knownType ?? 'other']}</span>{' '}
            {knownType ? t(`transactions.type.${knownType}`) : transaction.paymentType}
          </p>
        </div>
        <div className="ml-auto text-right">
          <p className={`font-semibold tabular-nums ${incoming ? 'text-green-700' : 'text-red-700'}`}>
            {incoming ? '+' : '-'}
            {formatMoney(Math.abs(transaction.amount), locale)}
          </p>
          <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${incoming ? 'bg-green-100 text-green-900' : 'bg-red-100 text-red-900'}`}>
            {t(incoming ? 'transactions.in' : 'transactions.out')}
          </span>
        </div>
      </div>
      {rows.length > 0 && (
        // The heading stays outside the <dl>, which may hold only dt/dd groups.
        <div className="mt-2 rounded bg-slate-50 px-2 py-1 text-sm">
          <p className="font-medium text-slate-700">{t('transactions.usedFor')}</p>
          <dl>
            {rows.map((row) => (
              <div key={row.kind} className="flex justify-between">
                <dt className="text-slate-600">{t(`transactions.share.${row.kind}`)}</dt>
                <dd className="tabular-nums">{formatMoney(row.amount, locale)}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </li>
  );
}
