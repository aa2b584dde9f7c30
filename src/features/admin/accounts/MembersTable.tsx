import { MEMBER_SORTS, type AccountsPage, type AccountsQuery, type MemberRow, type MemberSort } from '@family-portal/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { fetchAccountsCsv } from '../../../api/office';
import { apiErrorKey } from '../../../api/errorMessages';
import { Alert } from '../../../components/Alert';
import { Card, EmptyState, Skeleton } from '../../../components/Card';
import { formatAdminDateTime } from '../../../lib/schoolClock';
import { familyViewPath } from '../../../routing/paths';

interface Props {
  page: AccountsPage | null;
  loading: boolean;
  query: AccountsQuery;
  onChange: (next: Partial<AccountsQuery>) => void;
  selected: ReadonlySet<string>;
  onSelect: (selected: ReadonlySet<string>) => void;
}

const ACCOUNT_FILTERS = ['none', 'unverified', 'verified', 'all'] as const;
const control = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm';

/**
 * A member without a verified account may be invited (an unverified one may be someone else's:
 * the invitation leads to the password reset); the server still decides (30 days, refused addresses).
 */
const invitable = (row: MemberRow) => row.account !== 'verified';

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
      <div className="flex flex-col gap-1 text-sm text-slate-700">
        <label htmlFor={`${id}-account`}>{t('admin.accounts.table.account')}</label>
        <select id={`${id}-account`} value={query.account} onChange={(event) => onChange({ account: event.target.value as AccountsQuery['account'] })} className={control}>
          {ACCOUNT_FILTERS.map((filter) => <option key={filter} value={filter}>{t(`admin.accounts.filter.${filter}`)}</option>)}
        </select>
      </div>
      <label className="flex items-center gap-2 py-1.5 text-sm text-slate-700">
        <input type="checkbox" checked={query.notInvited === 'true'} onChange={(event) => onChange({ notInvited: event.target.checked ? 'true' : 'false' })} className="size-4 shrink-0" />
        {t('admin.accounts.table.notInvited')}
      </label>
    </form>
  );
}

function SortHeader({ column, query, onChange }: { column: MemberSort } & Pick<Props, 'query' | 'onChange'>) {
  const { t } = useTranslation();
  const active = query.sort === column;
  const next = active && query.direction === 'asc' ? 'desc' : 'asc';
  return (
    <th scope="col" aria-sort={active ? (query.direction === 'asc' ? 'ascending' : 'descending') : undefined} className="py-2 pr-3 font-medium">
      <button type="button" onClick={() => onChange({ sort: column, direction: next })} className="inline-flex items-center gap-1 hover:underline">
        {t(`admin.accounts.column.${column}`)}
        <span aria-hidden="true">{active ? (query.direction === 'asc' ? '▲' : '▼') : ''}</span>
      </button>
    </th>
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
export function MembersTable({ page, loading, query, onChange, selected, onSelect }: Props) {
  const { t } = useTranslation();
  const [csvError, setCsvError] = useState<string | null>(null);
  const rows = page?.rows ?? [];
  const selectable = rows.filter(invitable);
  const allSelected = selectable.length > 0 && selectable.every((row) => selected.has(row.memberId));
  const toggle = (ids: string[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onSelect(next);
  };
  const download = async () => {
    setCsvError(null);
    try {
      downloadCsv(await fetchAccountsCsv(query));
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
        <div className="relative mt-4 overflow-x-auto" aria-busy={loading}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('admin.accounts.table.title')}</caption>
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="w-8 py-2 pr-2">
                  <input type="checkbox" checked={allSelected} disabled={selectable.length === 0} onChange={(event) => toggle(selectable.map((row) => row.memberId), event.target.checked)}
                    aria-label={t('admin.accounts.table.selectPage')} className="size-4" />
                </th>
                {MEMBER_SORTS.map((column) => <SortHeader key={column} column={column} query={query} onChange={onChange} />)}
                <th scope="col" className="py-2 pr-3 font-medium">{t('admin.accounts.column.account')}</th>
                <th scope="col" className="py-2"><span className="sr-only">{t('admin.accounts.table.actions')}</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.memberId}>
                  <td className="py-2 pr-2">
                    {invitable(row) && (
                      <input type="checkbox" checked={selected.has(row.memberId)} onChange={(event) => toggle([row.memberId], event.target.checked)}
                        aria-label={t('admin.accounts.table.select', { name: row.name || row.memberId })} className="size-4" />
                    )}
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap">{row.memberId}</td>
                  <td className="py-2 pr-3 font-medium text-slate-900">{row.name}</td>
                  <td className="py-2 pr-3 break-all">
                    {row.email}
                    {row.duplicate && <span className="ml-1 rounded bg-amber-100 px-1.5 text-xs text-amber-900">{t('admin.accounts.table.duplicate')}</span>}
                  </td>
                  <td className="py-2 pr-3 whitespace-nowrap">
                    {row.lastInvitedAt ? formatAdminDateTime(row.lastInvitedAt) : t('admin.accounts.table.never')}
                  </td>
                  <td className="py-2 pr-3">{t(`admin.accounts.account.${row.account}`)}</td>
                  <td className="py-2 whitespace-nowrap">
                    <Link to={familyViewPath(row.memberId)} className="font-medium text-teal-800 hover:underline" aria-label={t('admin.accounts.table.viewAsFamilyOf', { name: row.name || row.memberId })}>
                      {t('admin.accounts.table.viewAsFamily')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page && <Pager page={page} onChange={onChange} />}
    </Card>
  );
}
