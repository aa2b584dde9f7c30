/**
 * The members table's rows: from the lg breakpoint a table sorted by its headers, below it one
 * card per member (on a phone the seven columns would squeeze the address to a letter a line
 * and cut the columns beside it). Both show the same rows and share one selection.
 */
import { MEMBER_SORTS, type AccountsQuery, type MemberRow, type MemberSort } from '@family-portal/contract';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../i18n/useLocale';
import { Link } from 'react-router-dom';
import { formatAdminDateTime } from '../../../lib/schoolClock';
import { familyViewPath } from '../../../routing/paths';

/**
 * A member without a verified account may be invited (an unverified one may be someone else's:
 * the invitation leads to the password reset); the server still decides (30 days, refused addresses).
 */
export const invitable = (row: MemberRow) => row.account !== 'verified';
export const checkbox = 'size-4 shrink-0';

function SortHeader({ column, query, onChange }: { column: MemberSort } & { query: AccountsQuery; onChange: (next: Partial<AccountsQuery>) => void }) {
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

function LastInvited({ row }: { row: MemberRow }) {
  const locale = useLocale();
  const { t } = useTranslation();
  return <>{row.lastInvitedAt ? formatAdminDateTime(row.lastInvitedAt, locale) : t('admin.accounts.table.never')}</>;
}

function Address({ row }: { row: MemberRow }) {
  const { t } = useTranslation();
  return (
    <>
      {row.email}
      {row.duplicate && <span className="ml-1 rounded bg-amber-100 px-1.5 text-xs whitespace-nowrap text-amber-900">{t('admin.accounts.table.duplicate')}</span>}
    </>
  );
}

function FamilyViewLink({ row }: { row: MemberRow }) {
  const { t } = useTranslation();
  return (
    <Link to={familyViewPath(row.memberId)} className="font-medium whitespace-nowrap text-teal-800 hover:underline" aria-label={t('admin.accounts.table.viewAsFamilyOf', { name: row.name || row.memberId })}>
      {t('admin.accounts.table.viewAsFamily')}
    </Link>
  );
}

export interface Selection {
  rows: MemberRow[];
  selected: ReadonlySet<string>;
  allSelected: boolean;
  selectable: MemberRow[];
  toggle: (ids: string[], on: boolean) => void;
}

function SelectPage({ selection }: { selection: Selection }) {
  const { t } = useTranslation();
  const { selectable, allSelected, toggle } = selection;
  return (
    <input type="checkbox" checked={allSelected} disabled={selectable.length === 0} onChange={(event) => toggle(selectable.map((row) => row.memberId), event.target.checked)}
      aria-label={t('admin.accounts.table.selectPage')} className={checkbox} />
  );
}

function SelectRow({ row, selection }: { row: MemberRow; selection: Selection }) {
  const { t } = useTranslation();
  if (!invitable(row)) return null;
  return (
    <input type="checkbox" checked={selection.selected.has(row.memberId)} onChange={(event) => selection.toggle([row.memberId], event.target.checked)}
      aria-label={t('admin.accounts.table.select', { name: row.name || row.memberId })} className={checkbox} />
  );
}

/** From the lg breakpoint, where its seven columns have room: the table, sorted by its headers. */
export function WideTable({ selection, query, onChange, loading }: { selection: Selection } & { query: AccountsQuery; onChange: (next: Partial<AccountsQuery>) => void; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="relative mt-4 hidden overflow-x-auto lg:block" aria-busy={loading}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('admin.accounts.table.title')}</caption>
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="w-8 py-2 pr-2"><SelectPage selection={selection} /></th>
            {MEMBER_SORTS.map((column) => <SortHeader key={column} column={column} query={query} onChange={onChange} />)}
            <th scope="col" className="py-2 pr-3 font-medium">{t('admin.accounts.column.account')}</th>
            <th scope="col" className="py-2"><span className="sr-only">{t('admin.accounts.table.actions')}</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {selection.rows.map((row) => (
            <tr key={row.memberId}>
              <td className="py-2 pr-2"><SelectRow row={row} selection={selection} /></td>
              <td className="py-2 pr-3 whitespace-nowrap">{row.memberId}</td>
              <td className="py-2 pr-3 font-medium text-slate-900">{row.name}</td>
              <td className="py-2 pr-3 break-words"><Address row={row} /></td>
              <td className="py-2 pr-3 whitespace-nowrap"><LastInvited row={row} /></td>
              <td className="py-2 pr-3">{t(`admin.accounts.account.${row.account}`)}</td>
              <td className="py-2"><FamilyViewLink row={row} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Below the lg breakpoint (a phone, a tablet): one card per member, the address on a line of its own. */
export function MemberCards({ selection, loading }: { selection: Selection } & { loading: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="mt-4 lg:hidden" aria-busy={loading}>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <SelectPage selection={selection} />
        {t('admin.accounts.table.selectPage')}
      </label>
      <ul aria-label={t('admin.accounts.table.title')} className="mt-2 divide-y divide-slate-100 border-t border-slate-100">
        {selection.rows.map((row) => (
          <li key={row.memberId} className="flex gap-3 py-3 text-sm">
            <span className="flex w-4 shrink-0 pt-0.5"><SelectRow row={row} selection={selection} /></span>
            <div className="min-w-0 flex-1 space-y-1">
              <p className="font-medium break-words text-slate-900">
                {row.name} <span className="font-normal whitespace-nowrap text-slate-600">{row.memberId}</span>
              </p>
              <p className="wrap-anywhere text-slate-700"><Address row={row} /></p>
              <dl className="space-y-0.5 text-slate-700">
                <div className="flex flex-wrap gap-x-2">
                  <dt className="text-slate-600">{t('admin.accounts.column.account')}:</dt>
                  <dd>{t(`admin.accounts.account.${row.account}`)}</dd>
                </div>
                <div className="flex flex-wrap gap-x-2">
                  <dt className="text-slate-600">{t('admin.accounts.column.lastInvitedAt')}:</dt>
                  <dd><LastInvited row={row} /></dd>
                </div>
              </dl>
              <p><FamilyViewLink row={row} /></p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
