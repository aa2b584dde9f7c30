// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../auth/AuthProvider';
import { DataContext, type DataState } from '../data/DataProvider';
import i18n from '../i18n';
import { familyFixture } from '../test/fixtures';
import BookDepositsPage from './book-deposits/BookDepositsPage';
import DashboardPage from './dashboard/DashboardPage';
import PlansPage from './plans/PlansPage';
import TransactionsPage from './transactions/TransactionsPage';

function renderPage(page: React.ReactNode, path = '/', state: Partial<DataState> = {}) {
  return render(
    <DataContext.Provider value={familyFixture(state)}>
      <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
    </DataContext.Provider>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe('book deposits page', () => {
  it('shows active deposits by default with the count, the sum and the titles', () => {
    renderPage(<BookDepositsPage />);
    expect(screen.getByText('Book deposits of Anna Müller')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Active (3)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('heading', { name: '3 deposits awaiting return' })).toBeInTheDocument();
    expect(screen.getByText('€95.00')).toBeInTheDocument();
    expect(screen.getByText('Mia Müller')).toBeInTheDocument();
    expect(screen.getByText('General deposit')).toBeInTheDocument();
    expect(screen.getByText('Unknown')).toBeInTheDocument();
    expect(screen.getByText('Lesebuch')).toBeInTheDocument();
    expect(screen.queryByText('Zoo')).not.toBeInTheDocument();
  });

  it('switches to returned and all, with empty states', async () => {
    renderPage(<BookDepositsPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Returned (1)' }));
    expect(screen.getByRole('heading', { name: '1 deposit refunded' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'All (4)' }));
    expect(screen.getByRole('heading', { name: '4 deposits' })).toBeInTheDocument();
  });

  it('says when there are no deposits at all, with a title and a description', () => {
    renderPage(<BookDepositsPage />, '/', { otherPayments: [] });
    const empty = screen.getByRole('region', { name: 'No book deposits' });
    expect(within(empty).getByText("Deposits you pay for your children's school books will appear here.")).toBeInTheDocument();
  });

  it('says when no deposit is active or none is returned, each with a title and a description', async () => {
    const deposits = familyFixture().otherPayments;
    renderPage(<BookDepositsPage />, '/', { otherPayments: deposits.filter((d) => d.status === 'returned') });
    expect(within(screen.getByRole('region', { name: 'No active book deposits' })).getByText('No deposit is awaiting return at the moment.')).toBeInTheDocument();
    cleanup();
    renderPage(<BookDepositsPage />, '/', { otherPayments: deposits.filter((d) => d.status === 'active') });
    await userEvent.click(screen.getByRole('button', { name: 'Returned (0)' }));
    expect(within(screen.getByRole('region', { name: 'No refunded deposits' })).getByText('Deposits will appear here once they have been refunded.')).toBeInTheDocument();
  });

  it("shows a status outside the office's list in the office's word on a neutral badge, under All only", async () => {
    const otherPayments = [...familyFixture().otherPayments, { id: 'OP9', memberId: 'M0001', type: 'Bücherkaution', status: 'Verloren', date: '2026-10-05', amount: 15, childId: 'C1', comment: null }];
    renderPage(<BookDepositsPage />, '/', { otherPayments });
    expect(screen.getByRole('button', { name: 'Active (3)' })).toBeInTheDocument();
    expect(screen.queryByText('Verloren')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Returned (1)' }));
    expect(screen.queryByText('Verloren')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'All (5)' }));
    const badge = screen.getByText('Verloren');
    expect(badge.className).toContain('bg-slate-100');
    expect(within(document.getElementById('deposit-OP9')!).queryByText('Active')).not.toBeInTheDocument();
  });

  it('highlights a deep-linked deposit after 100 ms for 2 s', async () => {
    vi.useFakeTimers();
    renderPage(<BookDepositsPage />, '/book-deposits?deposit=OP3');
    const entry = document.getElementById('deposit-OP3')!;
    expect(entry.className).not.toContain('ring-4');
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(entry.className).toContain('ring-green-500');
    expect(entry.scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'center' });
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(entry.className).not.toContain('ring-4');
  });
});

describe('transactions page', () => {
  it('groups the current year by month with counts and totals, and shows used-for rows above 0.01', () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-21T10:00:00Z') });
    renderPage(<TransactionsPage />);
    expect(screen.getByRole('button', { name: /^2026/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('(current)')).toBeInTheDocument();
    const october = screen.getByRole('region', { name: 'October 2026' });
    expect(within(october).getByText('1 transaction')).toBeInTheDocument();
    expect(within(october).getByText('↓ €25.00')).toBeInTheDocument();
    expect(within(october).getByText('-€25.00')).toBeInTheDocument();
    const months = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(months.filter((name) => name?.endsWith('2026'))).toEqual(['October 2026', 'September 2026', 'June 2026', 'January 2026']);
    const september = screen.getByRole('region', { name: 'September 2026' });
    expect(within(september).getByText('Used for')).toBeInTheDocument();
    expect(within(september).getByText('Courses')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View transactions' })).not.toBeInTheDocument();
  });

  it("shows a payment type the office typed outside the list as typed, with the 'other' icon", () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-21T10:00:00Z') });
    const payments = familyFixture().payments.map((payment) => (payment.id === 'P2' ? { ...payment, type: 'PayPal' } : payment));
    renderPage(<TransactionsPage />, '/', { payments });
    const september = screen.getByRole('region', { name: 'September 2026' });
    expect(within(september).getByText(/PayPal/)).toHaveTextContent('🧾 PayPal');
    expect(within(september).queryByText(/transactions\.type/)).not.toBeInTheDocument();
  });

  it("preselects the school's current year, not the device's", () => {
    // 23:30 on New Year's Eve in UTC is already 2027 in Berlin, the school's zone in the tests,
    // and still 2026 on a device in New York.
    vi.stubEnv('TZ', 'America/New_York');
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-12-31T23:30:00Z') });
    const payments = [...familyFixture().payments, { ...familyFixture().payments[0]!, id: 'P9', date: '2027-01-01' }];
    renderPage(<TransactionsPage />, '/', { payments });
    expect(screen.getByRole('button', { name: /^2027/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /^2026/ })).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows an empty state without payments', async () => {
    renderPage(<TransactionsPage />, '/', { payments: [] });
    expect(screen.getByText('No transactions')).toBeInTheDocument();
  });
});

describe('plans page', () => {
  it('shows the first quarter tab, plans per child with cost, state and times', () => {
    renderPage(<PlansPage />);
    expect(screen.getByRole('button', { name: '2026 Q4' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'All quarters' })).toBeInTheDocument();
    const quarter = screen.getByRole('region', { name: '2026 Q4' });
    const mia = within(quarter).getByRole('region', { name: 'Mia Müller, 2026 Q4' });
    expect(within(mia).getAllByText('Mathematik – Gruppe A')).toHaveLength(2);
    expect(within(mia).getByText('Teacher: Olga Iwanow')).toBeInTheDocument();
    expect(within(mia).getAllByText('15:40-16:25')).toHaveLength(2);
    const week = within(mia).getByRole('table', { name: 'Lessons by weekday' });
    expect(within(week).getByRole('rowheader', { name: 'Mon 15:40-16:25' })).toBeInTheDocument();
    expect(within(mia).getByRole('list', { name: 'Times and rooms' })).toHaveTextContent('Mon 15:40-16:25Raum 101');
    expect(within(mia).getByText('12 weeks')).toBeInTheDocument();
    expect(within(mia).getByText('€180.00')).toBeInTheDocument();
    expect(within(mia).getByText('Payment required: €180.00')).toBeInTheDocument();
  });

  it("names the weekdays in the reader's language", async () => {
    await i18n.changeLanguage('ru');
    renderPage(<PlansPage />, '/plans');
    const mia = screen.getByRole('region', { name: 'Mia Müller, 2026 Q4' });
    expect(within(mia).getByRole('rowheader', { name: 'Пн 15:40-16:25' })).toBeInTheDocument();
    expect(within(mia).getByRole('list', { name: 'Время и кабинеты' })).toHaveTextContent(/^Пн 15:40-16:25/);
    expect(within(mia).queryByText('Mo.')).not.toBeInTheDocument();
  });

  it("says a plan's course cannot be shown, with the plan's own paid and balance figures", () => {
    const plans = familyFixture().plans.map((plan) => (plan.id === 'PL1' ? { ...plan, lessonId: 'GONE', paid: 60, balance: -120 } : plan));
    renderPage(<PlansPage />, '/plans', { plans });
    const card = document.getElementById('plan-PL1')!;
    expect(within(card).getByRole('note')).toHaveTextContent('Course details not availablePlease contact the school office.');
    expect(within(card).queryByText('GONE')).not.toBeInTheDocument();
    expect(within(card).getByText('Paid').nextSibling).toHaveTextContent('€60.00');
    expect(within(card).getByText('Balance').nextSibling).toHaveTextContent('-€120.00');
    expect(within(card).getByText('Amount due: €120.00')).toBeInTheDocument();
    // No cost and no progress made up from a course that is not there.
    expect(within(card).queryByText('Cost')).not.toBeInTheDocument();
    expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument();
    const week = within(screen.getByRole('region', { name: 'Mia Müller, 2026 Q4' })).getByRole('table', { name: 'Lessons by weekday' });
    expect(within(week).getByText('Course details not available')).toBeInTheDocument();
  });

  it('filters by the child of the link, and clears the filter', async () => {
    renderPage(<PlansPage />, '/plans?child=C2');
    expect(screen.queryByRole('region', { name: 'Mia Müller, 2026 Q4' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Leon Müller, 2026 Q4' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('region', { name: 'Mia Müller, 2026 Q4' })).toBeInTheDocument();
  });

  it("opens a linked plan's quarter and highlights it", () => {
    vi.useFakeTimers();
    renderPage(<PlansPage />, '/plans?plan=PL3');
    expect(screen.getByRole('region', { name: '2026 Q3' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(document.getElementById('plan-PL3')!.className).toContain('ring-4');
  });

  it("opens a cancelled lesson's link (a push's) at the family's course of it in the quarter of that date", () => {
    vi.useFakeTimers();
    // L2 is a course of two quarters' plans: PL2 in Q4, PL3 in Q3.
    renderPage(<PlansPage />, '/plans?lesson=L2&cancelled=2026-08-20');
    expect(screen.getByRole('region', { name: '2026 Q3' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(document.getElementById('plan-PL3')!.className).toContain('ring-4');
  });
});

describe('current quarter: the dashboard and the plans page pick the same one', () => {
  const user = { uid: 'u', email: 'anna.mueller@example.com', emailVerified: true, displayName: null, photoURL: null, isAdmin: false };
  const q3 = { id: 'Q3', name: '2026 Q3', firstDay: '2026-07-01', lastDay: '2026-09-30' };
  const q4 = { id: 'Q4', name: '2026 Q4', firstDay: '2026-10-01', lastDay: '2026-12-31' };

  function shownQuarters(quarters: DataState['quarters']) {
    const dashboard = render(
      <AuthContext.Provider value={{ user, loading: false, refreshUser: async () => null }}>
        <DataContext.Provider value={familyFixture({ quarters })}>
          <MemoryRouter><DashboardPage /></MemoryRouter>
        </DataContext.Provider>
      </AuthContext.Provider>,
    );
    const onDashboard = within(screen.getByRole('region', { name: 'Current quarter' })).getByText(/^2026 Q/).textContent;
    dashboard.unmount();
    renderPage(<PlansPage />, '/plans', { quarters });
    const onPlans = screen.getAllByRole('button', { pressed: true }).map((button) => button.textContent);
    return { onDashboard, onPlans };
  }

  it('takes the active quarter that contains today over another active one', () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-08-15T10:00:00Z') });
    expect(shownQuarters([{ ...q4, status: 'active' }, { ...q3, status: 'active' }])).toEqual({ onDashboard: '2026 Q3', onPlans: ['2026 Q3'] });
  });

  it('takes the quarter that contains today when none is marked active', () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-08-15T10:00:00Z') });
    expect(shownQuarters([{ ...q3, status: 'closed' }, { ...q4, status: 'planned' }])).toEqual({ onDashboard: '2026 Q3', onPlans: ['2026 Q3'] });
  });
});
