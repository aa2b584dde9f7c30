/**
 * The yearly statement a parent downloads from the transactions page for the tax return (issue
 * 15): the payments of one calendar year, oldest first, what each was used for, the totals
 * received and refunded, and the membership fees of that year on a line of their own.
 */
import { shareRows, type ShareRow } from './transactions';
import type { Payment } from './types';

export interface StatementRow {
  id: string;
  /** "YYYY-MM-DD" */
  date: string;
  /** The office's comment, or null when it left none. */
  comment: string | null;
  /** One of PAYMENT_TYPES, or the office's own word. */
  type: string;
  direction: Payment['direction'];
  /** Always positive: the direction says which way the money went. */
  amount: number;
  usedFor: ShareRow[];
}

export interface YearlyStatement {
  year: number;
  rows: StatementRow[];
  /** Sum of the payments the association received (IN). */
  received: number;
  /** Sum of the refunds the association paid back (OUT). */
  refunded: number;
  /** Membership fees paid that year: the membership shares received, less any refunded. */
  membershipFees: number;
}

/** Sums of money in cents, so that 0.1 + 0.2 is 0.30 on the statement, not 0.30000000000000004. */
const cents = (amount: number) => Math.round(amount * 100);
// `+ 0` turns a -0 into 0.
const euros = (total: number) => total / 100 + 0;

/** The payments whose day falls in `year` (days are "YYYY-MM-DD", no time zone can move them). */
export function paymentsOfYear<T extends Pick<Payment, 'date'>>(payments: T[], year: number): T[] {
  return payments.filter((payment) => Number(payment.date.slice(0, 4)) === year);
}

export function yearlyStatement(payments: Payment[], year: number): YearlyStatement {
  const ofYear = paymentsOfYear(payments, year);
  // Oldest first, as a statement reads; same-day payments in a stable order by id.
  const sorted = [...ofYear].sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
  let received = 0;
  let refunded = 0;
  let membership = 0;
  const rows = sorted.map((payment): StatementRow => {
    const amount = Math.abs(payment.amount);
    if (payment.direction === 'IN') {
      received += cents(amount);
      membership += cents(payment.membershipShares);
    } else {
      refunded += cents(amount);
      membership -= cents(payment.membershipShares);
    }
    return {
      id: payment.id,
      date: payment.date,
      comment: payment.comment?.trim() || null,
      type: payment.type,
      direction: payment.direction,
      amount,
      usedFor: shareRows(payment),
    };
  });
  return { year, rows, received: euros(received), refunded: euros(refunded), membershipFees: euros(membership) };
}

/** The year the statement button offers: the year selected on the page, else the current one. */
export function statementYear(selected: number | null, currentYear: number): number {
  return selected ?? currentYear;
}
