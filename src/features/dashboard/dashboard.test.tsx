// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../auth/AuthProvider';
import { DataContext, type DataState } from '../../data/DataProvider';
import i18n from '../../i18n';
import { familyFixture } from '../../test/fixtures';
import { BookDepositsCard } from './BookDepositsCard';
import DashboardPage from './DashboardPage';
import { EnrolmentsCard } from './EnrolmentsCard';
import { QuarterCard } from './QuarterCard';
import { RecentTransactionsCard } from './RecentTransactionsCard';

const inRouter = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);
const family = familyFixture();

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.useRealTimers());

describe('recent transactions card', () => {
  it('lists the three newest payments, signed, each linking to its entry', () => {
    inRouter(<RecentTransactionsCard payments={family.payments} />);
    const links = screen.getAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('/transactions?'));
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/transactions?transaction=P3',
      '/transactions?transaction=P2',
      '/transactions?transaction=P4',
    ]);
    expect(within(links[0]!).getByText('-€25.00')).toBeInTheDocument();
    expect(within(links[0]!).getByText(/Refund/)).toBeInTheDocument();
    expect(within(links[1]!).getByText('+€200.00')).toBeInTheDocument();
    expect(within(links[2]!).getByText('No comment')).toBeInTheDocument();
  });

  it('has an empty state', () => {
    inRouter(<RecentTransactionsCard payments={[]} />);
    expect(screen.getByText('No payments yet.')).toBeInTheDocument();
  });
});

describe('book deposits card', () => {
  it('shows up to three newest active book deposits with their titles', () => {
    inRouter(<BookDepositsCard otherPayments={family.otherPayments} childrenOfFamily={family.children} />);
    const links = screen.getAllByRole('link').filter((link) => link.getAttribute('href')?.startsWith('/book-deposits?'));
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/book-deposits?deposit=OP1', '/book-deposits?deposit=OP3', '/book-deposits?deposit=OP4']);
    expect(links.map((link) => link.querySelector('span span')?.textContent)).toEqual(['Mia Müller', 'General deposit', 'Unknown']);
  });

  it('has an empty state', () => {
    inRouter(<BookDepositsCard otherPayments={[]} childrenOfFamily={[]} />);
    const card = screen.getByRole('region', { name: 'Book deposits' });
    expect(within(card).getByText('No active book deposits')).toBeInTheDocument();
    expect(within(card).getByText('No deposit is awaiting return at the moment.')).toBeInTheDocument();
  });
});

describe('quarter and enrolments cards', () => {
  it('opens a month calendar for the first and the last day', async () => {
    inRouter(<QuarterCard quarter={family.quarters[1]!} closedDays={[]} />);
    expect(screen.getByText('2026 Q4')).toBeInTheDocument();
    expect(screen.queryByText('Closed next')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /First day/ }));
    const dialog = screen.getByRole('dialog', { name: 'First day: 1 October 2026' });
    expect(within(dialog).getByText('October 2026')).toBeInTheDocument();
    expect(within(dialog).getByText('1')).toHaveAttribute('aria-current', 'date');
  });

  it('names the next days the school is closed, a holiday with its range', () => {
    const closedDays = [
      { id: 'CD1', firstDay: '2026-12-04', lastDay: '2026-12-04', name: 'Pädagogischer Tag', lessonId: null, roomHourId: null },
      { id: 'CD2', firstDay: '2026-12-21', lastDay: '2027-01-03', name: 'Weihnachtsferien', lessonId: null, roomHourId: null },
    ];
    inRouter(<QuarterCard quarter={family.quarters[1]!} closedDays={closedDays} />);
    const card = screen.getByRole('region', { name: 'Current quarter' });
    expect(within(card).getByText('Closed next')).toBeInTheDocument();
    expect(within(card).getAllByRole('listitem').map((item) => item.textContent?.replace(/\s+/g, ' '))).toEqual(['Pädagogischer Tag, 4 Dec', 'Weihnachtsferien, 21 Dec 2026 – 3 Jan 2027']);
  });

  it("lists this quarter's courses per child", () => {
    inRouter(<EnrolmentsCard quarter={family.quarters[1]!} childrenOfFamily={family.children} plans={family.plans} lessons={family.lessons} />);
    expect(screen.getByRole('link', { name: 'Mathematik – Gruppe A' })).toHaveAttribute('href', '/plans?child=C1&plan=PL1');
    expect(screen.getByRole('link', { name: 'Schach – Anfänger' })).toHaveAttribute('href', '/plans?child=C2&plan=PL2');
    expect(screen.getAllByRole('link', { name: /Schach/ })).toHaveLength(1);
  });

  it('names a course the family cannot read as not available, never by its id', () => {
    inRouter(<EnrolmentsCard quarter={family.quarters[1]!} childrenOfFamily={family.children} plans={family.plans} lessons={family.lessons.filter((l) => l.id !== 'L1')} />);
    expect(screen.getByRole('link', { name: 'Course details not available' })).toHaveAttribute('href', '/plans?child=C1&plan=PL1');
    expect(screen.queryByText('L1')).not.toBeInTheDocument();
  });

  it('says so when the family has no children', () => {
    inRouter(<EnrolmentsCard quarter={null} childrenOfFamily={[]} plans={[]} lessons={[]} />);
    expect(screen.getByText('No children are registered for your family yet.')).toBeInTheDocument();
  });
});

describe('dashboard states', () => {
  const renderDashboard = (state: Partial<DataState>) =>
    render(
      <AuthContext.Provider value={{ user: { uid: 'u', email: 'x@example.com', emailVerified: true, displayName: null, photoURL: null, isAdmin: false }, loading: false, refreshUser: async () => null }}>
        <DataContext.Provider value={familyFixture(state)}>
          <MemoryRouter>
            <DashboardPage />
          </MemoryRouter>
        </DataContext.Provider>
      </AuthContext.Provider>,
    );

  it('shows skeletons while loading', () => {
    renderDashboard({ loading: true });
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
  });

  it('shows the loading-data heading, the message and a Retry that reloads', async () => {
    const reload = vi.fn();
    Object.defineProperty(window, 'location', { value: { ...window.location, reload }, configurable: true });
    renderDashboard({ error: 'Failed to fetch payments' });
    expect(screen.getByRole('alert')).toHaveTextContent('Error loading data');
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch payments');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalled();
  });

  it('shows the whole dashboard for a family', () => {
    renderDashboard({});
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Anna Müller!' })).toBeInTheDocument();
    for (const title of ['Financial status', 'Recent transactions', 'Current quarter', "This quarter's courses", 'Book deposits']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
  });

  it('explains when there is no member for the account', () => {
    renderDashboard({ member: null });
    expect(screen.getByText(/We could not find a membership for x@example.com/)).toBeInTheDocument();
  });
});
