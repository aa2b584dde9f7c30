// @vitest-environment jsdom
import type { AccountsPage as AccountsAnswer, AuditEntry, MemberRow } from '@family-portal/contract';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../../auth/AuthProvider';
import i18n from '../../../i18n';
import AccountsPage from './AccountsPage';

vi.mock('../../../api/idToken', () => ({ currentIdToken: async () => 'admin-token' }));

const row = (memberId: string, account: MemberRow['account'], email = `${memberId.toLowerCase()}@example.com`): MemberRow => ({
  memberId, name: `Family ${memberId}`, email, status: 'active', account, duplicate: false, lastInvitedAt: null, invitations: 0,
});
const accounts: AccountsAnswer = {
  overview: {
    byStatus: { active: 3 },
    active: { verified: 1, unverified: 1, none: 1 },
    duplicates: [],
    mailChoices: { paymentDue: 0, paymentReceived: 0, cancellationConfirmed: 0, bookingDecided: 0, notices: 0, lessonCancelled: 0 },
    invitationsToday: { sent: 0, limit: 500 },
  },
  rows: [row('M1', 'none'), row('M2', 'unverified'), row('M3', 'verified')],
  total: 3,
  offset: 0,
  limit: 50,
};

/** 60 entries, newest first: family views, the newest a CSV download. */
const audit: AuditEntry[] = Array.from({ length: 60 }, (_, n): AuditEntry => {
  const at = new Date(Date.UTC(2026, 10, 27, 12, 0) - n * 60_000).toISOString();
  return n === 0
    ? { kind: 'accountsCsv', id: 'A0', adminEmail: 'office@example.com', at, rows: 57 }
    : { kind: 'familyView', id: `A${n}`, adminEmail: 'office@example.com', at, memberId: `M${n}`, memberName: `Family ${n}` };
});

let calls: string[];

beforeEach(async () => {
  await i18n.changeLanguage('en');
  calls = [];
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    const { pathname, searchParams } = new URL(url);
    const name = pathname.split('/').pop()!;
    calls.push(`${name}${searchParams.size ? `?${searchParams}` : ''}`);
    if (name === 'getAccounts') return Response.json({ data: accounts });
    if (name === 'getAdminAudit') {
      const after = searchParams.get('after');
      const start = after ? audit.findIndex((entry) => entry.id === after) + 1 : 0;
      const entries = audit.slice(start, start + 50);
      return Response.json({ data: { entries, next: start + 50 < audit.length ? entries.at(-1)!.id : null } });
    }
    throw new Error(`unexpected call ${name}`);
  }));
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  render(
    <AuthContext.Provider value={{ user: { uid: 'a', email: 'office@example.com', emailVerified: true, displayName: null, photoURL: null, isAdmin: true }, loading: false, refreshUser: async () => null }}>
      <MemoryRouter initialEntries={['/admin/accounts']}>
        <AccountsPage />
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

describe("the office's accounts tab", () => {
  it('lets the office invite a member whose address has an unverified account, and says so, as a table and as cards for a phone', async () => {
    renderPage();
    const members = await screen.findByRole('region', { name: 'Members' });
    // Both are in the page; CSS shows the table from the lg breakpoint and the cards below it.
    const table = within(await within(members).findByRole('table', { name: 'Members' }));
    const cards = within(within(members).getByRole('list', { name: 'Members' }));
    for (const view of [table, cards]) {
      expect(view.getByRole('checkbox', { name: 'Select Family M1' })).toBeInTheDocument();
      expect(view.getByRole('checkbox', { name: 'Select Family M2' })).toBeInTheDocument();
      expect(view.queryByRole('checkbox', { name: 'Select Family M3' })).not.toBeInTheDocument();
      expect(view.getAllByText('Unverified account')).toHaveLength(1);
    }
    expect(cards.getAllByRole('listitem')).toHaveLength(3);
    expect(within(cards.getAllByRole('listitem')[1]!).getByText('m2@example.com')).toBeInTheDocument();

    await userEvent.click(cards.getByRole('checkbox', { name: 'Select Family M2' }));
    expect(table.getByRole('checkbox', { name: 'Select Family M2' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Invite 1 selected member' })).toBeEnabled();
  });

  it('sorts the cards with a select, as the table does with its headers', async () => {
    renderPage();
    const sort = await screen.findByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveDisplayValue('Member ID, ascending');
    await userEvent.selectOptions(sort, 'E-mail, descending');
    await vi.waitFor(() => expect(calls.filter((call) => call.startsWith('getAccounts?')).at(-1)).toMatch(/[?&]sort=email&direction=desc&/));
    expect(sort).toHaveDisplayValue('E-mail, descending');
  });

  it('keeps a filter chosen just before a search, while the address has not caught up yet', async () => {
    renderPage();
    const search = await screen.findByRole('searchbox', { name: 'Search' });
    fireEvent.change(search, { target: { value: 'm2@' } });
    // Both in one go, before the page shows the first: the search builds on the filter.
    act(() => {
      fireEvent.change(screen.getByRole('combobox', { name: 'Portal account' }), { target: { value: 'all' } });
      fireEvent.submit(search.closest('form')!);
    });
    await vi.waitFor(() => expect(calls.filter((call) => call.startsWith('getAccounts?')).at(-1)).toMatch(/^getAccounts\?account=all&search=m2%40&/));
    expect(screen.getByRole('combobox', { name: 'Portal account' })).toHaveDisplayValue('All members');
  });

  it('shows CSV downloads in the audit log and pages beyond the newest 50', async () => {
    renderPage();
    const log = await screen.findByRole('region', { name: 'Audit log: family views, downloads, notices and waiting lists' });
    const table = within(await within(log).findByRole('table'));
    expect(table.getAllByRole('row')).toHaveLength(51);
    expect(table.getByRole('row', { name: /Members list as CSV \(57 members\)/ })).toBeInTheDocument();
    expect(table.queryByText('Family 50')).not.toBeInTheDocument();

    await userEvent.click(within(log).getByRole('button', { name: 'Show older entries' }));
    expect(await table.findByRole('link', { name: 'Family 59' })).toBeInTheDocument();
    expect(table.getAllByRole('row')).toHaveLength(61);
    expect(calls).toContain('getAdminAudit?after=A49');
    // The last page: nothing older.
    expect(within(log).queryByRole('button', { name: 'Show older entries' })).not.toBeInTheDocument();
    expect(within(within(log).getByRole('list')).getAllByRole('listitem')).toHaveLength(60);
  });
});
