import { describe, expect, it } from 'vitest';
import { formatDay, monthGrid } from './dates';
import { epcPayload, EpcError, formatIban } from '@family-portal/contract/epc';
import { availableCredit, financialStatus } from './financialStatus';
import { formatMoney, isZero } from './money';
import { planCardState, planCost } from './plans';
import { currentQuarter } from './schedule';
import type { OtherPayment, Payment, Quarter } from './types';
import { parsedDoc } from '../test/fixtures';
import { depositStatus, familyView, newestFirst, recentActiveDeposits, transactionView } from './views';

describe('financial status (spec section 4)', () => {
  it('is settled when all three balances are within 0.01 of zero', () => {
    expect(financialStatus({ balance: 0.01, childrenBalance: -0.01, membershipBalance: 0 })).toEqual({ kind: 'settled' });
  });

  it('requires payment below -0.01, for the absolute total', () => {
    expect(financialStatus({ balance: -0.02, childrenBalance: -0.02, membershipBalance: 0 })).toEqual({ kind: 'paymentRequired', amountDue: 0.02 });
    expect(financialStatus({ balance: -440, childrenBalance: -380, membershipBalance: -60 })).toEqual({ kind: 'paymentRequired', amountDue: 440 });
  });

  it('is paid with credit when the total is not negative and the credit is above 0.01', () => {
    expect(financialStatus({ balance: 50, childrenBalance: 0, membershipBalance: 0 })).toEqual({ kind: 'credit', credit: 50 });
    expect(financialStatus({ balance: -0.01, childrenBalance: -10, membershipBalance: 0 })).toMatchObject({ kind: 'credit' });
  });

  it('is otherwise settled, e.g. when plans owe what the membership has in credit', () => {
    expect(financialStatus({ balance: 0, childrenBalance: -20, membershipBalance: 20 })).toEqual({ kind: 'settled' });
    expect(financialStatus({ balance: 0.005, childrenBalance: 0, membershipBalance: 0.5 })).toEqual({ kind: 'settled' });
    expect(availableCredit({ balance: 10, childrenBalance: -5, membershipBalance: 0 })).toBe(15);
  });
});

describe('plan cost and card state', () => {
  it('multiplies hours (default 1), weeks and price per hour, plus extras', () => {
    expect(planCost({ weeks: 12 }, { hours: 1.5, pricePerHour: 16.5, extrasPerQuarter: 10 })).toBe(307);
    expect(planCost({ weeks: 10 }, { hours: null, pricePerHour: 12, extrasPerQuarter: 0 })).toBe(120);
  });

  it('follows the spec order: fully paid, nothing paid, credit, progress capped at 100%', () => {
    expect(planCardState({ paid: 120, balance: 0.004 }, 120)).toEqual({ kind: 'fullyPaid' });
    expect(planCardState({ paid: 0, balance: -120 }, 120)).toEqual({ kind: 'paymentRequired' });
    expect(planCardState({ paid: 130, balance: 10 }, 120)).toEqual({ kind: 'paidWithCredit', credit: 10 });
    expect(planCardState({ paid: 60, balance: -60 }, 120)).toEqual({ kind: 'partlyPaid', progress: 50 });
    expect(planCardState({ paid: 150, balance: -5 }, 120)).toEqual({ kind: 'partlyPaid', progress: 100 });
    // The course cannot be read: the plan's own figures decide; no progress is made up.
    expect(planCardState({ paid: 60, balance: -60 }, null)).toEqual({ kind: 'partlyPaid', progress: null });
    expect(planCardState({ paid: 0, balance: -120 }, null)).toEqual({ kind: 'paymentRequired' });
  });

  it('finds the active quarter, else the one around today (more cases in schedule.test.ts)', () => {
    const quarters: Quarter[] = [
      { id: 'q3', name: '2026 Q3', status: 'closed', firstDay: '2026-07-01', lastDay: '2026-09-30' },
      { id: 'q4', name: '2026 Q4', status: 'planned', firstDay: '2026-10-01', lastDay: '2026-12-31' },
    ];
    expect(currentQuarter(quarters, '2026-11-21')?.id).toBe('q4');
    expect(currentQuarter([...quarters, { ...quarters[0]!, id: 'a', status: 'active' }], '2026-11-21')?.id).toBe('a');
    expect(currentQuarter(quarters, '2027-02-01')).toBeNull();
  });
});

