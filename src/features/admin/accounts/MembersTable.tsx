import { MEMBER_SORTS, type AccountsPage, type AccountsQuery, type MemberSort } from '@family-portal/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAccountsCsv } from '../../../api/office';
import { apiErrorKey } from '../../../api/errorMessages';
import { Alert } from '../../../components/Alert';
import { Card, EmptyState, Skeleton } from '../../../components/Card';
import { checkbox, invitable, MemberCards, WideTable, type Selection } from './MemberRows';

interface Props {
  page: AccountsPage | null;
  loading: boolean;
  query: AccountsQuery;
  onChange: (next: Partial<AccountsQuery>) => void;
  selected: ReadonlySet<string>;
  onSelect: (selected: ReadonlySet<string>) => void;
  /** After a CSV download: the audit log has a new entry. */
  onCsvDownloaded?: () => void;
}

const ACCOUNT_FILTERS = ['none', 'unverified', 'verified', 'all'] as const;
const control = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm';

function downloadCsv(csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: `members-${new Date().toISOString().slice(0, 10)}.csv` });
  link.click();
  URL.revokeObjectURL(url);
}

function Filters({ query, onChange }: Pick<Props, 'query' | 'onChange'>) {
  const { t } = useTranslation();
  const id = useId();
  const [search, setSearch] = useState(query.search);
  return (
    <form className="flex flex-wrap items-end gap-3" role="search" onSubmit={(event) => { event.preventDefault(); onChange({ search }); }}>
      {/* On a phone the field takes the row's width beside its button; a fixed width would stick out. */}
      <div className="flex w-full flex-col gap-1 text-sm text-slate-700 sm:w-auto">
        <label htmlFor={`${id}-search`}>{t('admin.accounts.table.search')}</label>
        <span className="flex gap-2">
          <input id={`${id}-search`} type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder={t('admin.accounts.table.searchPlaceholder')} className={`${control} min-w-0 flex-1 sm:w-56 sm:flex-none`} maxLength={100} />
          <button type="submit" className="rounded-md border border-teal-700 px-3 py-1.5 text-sm font-medium text-teal-800 hover:bg-teal-50">{t('admin.accounts.table.find')}</button>
        </span>
      </div>
      {/* On a phone the selects take the row: as wide as their longest option, they would stick out. */}
      <div className="flex w-full flex-col gap-1 text-sm text-slate-700 sm:w-auto">
        <label htmlFor={`${id}-account`}>{t('admin.accounts.table.account')}</label>
        <select id={`${id}-account`} value={query.account} onChange={(event) => onChange({ account: event.target.value as AccountsQuery['account'] })} className={`${control} w-full sm:w-auto`}>
          {ACCOUNT_FILTERS.map((filter) => <option key={filter} value={filter}>{t(`admin.accounts.filter.${filter}`)}</option>)}
        </select>
      </div>
      <label className="flex items-center gap-2 py-1.5 text-sm text-slate-700">
        <input type="checkbox" checked={query.notInvited === 'true'} onChange={(event) => onChange({ notInvited: event.target.checked ? 'true' : 'false' })} className={checkbox} />
        {t('admin.accounts.table.notInvited')}
      </label>
      {/* The cards below the wide layout have no column headers to sort by. */}
      <div className="flex w-full flex-col gap-1 text-sm text-slate-700 sm:w-auto lg:hidden">
        <label htmlFor={`${id}-sort`}>{t('admin.accounts.table.sortBy')}</label>
        <select id={`${id}-sort`} value={`${query.sort} ${query.direction}`} className={`${control} w-full sm:w-auto`}
          onChange={(event) => {
            const [sort, direction] = event.target.value.split(' ') as [MemberSort, AccountsQuery['direction']];
            onChange({ sort, direction });
          }}>
          {MEMBER_SORTS.flatMap((column) => (['asc', 'desc'] as const).map((direction) => (
            <option key={`${column} ${direction}`} value={`${column} ${direction}`}>
              {t('admin.accounts.table.sortOption', { column: t(`admin.accounts.column.${column}`), order: t(`admin.accounts.table.order.${direction}`) })}
            </option>
          )))}
        </select>
      </div>
    </form>
  );
}

function Pager({ page, onChange }: { page: AccountsPage; onChange: Props['onChange'] }) {
  const { t } = useTranslation();
  const from = page.total === 0 ? 0 : page.offset + 1;
  const to = Math.min(page.offset + page.limit, page.total);
  return (
    <nav aria-label={t('admin.accounts.table.pages')} className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
      <span className="text-slate-600">{t('admin.accounts.table.range', { from, to, total: page.total })}</span>
      <span className="flex gap-2">
        <button type="button" disabled={page.offset === 0} onClick={() => onChange({ offset: Math.max(0, page.offset - page.limit) })} className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50 disabled:opacity-50">
          {t('admin.accounts.table.previous')}
        </button>
        <button type="button" disabled={to >= page.total} onClick={() => onChange({ offset: page.offset + page.limit })} className="rounded-md border border-slate-300 px-3 py-1.5 hover:bg-slate-50 disabled:opacity-50">
          {t('admin.accounts.table.next')}
        </button>
      </span>
    </nav>
  );
}

/** The members table: filter, sort, page, select for invitations, CSV, and each family's view. */
export function MembersTable({ page, loading, query, onChange, selected, onSelect, onCsvDownloaded }: Props) {
  const { t } = useTranslation();
  const [csvError, setCsvError] = useState<string | null>(null);
  const rows = page?.rows ?? [];
  const selectable = rows.filter(invitable);
  const toggle = (ids: string[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onSelect(next);
  };
  const selection: Selection = { rows, selected, selectable, toggle, allSelected: selectable.length > 0 && selectable.every((row) => selected.has(row.memberId)) };
  const download = async () => {
    setCsvError(null);
    try {
      downloadCsv(await fetchAccountsCsv(query));
      onCsvDownloaded?.();
    } catch (error) {
      setCsvError(t('admin.accounts.table.csvFailed', { message: t(apiErrorKey(error)) }));
    }
  };

  return (
    <Card title={t('admin.accounts.table.title')} action={
      <button type="button" onClick={() => void download()} className="rounded-md border border-teal-700 px-3 py-1 text-sm font-medium text-teal-800 hover:bg-teal-50">{t('admin.accounts.table.csv')}</button>
    }>
      <Filters key={query.search} query={query} onChange={onChange} />
      {csvError && <div className="mt-3"><Alert tone="error">{csvError}</Alert></div>}
      {!page ? (
        <div className="mt-4 space-y-2" aria-hidden="true"><Skeleton /><Skeleton /><Skeleton /></div>
      ) : rows.length === 0 ? (
        <div className="mt-4"><EmptyState>{t('admin.accounts.table.empty')}</EmptyState></div>
      ) : (
        <>
          <WideTable selection={selection} query={query} onChange={onChange} loading={loading} />
          <MemberCards selection={selection} loading={loading} />
        </>
      )}
      {page && <Pager page={page} onChange={onChange} />}
    </Card>
  );
}
