/** The transactions page's grouping, year filter and share rows (spec sections 2 and 9). */
import { TOLERANCE } from './money';
import type { TransactionView } from './views';

export interface MonthGroup {
  /** "YYYY-MM" */
  month: string;
  transactions: TransactionView[];
  incoming: number;
  outgoing: number;
}

/** Newest month first, newest entry first within a month; incoming and outgoing totals. */
export function groupByMonth(transactions: TransactionView[]): MonthGroup[] {
  const groups = new Map<string, MonthGroup>();
  const sorted = [...transactions].sort((a, b) => b.date.localeCompare(a.date));
  for (const transaction of sorted) {
    const month = transaction.date.slice(0, 7);
    const group = groups.get(month) ?? { month, transactions: [], incoming: 0, outgoing: 0 };
    group.transactions.push(transaction);
    if (transaction.paymentDirection === 'IN') group.incoming += Math.abs(transaction.amount);
    else group.outgoing += Math.abs(transaction.amount);
    groups.set(month, group);
  }
  return [...groups.values()];
}

/** Years present in the data, newest first; three shown as pills, the rest under More. */
export function yearPills(transactions: Pick<TransactionView, 'date'>[], shown = 3): { years: number[]; pills: number[]; more: number[] } {
  const years = [...new Set(transactions.map((t) => Number(t.date.slice(0, 4))))].sort((a, b) => b - a);
  return { years, pills: years.slice(0, shown), more: years.slice(shown) };
}

/** The transactions of one year, or all of them for null. */
export function transactionsOfYear<T extends Pick<TransactionView, 'date'>>(transactions: T[], year: number | null): T[] {
  return year === null ? transactions : transactions.filter((t) => Number(t.date.slice(0, 4)) === year);
}

/** The current year when the data has it, else all years (null). */
export function initialYear(years: number[], currentYear: number): number | null {
  return years.includes(currentYear) ? currentYear : null;
}

export type ShareRow = { kind: 'plans' | 'membership' | 'otherPayments' | 'credit'; amount: number };

/** What a payment was used for; only rows above 0.01 are shown. */
export function shareRows(transaction: Pick<TransactionView, 'planShares' | 'membershipShares' | 'otherPaymentsShare' | 'balance'>): ShareRow[] {
  const rows: ShareRow[] = [
    { kind: 'plans', amount: transaction.planShares },
    { kind: 'membership', amount: transaction.membershipShares },
    { kind: 'otherPayments', amount: transaction.otherPaymentsShare },
    { kind: 'credit', amount: transaction.balance },
  ];
  return rows.filter((row) => row.amount > TOLERANCE);
}
