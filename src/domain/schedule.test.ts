import { describe, expect, it } from 'vitest';
import { currentQuarter, hourLabel, quarterTabs, sortRoomHours, WEEKDAYS, weekdayName } from './schedule';
import { groupByMonth, initialYear, shareRows, transactionsOfYear, yearPills } from './transactions';
import type { Quarter } from './types';
import type { TransactionView } from './views';

const quarter = (id: string, name: string, status = 'closed'): Quarter => ({ id, name, status, firstDay: '2026-01-01', lastDay: '2026-03-31' });

describe('quarter tabs', () => {
  it('puts the active quarter first, then names descending; two tabs, the rest under More', () => {
    const { tabs, more } = quarterTabs([quarter('a', '2025 Q4'), quarter('b', '2026 Q3'), quarter('c', '2026 Q4', 'active'), quarter('d', '2027 Q1', 'planned'), quarter('e', '2026 Q1')]);
    expect(tabs.map((q) => q.name)).toEqual(['2026 Q4', '2027 Q1']);
    expect(more.map((q) => q.name)).toEqual(['2026 Q3', '2026 Q1', '2025 Q4']);
  });
});

describe('current quarter (one rule for the dashboard and the plans page)', () => {
  const q = (id: string, name: string, status: string, firstDay: string, lastDay: string): Quarter => ({ id, name, status, firstDay, lastDay });
  const q3 = (status = 'closed') => q('q3', '2026 Q3', status, '2026-07-01', '2026-09-30');
  const q4 = (status = 'planned') => q('q4', '2026 Q4', status, '2026-10-01', '2026-12-31');

  it('takes the active quarter that contains today, even when another one is active too', () => {
    expect(currentQuarter([q3('active'), q4('active')], '2026-08-15')?.id).toBe('q3');
    expect(currentQuarter([q4('active'), q3('active')], '2026-08-15')?.id).toBe('q3');
    expect(currentQuarter([q3('active'), q4('active')], '2026-10-01')?.id).toBe('q4');
  });

  it("else the active quarter (the office's marking, e.g. in the holidays), first in tab order", () => {
    expect(currentQuarter([q3(), q4('active')], '2026-08-15')?.id).toBe('q4');
    expect(currentQuarter([q3('active'), q4('active')], '2027-01-05')?.id).toBe('q4');
  });

  it('else the quarter that contains today, else none', () => {
    expect(currentQuarter([q3(), q4()], '2026-08-15')?.id).toBe('q3');
    expect(currentQuarter([q4(), q3()], '2026-12-31')?.id).toBe('q4');
    expect(currentQuarter([q3(), q4()], '2027-02-01')).toBeNull();
    expect(currentQuarter([], '2027-02-01')).toBeNull();
  });
});

describe('lesson times', () => {
  it('sorts Mo. to So., then by the leading number of the hour label', () => {
    const sorted = sortRoomHours([
      { dayOfWeek: 'Mi.', hourRefLabel: '2 - 14:50' },
      { dayOfWeek: 'Mo.', hourRefLabel: '10 - 21:00' },
      { dayOfWeek: 'So.', hourRefLabel: '1 - 14:00' },
      { dayOfWeek: 'Mo.', hourRefLabel: '9 - 20:10' },
    ]);
    expect(sorted.map((r) => `${r.dayOfWeek} ${r.hourRefLabel}`)).toEqual(['Mo. 9 - 20:10', 'Mo. 10 - 21:00', 'Mi. 2 - 14:50', 'So. 1 - 14:00']);
  });

  it("names the office's weekdays in the reader's language, Monday to Sunday", () => {
    expect(WEEKDAYS.map((day) => weekdayName(day, 'en-GB'))).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    // CLDR versions differ on the German dot ("Di" or "Di.").
    expect(WEEKDAYS.map((day) => weekdayName(day, 'de-DE').replace('.', ''))).toEqual(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);
    expect(WEEKDAYS.map((day) => weekdayName(day, 'ru-RU'))).toEqual(['Пн', 'Вт', 'Ср', 'Чт', 'Пт', 'Сб', 'Вс']);
  });

  it('shows a weekday outside the list as the office typed it', () => {
    expect(weekdayName('Montag', 'en-GB')).toBe('Montag');
  });

  it('strips the leading code for display', () => {
    expect(hourLabel('3 - 15:40-16:25')).toBe('15:40-16:25');
    expect(hourLabel('12) 9:00')).toBe('9:00');
    expect(hourLabel('4 16:30')).toBe('16:30');
    expect(hourLabel('7')).toBe('7');
  });

  it('keeps a label that starts with a time whole: it has no code to strip', () => {
    expect(hourLabel('08:00-08:45')).toBe('08:00-08:45');
    expect(hourLabel('8:00 - 8:45')).toBe('8:00 - 8:45');
    expect(hourLabel('8.00-8.45 Uhr')).toBe('8.00-8.45 Uhr');
    expect(hourLabel('3.15:40-16:25')).toBe('15:40-16:25');
  });
});

const tx = (id: string, date: string, amount: number, direction: 'IN' | 'OUT' = 'IN', shares: Partial<TransactionView> = {}): TransactionView => ({
  id, familyId: 'M1', date, type: 'payment', amount, balance: 0, description: id, relatedId: id, paymentType: 'bank', paymentDirection: direction,
  planShares: 0, membershipShares: 0, otherPaymentsShare: 0, ...shares,
});

describe('transactions by month and year', () => {
  it('groups newest month first, newest entry first, with incoming and outgoing totals', () => {
    const groups = groupByMonth([tx('a', '2026-10-03', 50), tx('b', '2026-11-02', 20), tx('c', '2026-10-20', 15, 'OUT'), tx('d', '2026-10-25', 30)]);
    expect(groups.map((g) => [g.month, g.transactions.map((t) => t.id), g.incoming, g.outgoing])).toEqual([
      ['2026-11', ['b'], 20, 0],
      ['2026-10', ['d', 'c', 'a'], 80, 15],
    ]);
  });

  it('offers the years present, newest first, three as pills, and preselects the current year when present', () => {
    const { years, pills, more } = yearPills([tx('a', '2023-01-01', 1), tx('b', '2026-01-01', 1), tx('c', '2024-05-01', 1), tx('d', '2025-01-01', 1), tx('e', '2026-02-01', 1)]);
    expect([years, pills, more]).toEqual([[2026, 2025, 2024, 2023], [2026, 2025, 2024], [2023]]);
    expect(initialYear(years, 2026)).toBe(2026);
    expect(initialYear(years, 2027)).toBeNull();
    const all = [tx('a', '2025-12-31', 1), tx('b', '2026-01-01', 1)];
    expect(transactionsOfYear(all, 2026).map((t) => t.id)).toEqual(['b']);
    expect(transactionsOfYear(all, null)).toHaveLength(2);
  });

  it('shows only the shares above 0.01, and the credit left', () => {
    expect(shareRows({ planShares: 100, membershipShares: 0.01, otherPaymentsShare: 0.02, balance: 5 })).toEqual([
      { kind: 'plans', amount: 100 },
      { kind: 'otherPayments', amount: 0.02 },
      { kind: 'credit', amount: 5 },
    ]);
  });
});