describe('money and dates in the three locales', () => {
  it('formats EUR with two decimals', () => {
    expect(formatMoney(1234.5, 'de-DE')).toBe('1.234,50\u00a0€');
    expect(formatMoney(1234.5, 'en-GB')).toBe('€1,234.50');
    expect(formatMoney(-440, 'ru-RU')).toMatch(/^-440,00\s€$/);
    expect(formatMoney(-0, 'en-GB')).toBe('€0.00');
    expect(isZero(-0.01)).toBe(true);
    expect(isZero(0.011)).toBe(false);
  });

  it('formats days without shifting them across time zones', () => {
    expect(formatDay('2026-10-01', 'de-DE', 'short', 'Europe/Berlin')).toBe('01.10.2026');
    expect(formatDay('2026-10-01', 'en-GB', 'short', 'Europe/Berlin')).toBe('01/10/2026');
    expect(formatDay('2026-12-31', 'ru-RU', 'long', 'Europe/Berlin')).toBe('31 декабря 2026 г.');
  });

  it('lays out a month from Monday for the mini calendar', () => {
    const grid = monthGrid('2026-10-15', 'de-DE');
    expect(grid.title).toBe('Oktober 2026');
    expect(grid.weekdays[0]).toBe('Mo');
    // 1 October 2026 is a Thursday.
    expect(grid.weeks[0]).toEqual([null, null, null, 1, 2, 3, 4]);
    expect(grid.weeks.flat().filter(Boolean)).toHaveLength(31);
    expect(monthGrid('2026-02-01', 'en-GB').weeks.every((week) => week.length === 7)).toBe(true);
  });
});

describe('derived views (spec section 3)', () => {
  const member = parsedDoc('members', {
    id: 'M1', primaryName: 'Anna Müller', secondaryName: 'Jonas Müller', primaryEmail: 'anna@example.com', phone: '+49 30 1',
    phone2: null, address: 'Lindenstraße 5', status: 'active', type: 'Familie', membershipStartsAt: '2020-01-01', membershipEndsAt: null,
    cancellationRequested: false, cancellationRequestedAt: null, cancellationReason: null, balance: -10, childrenBalance: -10, membershipBalance: 0,
  });

  it('names the family with both names when there is a second one', () => {
    expect(familyView(member)).toEqual({ id: 'M1', familyName: 'Anna Müller & Jonas Müller', primaryEmail: 'anna@example.com', phoneNumber: '+49 30 1', address: 'Lindenstraße 5', balance: -10 });
    expect(familyView({ ...member, secondaryName: null }).familyName).toBe('Anna Müller');
  });

  it('maps a payment to a transaction with a no-comment text', () => {
    const payment: Payment = { id: 'P1', memberId: 'M1', date: '2026-10-03', amount: 50, balance: 0, comment: ' ', type: 'bank', direction: 'IN', planShares: 50, membershipShares: 0, otherPaymentsShare: 0 };
    expect(transactionView(payment, 'No comment')).toMatchObject({ id: 'P1', familyId: 'M1', type: 'payment', description: 'No comment', relatedId: 'P1', paymentType: 'bank', paymentDirection: 'IN' });
  });

  it('picks the three newest active book deposits', () => {
    const deposit = (id: string, date: string, status: string, type = 'Bücherkaution'): OtherPayment => ({ id, memberId: 'M1', type, status, date, amount: 30, childId: null, comment: null });
    const deposits = [deposit('a', '2026-01-01', 'active'), deposit('b', '2026-03-01', 'Aktiv'), deposit('c', '2026-02-01', 'returned'),
      deposit('d', '2026-04-01', 'active', 'Ausflug'), deposit('e', '2025-01-01', 'active'), deposit('f', '2026-05-01', 'active')];
    expect(recentActiveDeposits(deposits).map((d) => d.id)).toEqual(['f', 'b', 'a']);
    expect(depositStatus({ status: 'Erstattet' })).toBe('returned');
    expect(newestFirst([{ date: '2026-01-01' }, { date: '2026-02-01' }]).map((d) => d.date)).toEqual(['2026-02-01', '2026-01-01']);
  });
});

describe('EPC QR payload', () => {
  const transfer = { recipientName: 'Schulverein Lindenhof e.V.', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', amount: 440, reference: 'Anna Müller' };

  it('has the eleven lines of a SEPA credit transfer, UTF-8, with the name as free-text reference', () => {
    expect(epcPayload(transfer)).toBe(
      ['BCD', '001', '1', 'SCT', 'COBADEFFXXX', 'Schulverein Lindenhof e.V.', 'DE89370400440532013000', 'EUR440.00', '', '', 'Anna Müller'].join('\n'),
    );
    expect(epcPayload({ ...transfer, amount: 0.1 + 0.2 })).toContain('EUR0.30');
  });

  it('rejects what a bank would reject', () => {
    expect(() => epcPayload({ ...transfer, iban: 'DE89370400440532013001' })).toThrow(EpcError);
    expect(() => epcPayload({ ...transfer, bic: 'NOPE' })).toThrow(/BIC/);
    expect(() => epcPayload({ ...transfer, amount: 0 })).toThrow(/amount/);
    expect(() => epcPayload({ ...transfer, amount: 1_000_000_000 })).toThrow(/amount/);
    expect(() => epcPayload({ ...transfer, recipientName: 'x'.repeat(71) })).toThrow(/70/);
    expect(() => epcPayload({ ...transfer, reference: 'x'.repeat(141) })).toThrow(/140/);
  });

  it('groups an IBAN in fours for display', () => {
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });
});
