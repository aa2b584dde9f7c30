/**
 * The office's members table, pure: each member with its portal account, whether the
 * index refuses its address, and its invitations; the counts above the table; filter, sort and
 * page; the CSV. The reads are in school.ts.
 */
import { isActiveMember, type AccountsOverview, type AccountsQuery, type AccountState, type MemberRow } from '@family-portal/contract';
import { stringify } from 'csv-stringify/sync';

export interface StoredMember {
  memberId: string;
  name: string;
  email: string;
  status: string;
}

/** An Auth account as the overview needs it, by lower-cased address. */
export interface AccountFacts {
  verified: boolean;
}

export interface InvitationFacts {
  lastSentAt: string;
  count: number;
}

export interface School {
  members: StoredMember[];
  accounts: ReadonlyMap<string, AccountFacts>;
  /** Lower-cased addresses more than one member gives, with those members. */
  duplicates: ReadonlyMap<string, string[]>;
  invitations: ReadonlyMap<string, InvitationFacts>;
}

const accountOf = (account: AccountFacts | undefined): AccountState => (account ? (account.verified ? 'verified' : 'unverified') : 'none');

export function memberRows(school: School): MemberRow[] {
  return school.members.map((member) => {
    const address = member.email.trim().toLowerCase();
    const invitation = school.invitations.get(member.memberId);
    return {
      ...member,
      account: accountOf(school.accounts.get(address)),
      duplicate: school.duplicates.has(address),
      lastInvitedAt: invitation?.lastSentAt ?? null,
      invitations: invitation?.count ?? 0,
    };
  });
}

export function overviewOf(school: School, rows: readonly MemberRow[]): Omit<AccountsOverview, 'mailChoices' | 'invitationsToday'> {
  const byStatus: Record<string, number> = {};
  const active = { verified: 0, unverified: 0, none: 0 };
  for (const row of rows) {
    byStatus[row.status] = (byStatus[row.status] ?? 0) + 1;
    if (isActiveMember(row)) active[row.account] += 1;
  }
  const duplicates = [...school.duplicates].map(([email, memberIds]) => ({ email, memberIds: [...memberIds].sort() })).sort((a, b) => a.email.localeCompare(b.email));
  return { byStatus, active, duplicates };
}

const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });

const SORT_KEYS: Record<AccountsQuery['sort'], (row: MemberRow) => string> = {
  memberId: (row) => row.memberId,
  name: (row) => row.name,
  email: (row) => row.email,
  // Never invited sorts first in ascending order: the ones to invite.
  lastInvitedAt: (row) => row.lastInvitedAt ?? '',
};

/** For a search: no case and no accents, so that "omer" and "YILMAZ" find "Ömer Yılmaz". */
const folded = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/ı/g, 'i');

/** The rows the filter keeps, in the asked order (ties by member id, so pages never overlap). */
export function filteredRows(rows: readonly MemberRow[], query: Pick<AccountsQuery, 'account' | 'search' | 'notInvited' | 'sort' | 'direction'>): MemberRow[] {
  const needle = folded(query.search);
  const key = SORT_KEYS[query.sort];
  const sign = query.direction === 'asc' ? 1 : -1;
  return rows
    .filter((row) => query.account === 'all' || row.account === query.account)
    .filter((row) => query.notInvited === 'false' || row.lastInvitedAt === null)
    .filter((row) => !needle || [row.memberId, row.name, row.email].some((value) => folded(value).includes(needle)))
    .sort((a, b) => sign * collator.compare(key(a), key(b)) || collator.compare(a.memberId, b.memberId));
}

export function pageOf(rows: readonly MemberRow[], query: AccountsQuery) {
  const kept = filteredRows(rows, query);
  return { rows: kept.slice(query.offset, query.offset + query.limit), total: kept.length, offset: query.offset, limit: query.limit };
}

/**
 * A spreadsheet opens a cell that starts with one of these as a formula; the office's data is
 * typed by people, so such a cell gets a leading apostrophe (OWASP's advice on CSV injection).
 */
const asText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

export function csvOf(rows: readonly MemberRow[]): string {
  return stringify(
    rows.map((row) => [row.memberId, row.name, row.email, row.status, row.account, row.duplicate ? 'yes' : 'no', row.lastInvitedAt ?? '', String(row.invitations)].map(asText)),
    { header: true, columns: ['Member ID', 'Name', 'E-mail', 'Status', 'Portal account', 'Duplicate address', 'Last invitation', 'Invitations'], record_delimiter: 'windows' },
  );
}
