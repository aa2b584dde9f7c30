import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { queryParams } from '../../routing/paths';
import { HIGHLIGHT_RING, useHighlight } from '../../routing/useHighlight';
import { Card, EmptyState, Skeleton } from '../../components/Card';
import { LoadError } from '../../components/LoadError';
import { useData } from '../../data/DataProvider';
import { formatDay } from '../../lib/schoolClock';
import { bookDeposits, depositCounts, depositSum, depositTitle, filterDeposits, showsCommentSection, type DepositFilter } from '../../domain/deposits';
import { formatMoney } from '../../domain/money';
import { depositStatus } from '../../domain/views';
import { useLocale } from '../../i18n/useLocale';
import type { OtherPayment } from '../../domain/types';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

const FILTERS: DepositFilter[] = ['active', 'returned', 'all'];
export const depositElementId = (id: string) => `deposit-${id}`;

export default function BookDepositsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const data = useData();
  const deposits = bookDeposits(data.otherPayments);
  const highlighted = useHighlight(queryParams.deposit, !data.loading, depositElementId);
  useDocumentTitle(t('pages.bookDeposits.title'));
  // A deep link to a returned deposit shows the list it is in, until the user picks a list.
  const [params] = useSearchParams();
  const linked = params.get(queryParams.deposit);
  const linkedIsReturned = deposits.some((d) => d.id === linked && depositStatus(d) === 'returned');
  const [chosenFilter, setFilter] = useState<DepositFilter | null>(null);
  const filter = chosenFilter ?? (linkedIsReturned ? 'returned' : 'active');

  if (data.loading) return <div role="status" aria-label={t('common.loading')} className="space-y-3"><Skeleton className="h-8 w-56" /><Skeleton className="h-24" /><Skeleton className="h-24" /></div>;
  if (data.error) return <LoadError message={data.error} />;

  const counts = depositCounts(deposits);
  const shown = filterDeposits(deposits, filter);
  const money = (amount: number) => formatMoney(amount, locale);
  // No deposits at all, or none in the chosen list: each with a title and a description.
  const empty = deposits.length === 0 ? 'all' : filter;

  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t('pages.bookDeposits.title')}</h1>
        {data.member && <p className="text-slate-600">{t('deposits.header', { name: data.member.primaryName })}</p>}
      </div>
      <div role="group" aria-label={t('deposits.filterLabel')} className="flex flex-wrap gap-2">
        {FILTERS.map((value) => (
          <button key={value} type="button" aria-pressed={filter === value} onClick={() => setFilter(value)}
            className={`rounded-full border px-3 py-1 text-sm font-medium ${filter === value ? 'border-teal-700 bg-teal-700 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'}`}>
            {t(`deposits.filter.${value}`)} ({counts[value]})
          </button>
        ))}
      </div>
      {shown.length === 0 || deposits.length === 0 ? (
        <Card title={t(`deposits.empty.${empty}.title`)}>
          <EmptyState>{t(`deposits.empty.${empty}.text`)}</EmptyState>
        </Card>
      ) : (
        <Card
          title={t(`deposits.section.${filter}`, { count: shown.length })}
          action={<span className={`font-semibold tabular-nums ${filter === 'returned' ? 'text-blue-700' : 'text-green-700'}`}>{money(depositSum(shown))}</span>}
        >
          <ul className="space-y-3">
            {shown.map((deposit) => {
              const title = depositTitle(deposit, data.children);
              return (
                <li key={deposit.id} id={depositElementId(deposit.id)}
                  className={`rounded-lg border border-slate-200 p-3 transition ${highlighted === deposit.id ? HIGHLIGHT_RING.green : ''}`}>
                  {/* On a narrow phone the amount goes below a long name rather than squeeze it into a narrow column. */}
                  <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                    <div className="min-w-0 flex-[1_1_12rem] break-words">
                      <p className="font-semibold text-slate-900">
                        {title.kind === 'child' ? title.name : title.kind === 'comment' ? title.text : t(title.kind === 'unknownChild' ? 'deposits.unknownChild' : 'deposits.generalDeposit')}
                      </p>
                      <p className="text-sm text-slate-600">{formatDay(deposit.date, locale)}</p>
                    </div>
                    <div className="ml-auto shrink-0 text-right">
                      <p className="font-semibold tabular-nums">{money(deposit.amount)}</p>
                      <DepositBadge deposit={deposit} />
                    </div>
                  </div>
                  {showsCommentSection(deposit) && (
                    <p className="mt-2 rounded bg-slate-50 px-2 py-1 text-sm text-slate-700">
                      <span className="font-medium">{t('deposits.comment')}:</span> {deposit.comment}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        </Card>
      )}
    </div>
  );
}

const BADGE = 'inline-block rounded-full px-2 py-0.5 text-xs font-semibold';

/**
 * Active, returned, or a status outside the office's list: that one in the office's own word on
 * a neutral badge, as it counts under All only (domain/deposits).
 */
function DepositBadge({ deposit }: { deposit: OtherPayment }) {
  const { t } = useTranslation();
  const status = depositStatus(deposit);
  if (status === 'active') return <span className={`${BADGE} bg-green-100 text-green-900`}>{t('deposits.status.active')}</span>;
  if (status === 'returned') return <span className={`${BADGE} bg-blue-100 text-blue-900`}>{t('deposits.status.returned')}</span>;
  return <span className={`${BADGE} bg-slate-100 text-slate-800`}>{deposit.status.trim()}</span>;
}
