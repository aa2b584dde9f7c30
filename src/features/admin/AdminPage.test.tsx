// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncLogInput } from '../../api/adminSync';
import { AuthContext } from '../../auth/AuthProvider';
import i18n from '../../i18n';
import AdminPage from './AdminPage';

vi.mock('../../api/idToken', () => ({ currentIdToken: async () => 'admin-token' }));

const counts = (synced: number, errors = 0, deleted = 0) => ({ synced, errors, deleted, written: synced });
const fullLog: SyncLogInput = {
  syncId: 'S2',
  status: 'success',
  syncType: 'full',
  triggeredBy: 'manual',
  triggeredByEmail: 'admin@example.com',
  startedAt: '2026-11-21T15:05:09.000Z',
  duration: 3449,
  error: null,
  tables: {
    members: counts(60), children: counts(98), payments: counts(1130, 2, 4), otherPayments: counts(75), quarters: counts(8),
    teachers: counts(8), lessons: counts(12), plans: counts(272), roomHours: counts(16),
  },
  rowErrors: [
    { table: 'payments', key: 'P0009-001', reason: 'column "Amount": not a de-DE decimal number: "zwölf"' },
    { table: 'members', key: 'M0007', reason: 'the e-mail address is used by members M0007, M0012; none of them can use the portal until only one row has it' },
  ],
  memberIndex: { indexed: 58, added: 1, removed: 2, duplicates: 1 },
};
const deltaLog: SyncLogInput = { ...fullLog, syncId: 'S1', syncType: 'delta', triggeredBy: 'scheduled', triggeredByEmail: null, startedAt: '2026-11-21T14:30:00.000Z', duration: 125_400, rowErrors: [] };

const syncResult = (syncId: string, syncType: 'full' | 'delta') => ({
  syncId, syncType, status: 'success', totalMembers: 60, totalChildren: 98, duration: 2100, tables: fullLog.tables, error: null, heldBackDeletions: [],
});

type Route = (init: RequestInit) => { status: number; body: unknown };
let routes: Record<string, Route>;
let calls: string[];

function json(status: number, body: unknown) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}


