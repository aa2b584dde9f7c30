import { describe, expect, it } from 'vitest';
import { paymentsOfYear, statementYear, yearlyStatement } from './statement';
import type { Payment } from './types';

const payment = (overrides: Partial<Payment> & Pick<Payment, 'id' | 'date'>): Payment => ({
  memberId: 'M0001',
  amount: 100,
  balance: 0,
  comment: null,
  type: 'bank',
  direction: 'IN',
  planShares: 0,
  membershipShares: 0,
  otherPaymentsShare: 0,
  ...overrides,
});

const payments: Payment[] = [
  payment({ id: 'P1', date: '2025-12-31', amount: 60, membershipShares: 60, comment: 'Mitgliedsbeitrag 2026' }),
  payment({ id: 'P2', date: '2026-01-01', amount: 60, membershipShares: 60, comment: '  Mitgliedsbeitrag  ' }),
  payment({ id: 'P3', date: '2026-09-02', amount: 200.1, planShares: 150.1, otherPaymentsShare: 30, balance: 20, type: 'cash' }),
  payment({ id: 'P4', date: '2026-10-20', amount: 25.2, direction: 'OUT', comment: 'Rückerstattung', type: 'Sonstiges' }),
  payment({ id: 'P5', date: '2026-03-15', amount: 0.1, planShares: 0.1 }),
  payment({ id: 'P6', date: '2026-03-15', amount: 0.2, planShares: 0.2, comment: '   ' }),
  payment({ id: 'P7', date: '2027-01-01', amount: 999 }),
];

describe('yearly statement', () => {
  it('takes the payments of the calendar year only, oldest first, same-day ones by id', () => {
    expect(paymentsOfYear(payments, 2026).map((p) => p.id)).toEqual(['P2', 'P3', 'P4', 'P5', 'P6']);
    expect(yearlyStatement(payments, 2026).rows.map((row) => row.id)).toEqual(['P2', 'P5', 'P6', 'P3', 'P4']);
    expect(yearlyStatement(payments, 2025).rows.map((row) => row.id)).toEqual(['P1']);
  });

  it('totals received and refunded separately, to the cent', () => {
    const statement = yearlyStatement(payments, 2026);
    // 60 + 0.1 + 0.2 + 200.1, without floating-point dust
    expect(statement.received).toBe(260.4);
    expect(statement.refunded).toBe(25.2);
  });

  it('puts the membership fees paid that year on their own line, less a refunded fee', () => {
    expect(yearlyStatement(payments, 2026).membershipFees).toBe(60);
    expect(yearlyStatement(payments, 2025).membershipFees).toBe(60);
    const refundedFee = [...payments, payment({ id: 'P8', date: '2026-11-01', amount: 30, direction: 'OUT', membershipShares: 30 })];
    expect(yearlyStatement(refundedFee, 2026).membershipFees).toBe(30);
    expect(yearlyStatement(refundedFee, 2026).refunded).toBe(55.2);
  });

  it('keeps each row\'s date, type, direction, positive amount, comment and what it was used for', () => {
    const rows = yearlyStatement(payments, 2026).rows;
    expect(rows.find((row) => row.id === 'P3')).toEqual({
      id: 'P3',
      date: '2026-09-02',
      comment: null,
      type: 'cash',
      direction: 'IN',
      amount: 200.1,
      usedFor: [
        { kind: 'plans', amount: 150.1 },
        { kind: 'otherPayments', amount: 30 },
        { kind: 'credit', amount: 20 },
      ],
    });
    expect(rows.find((row) => row.id === 'P4')).toMatchObject({ comment: 'Rückerstattung', type: 'Sonstiges', direction: 'OUT', amount: 25.2, usedFor: [] });
    expect(rows.find((row) => row.id === 'P2')?.comment).toBe('Mitgliedsbeitrag');
    expect(rows.find((row) => row.id === 'P6')?.comment).toBeNull();
  });

  it('stores a refund entered with a negative amount as a positive one', () => {
    const statement = yearlyStatement([payment({ id: 'R', date: '2026-05-05', amount: -40, direction: 'OUT' })], 2026);
    expect(statement.rows[0]?.amount).toBe(40);
    expect(statement.refunded).toBe(40);
    expect(statement.received).toBe(0);
  });

  it('is empty, with zero totals, for a year without payments', () => {
    expect(yearlyStatement(payments, 2020)).toEqual({ year: 2020, rows: [], received: 0, refunded: 0, membershipFees: 0 });
    expect(Object.is(yearlyStatement(payments, 2020).membershipFees, -0)).toBe(false);
  });

  it('offers the year selected on the page, or the current year when all years are shown', () => {
    expect(statementYear(2025, 2026)).toBe(2025);
    expect(statementYear(null, 2026)).toBe(2026);
  });
});
