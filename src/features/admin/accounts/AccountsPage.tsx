/**
 * The office's accounts tab: how many families use the portal, the members table
 * (filtered, sorted and paged on the server, as CSV too), invitations, and the log of family views and CSV downloads.
 * The table's filter, sort and page live in the address, so that coming back from a family's
 * view finds the table as it was left.
 */
import { accountsQuery, type AccountsQuery } from '@family-portal/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { fetchAccounts, fetchAuditLog } from '../../../api/office';
import { LegalLinks } from '../../../components/LegalLinks';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { AdminFrame } from '../AdminFrame';
import { useAsyncResource } from '../useAsyncResource';
import { AuditLog } from './AuditLog';
import { InvitePanel } from './InvitePanel';
import { MembersTable } from './MembersTable';
import { OverviewCards } from './OverviewCards';

/** The query the address gives; anything it does not understand falls back to the defaults. */
function queryOf(params: URLSearchParams): AccountsQuery {
  const parsed = accountsQuery.safeParse(Object.fromEntries(params));
  return parsed.success ? parsed.data : accountsQuery.parse({});
}

const DEFAULTS = accountsQuery.parse({});
const sameQuery = (a: AccountsQuery, b: AccountsQuery) => (Object.keys(DEFAULTS) as Array<keyof AccountsQuery>).every((key) => a[key] === b[key]);
const newestAuditPage = () => fetchAuditLog();

export default function AccountsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.adminAccounts.title'));
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryOf(params), [params]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const load = useCallback(() => fetchAccounts(query), [query]);
  const accounts = useAsyncResource(load);
  const audit = useAsyncResource(newestAuditPage);

  // The router shows a new address in a transition: a change made before it lands (a filter,
  // then a search at once) builds on the one asked for, not on the address still shown.
  const asked = useRef<AccountsQuery | null>(null);
  useEffect(() => {
    if (asked.current && sameQuery(asked.current, query)) asked.current = null;
  }, [query]);

  /** Changes the query; a new filter or sort starts at the first page. */
  const change = (next: Partial<AccountsQuery>) => {
    const merged = { ...(asked.current ?? query), offset: 0, ...next };
    asked.current = merged;
    const kept = Object.entries(merged).filter(([key, value]) => value !== DEFAULTS[key as keyof AccountsQuery]);
    setParams(new URLSearchParams(kept.map(([key, value]) => [key, String(value)])), { replace: true });
  };

  const afterInvitations = () => {
    setSelected(new Set());
    void accounts.reload();
  };

  return (
    <AdminFrame title={t('pages.adminAccounts.title')} subtitle={t('admin.accounts.subtitle')} footer={accounts.settled && <LegalLinks />}>
      <OverviewCards overview={accounts.value?.overview ?? null} loading={accounts.loading} error={accounts.error} onReload={() => void accounts.reload()} />
      <InvitePanel selected={[...selected]} overview={accounts.value?.overview ?? null} onSent={afterInvitations} />
      <MembersTable page={accounts.value} loading={accounts.loading} query={query} onChange={change} selected={selected} onSelect={setSelected} onCsvDownloaded={() => void audit.reload()} />
      {accounts.settled && <AuditLog page={audit.value} loading={audit.loading} error={audit.error} onReload={() => void audit.reload()} />}
    </AdminFrame>
  );
}