beforeEach(async () => {
  await i18n.changeLanguage('en');
  calls = [];
  routes = {
    getSyncStatus: () => ({ status: 200, body: { data: { latestSync: fullLog } } }),
    getSyncHistory: () => ({ status: 200, body: { data: { logs: [fullLog, deltaLog], limit: 20, offset: 0 } } }),
    triggerDeltaSync: () => ({ status: 200, body: { data: syncResult('S3', 'delta') } }),
    triggerFullSync: () => ({ status: 200, body: { data: syncResult('S4', 'full') } }),
  };
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit) => {
    const name = new URL(url).pathname.split('/').pop() as string;
    calls.push(name);
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer admin-token');
    const { status, body } = routes[name]!(init);
    return json(status, body);
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderPage() {
  render(
    <AuthContext.Provider value={{ user: { uid: 'a', email: 'admin@example.com', emailVerified: true, displayName: 'Irina Schulz', photoURL: null, isAdmin: true }, loading: false, refreshUser: async () => null }}>
      <MemoryRouter>
        <AdminPage />
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

const latestPanel = () => screen.getByRole('region', { name: 'Latest Sync' });
/** The latest run's start, 15:05:09 UTC on 21 November 2026, on the school's clock in each UI language. */
const STARTED = { en: '21 Nov 2026, 16:05:09', de: '21.11.2026, 16:05:09', ru: '21 нояб. 2026 г., 16:05:09' };
const loaded = async () => within(await screen.findByRole('region', { name: 'Latest Sync' })).findByText('21 Nov 2026, 16:05:09');

describe('admin data-sync console', () => {
  it('shows the header with the admin and a Back button', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Data Sync' })).toBeInTheDocument();
    expect(screen.getByText(/synchronisation of the school office's spreadsheet data/)).toBeInTheDocument();
    expect(screen.getByText('Irina Schulz')).toBeInTheDocument();
    expect(screen.getByText('I')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    await loaded();
  });

  it('shows the latest sync with its per-table counts, deletions of a full sync, and who started it', async () => {
    renderPage();
    const panel = await vi.waitFor(() => {
      const region = latestPanel();
      within(region).getByText('Success');
      return region;
    });
    for (const text of ['Full', 'Manual', '3.4 s', '21 Nov 2026, 16:05:09', 'admin@example.com']) expect(within(panel).getByText(text)).toBeInTheDocument();
    const payments = within(panel).getByRole('row', { name: /Payments/ });
    expect(within(payments).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1130', '2', '4']);
    expect(within(panel).getByRole('columnheader', { name: 'Deleted' })).toBeInTheDocument();
    expect(within(panel).getByText(/P0009-001/)).toBeInTheDocument();
    expect(within(panel).getByText(/Members M0007: the e-mail address is used by members M0007, M0012/)).toBeInTheDocument();
    expect(within(panel).getByText('Sign-in access: 58 addresses checked, 1 granted, 2 ended, 1 shared by several members')).toBeInTheDocument();
  });

  it('shows a running delta sync as in progress, without a deleted column, and a failed one with its error', async () => {
    routes.getSyncStatus = () => ({ status: 200, body: { data: { latestSync: { ...deltaLog, status: 'running', duration: null } } } });
    renderPage();
    await within(await screen.findByRole('region', { name: 'Latest Sync' })).findByText('In progress');
    expect(within(latestPanel()).getByText('N/A')).toBeInTheDocument();
    expect(within(latestPanel()).queryByRole('columnheader', { name: 'Deleted' })).not.toBeInTheDocument();
    expect(within(latestPanel()).getByText('Scheduled')).toBeInTheDocument();
  });

  it('lists the recent syncs with details on demand, as a table and as one row per run for a phone', async () => {
    renderPage();
    const history = await screen.findByRole('region', { name: 'Recent Syncs (Last 20)' });
    // Both are in the page; CSS shows the table from the md breakpoint and the rows below it.
    const table = within(await within(history).findByRole('table', { name: 'Recent Syncs (Last 20)' }));
    const phone = within(within(history).getByRole('list', { name: 'Recent Syncs (Last 20)' }));
    const rows = table.getAllByRole('button', { name: 'Details' });
    expect(rows).toHaveLength(2);
    expect(phone.getAllByRole('listitem')).toHaveLength(2);
    expect(table.getByText('2 min 5 s')).toBeInTheDocument();
    expect(phone.getByText(/^Delta · Scheduled · 2 min 5 s$/)).toBeInTheDocument();
    await userEvent.click(rows[1]!);
    expect(rows[1]).toHaveAttribute('aria-expanded', 'true');
    expect(table.getByRole('rowheader', { name: 'Members' })).toBeInTheDocument();
    // The same run opens on the phone's rows, with its counts as a list.
    const phoneButton = phone.getByRole('button', { name: 'Hide details' });
    expect(document.getElementById(phoneButton.getAttribute('aria-controls')!)).toHaveTextContent('Payments');
  });

  it('says when there is no history', async () => {
    routes.getSyncHistory = () => ({ status: 200, body: { data: { logs: [], limit: 20, offset: 0 } } });
    renderPage();
    expect(await screen.findByText('No sync history found')).toBeInTheDocument();
  });

  it('runs a delta sync after confirmation, disables both buttons meanwhile, and reloads both panels a second later', async () => {
    let finish: (() => void) | undefined;
    routes.triggerDeltaSync = () => ({ status: 200, body: { data: syncResult('S3', 'delta') } });
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url).endsWith('/triggerDeltaSync')) await new Promise<void>((resolve) => (finish = resolve));
      return original(url, init);
    });
    renderPage();
    await loaded();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Delta Sync' }));
    expect(screen.getByText('This will fetch only records updated since the last sync. Continue?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls).not.toContain('triggerDeltaSync');

    await user.click(screen.getByRole('button', { name: 'Delta Sync' }));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('button', { name: 'Running Delta Sync...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Full Sync' })).toBeDisabled();
    const before = calls.filter((name) => name === 'getSyncHistory').length;
    await act(async () => finish?.());
    expect(await screen.findByText('Delta sync completed successfully! Synced 60 members and 98 children.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Full Sync' })).toBeEnabled();
    await act(async () => vi.advanceTimersByTime(1000));
    await vi.waitFor(() => expect(calls.filter((name) => name === 'getSyncHistory').length).toBe(before + 1));

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/completed successfully/)).not.toBeInTheDocument();
  });

  it.each([
    ['de', 'Letzter Sync', 'Vollständiger Sync', 'Fortfahren', 'Vollständiger Sync läuft…', 'Vollständiger Sync erfolgreich abgeschlossen! 60 Mitglieder und 98 Kinder synchronisiert.'],
    ['ru', 'Последняя синхронизация', 'Полная синхронизация', 'Продолжить', 'Выполняется полная синхронизация…', 'Полная синхронизация успешно завершена! Синхронизировано членов: 60, детей: 98.'],
  ])('names a running and a finished full sync in whole %s sentences, not with a glued type word', async (language, latestTitle, full, confirm, running, done) => {
    await i18n.changeLanguage(language);
    let finish: (() => void) | undefined;
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url).endsWith('/triggerFullSync')) await new Promise<void>((resolve) => (finish = resolve));
      return original(url, init);
    });
    renderPage();
    // The start of the latest run in the console's language too, not in one fixed locale.
    await within(await screen.findByRole('region', { name: latestTitle })).findByText(STARTED[language as keyof typeof STARTED]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: full }));
    await user.click(screen.getByRole('button', { name: confirm }));
    expect(screen.getByRole('button', { name: running })).toBeDisabled();
    await act(async () => finish?.());
    expect(await screen.findByText(done)).toBeInTheDocument();
  });

  it.each([
    [409, { error: 'sync-already-running', message: 'A full sync (scheduled) has been running since …' }, 'Sync failed: another sync is already running (perhaps the scheduled one). Please try again when it has finished.'],
    [502, { error: 'sync-failed', message: 'The sync finished with errors: children: HTTP 500' }, 'Sync failed: The sync finished with errors. See the sync details.'],
    [500, 'not json', 'Sync failed: The server did not answer in time or could not be reached. Please try again.'],
    [503, {}, 'Sync failed: The server did not answer in time or could not be reached. Please try again.'],
    [200, { data: { syncId: 'S9' } }, 'Sync failed: The server sent an unexpected answer. Please reload the page.'],
  ])('shows a %i answer to a full sync as a clear error', async (status, body, text) => {
    routes.triggerFullSync = () => ({ status, body });
    renderPage();
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: 'Full Sync' }));
    expect(screen.getByText('This will fetch ALL records from AppSheet. This may take a while. Continue?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('shows load failures with a Retry', async () => {
    routes.getSyncStatus = () => ({ status: 500, body: { error: 'internal', message: 'Something went wrong' } });
    routes.getSyncHistory = () => ({ status: 403, body: { error: 'permission-denied', message: 'Admin access required.' } });
    renderPage();
    expect(await screen.findByText('Error loading sync status: Something went wrong on the server. Please try again.')).toBeInTheDocument();
    expect(await screen.findByText('Error loading sync history: You are not allowed to do this.')).toBeInTheDocument();
    routes.getSyncStatus = () => ({ status: 200, body: { data: { latestSync: fullLog } } });
    await userEvent.click(within(latestPanel()).getByRole('button', { name: 'Retry' }));
    expect(await within(latestPanel()).findByText('Success')).toBeInTheDocument();
  });

  it('refreshes the status every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage();
    await loaded();
    const before = calls.filter((name) => name === 'getSyncStatus').length;
    await act(async () => vi.advanceTimersByTime(30_000));
    await vi.waitFor(() => expect(calls.filter((name) => name === 'getSyncStatus').length).toBe(before + 1));
  });

  it('shows a run with warnings with its own badge, and applies held-back deletions only after a confirmation naming table and count', async () => {
    const warned: SyncLogInput = {
      ...fullLog,
      status: 'warning',
      heldBackDeletions: [{ table: 'payments', count: 1129, reason: '1129 deletions held back: more than 56 of 1130 documents of Payments at once' }],
      rowWarnings: [{ table: 'members', key: 'M0005', reason: 'column "Status": "Ausgetreten" is not one of Aktiv, Inaktiv; kept as typed' }],
    };
    routes.getSyncStatus = () => ({ status: 200, body: { data: { latestSync: warned } } });
    let sent: unknown;
    routes.triggerFullSync = (init) => {
      sent = JSON.parse(String(init.body));
      return { status: 200, body: { data: syncResult('S5', 'full') } };
    };
    renderPage();
    const panel = await vi.waitFor(() => {
      const region = latestPanel();
      within(region).getByText('Success with warnings');
      return region;
    });
    expect(within(panel).getByText(/Members M0005: column "Status": "Ausgetreten"/)).toBeInTheDocument();
    const heldBack = within(panel).getByRole('region', { name: 'Deletions held back' });
    expect(within(heldBack).getByText('Payments: 1129 deletions held back')).toBeInTheDocument();
    const user = userEvent.setup();

    await user.click(within(heldBack).getByRole('button', { name: 'Apply the held-back deletions in Payments' }));
    const dialog = screen.getByRole('dialog', { name: 'Apply deletions in Payments' });
    expect(within(dialog).getByText(/Delete 1129 documents of Payments whose rows are no longer in AppSheet\?/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).not.toContain('triggerFullSync');

    await user.click(within(heldBack).getByRole('button', { name: 'Apply the held-back deletions in Payments' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await within(heldBack).findByText('The full sync has run. Check the latest sync for the result.')).toBeInTheDocument();
    expect(sent).toEqual({ applyHeldBackDeletions: { table: 'payments', count: 1129 } });
  });
});
