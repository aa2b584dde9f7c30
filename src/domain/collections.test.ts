import type { CollectionCandidate, Debit, MandateView } from '@family-portal/contract';
import { describe, expect, it } from 'vitest';
import { collectionTotals, dateProblem, debitRowsOf, debitWarnings, defaultPurpose, dueByMember, formatCents, leaveOutOf, purposeProblem, returnCodeOf } from './collections';

const family = (memberId: string, amountCents: number, openRunId: string | null = null): CollectionCandidate => ({
  memberId, name: `Family ${memberId}`, amountCents, mandateReference: `MNDT-${memberId}`, ibanMasked: 'DE•• •••• •••• •••• ••20 51', openRunId,
});

describe('defaultPurpose', () => {
  it("names the course fees of the collection date's year and calendar quarter", () => {
    expect(defaultPurpose('2027-01-04')).toBe('Kursgebühren 2027 Q1');
    expect(defaultPurpose('2027-03-31')).toBe('Kursgebühren 2027 Q1');
    expect(defaultPurpose('2027-04-01')).toBe('Kursgebühren 2027 Q2');
    expect(defaultPurpose('2026-09-30')).toBe('Kursgebühren 2026 Q3');
    expect(defaultPurpose('2026-12-28')).toBe('Kursgebühren 2026 Q4');
  });
});

describe('collectionTotals', () => {
  const families = [family('M1', 8750), family('M2', 1), family('M3', 12_000, 'R20270104AB12CD34'), family('M4', 333)];

  it('counts and sums, in cents, the families included, never one already in an open run', () => {
    expect(collectionTotals(families, new Set())).toEqual({ count: 3, cents: 9084 });
    expect(collectionTotals(families, new Set(['M2']))).toEqual({ count: 2, cents: 9083 });
    expect(collectionTotals(families, new Set(['M1', 'M2', 'M4']))).toEqual({ count: 0, cents: 0 });
  });

  it('sums exactly where euros as floats would not', () => {
    const tenCents = Array.from({ length: 3 }, (_, index) => family(`T${index}`, 10));
    expect(collectionTotals(tenCents, new Set()).cents).toBe(30);
    expect(0.1 + 0.2).not.toBe(0.3);
  });

  it('leaves out only families that could have been collected', () => {
    expect(leaveOutOf(families, new Set(['M2', 'M3', 'M9']))).toEqual(['M2']);
  });
});

describe('formatCents', () => {
  it('shows whole cents as euros in the UI language', () => {
    expect(formatCents(123_450, 'en-GB')).toBe('€1,234.50');
    expect(formatCents(123_450, 'de-DE')).toBe('1.234,50\u00a0€');
    expect(formatCents(5, 'ru-RU')).toBe('0,05\u00a0€');
  });
});

describe('purposeProblem', () => {
  it('needs 1 to 80 characters besides spaces', () => {
    expect(purposeProblem('Kursgebühren 2027 Q1')).toBeNull();
    expect(purposeProblem('   ')).toBe('empty');
    expect(purposeProblem('x'.repeat(80))).toBeNull();
    expect(purposeProblem(`${'x'.repeat(81)}`)).toBe('tooLong');
    expect(purposeProblem(`  ${'x'.repeat(80)}  `)).toBeNull();
  });
});

describe('dateProblem', () => {
  // Monday 7 December 2026: 14 days on is Monday the 21st.
  const today = '2026-12-07';

  it('takes the first possible date and any business day after it', () => {
    expect(dateProblem('2026-12-21', today, 14)).toBeNull();
    expect(dateProblem('2027-01-04', today, 14)).toBeNull();
  });

  it('names the first possible date for a date too soon, and the next business day for a holiday', () => {
    expect(dateProblem('2026-12-18', today, 14)).toEqual({ kind: 'too-soon', earliest: '2026-12-21' });
    expect(dateProblem('2026-12-25', today, 14)).toEqual({ kind: 'not-a-business-day', earliest: '2026-12-28' });
    expect(dateProblem('2026-12-21', today, 15)).toEqual({ kind: 'too-soon', earliest: '2026-12-22' });
  });

  it('asks for a date when the field is empty, and refuses what is no date', () => {
    expect(dateProblem('', today, 14)).toEqual({ kind: 'empty' });
    expect(dateProblem('2027-02-30', today, 14)).toEqual({ kind: 'not-a-day' });
  });
});

describe('debitWarnings', () => {
  const due = dueByMember([family('M1', 8750), family('M2', 9000)]);
  const active = { status: 'active' as const };

  it('says nothing while the amount due is the amount announced', () => {
    expect(debitWarnings({ memberId: 'M1', status: 'announced', cents: 8750 }, due, active)).toEqual([]);
    expect(debitWarnings({ memberId: 'M1', status: 'filed', cents: 8750 }, due, active)).toEqual([]);
  });

  it('gives the amount due now when it differs, and 0 for a family that no longer owes', () => {
    expect(debitWarnings({ memberId: 'M2', status: 'announced', cents: 8750 }, due, active)).toEqual([{ kind: 'amountChanged', dueCents: 9000 }]);
    expect(debitWarnings({ memberId: 'M3', status: 'filed', cents: 4000 }, due, active)).toEqual([{ kind: 'amountChanged', dueCents: 0 }]);
  });

  it('says that the mandate stopped, and guesses no amount for a family the preview cannot list', () => {
    expect(debitWarnings({ memberId: 'M3', status: 'announced', cents: 4000 }, due, { status: 'revoked' })).toEqual([{ kind: 'mandateInactive', status: 'revoked' }]);
    expect(debitWarnings({ memberId: 'M3', status: 'announced', cents: 4000 }, due, null)).toEqual([]);
    // A new account since: the family is listed under its new mandate, the old one is replaced.
    expect(debitWarnings({ memberId: 'M2', status: 'announced', cents: 9000 }, due, { status: 'replaced' })).toEqual([{ kind: 'mandateInactive', status: 'replaced' }]);
  });

  it('says nothing of a debit taken out of the run or returned by the bank', () => {
    expect(debitWarnings({ memberId: 'M3', status: 'withdrawn', cents: 4000 }, due, active)).toEqual([]);
    expect(debitWarnings({ memberId: 'M3', status: 'returned', cents: 4000 }, due, { status: 'suspended' })).toEqual([]);
  });
});

describe('returnCodeOf', () => {
  it("takes the bank's four capitals or digits, as typed in any case", () => {
    expect(returnCodeOf('AM04')).toBe('AM04');
    expect(returnCodeOf(' md06 ')).toBe('MD06');
    expect(returnCodeOf('FF05')).toBe('FF05');
  });

  it('refuses anything else', () => {
    for (const typed of ['', 'AM4', 'AM045', 'AM-4', 'ÄM04']) expect(returnCodeOf(typed), typed).toBeNull();
  });
});

describe('debitRowsOf', () => {
  const debit = (id: string, memberId: string, amount: number): Debit => ({ id, runId: 'R1', memberId, mandateReference: `MNDT-${memberId}`, amount, collectionDate: '2027-01-04', status: 'announced', returnReason: null });
  const view = (memberId: string, accountHolder: string): MandateView => ({
    id: `MNDT-${memberId}`, memberId, accountHolder, ibanMasked: 'DE•• •••• •••• •••• ••20 51', bic: null, signedAt: '2026-01-01T09:00:00.000Z', signedBy: null, status: 'active', revokedAt: null,
  });

  it("takes the cents of AppSheet's euros exactly, the preview's name or else the account holder, and flags changes", () => {
    const rows = debitRowsOf([debit('R1-0001', 'M1', 87.5), debit('R1-0002', 'M2', 19.99), debit('R1-0003', 'M3', 0.29)], { 'MNDT-M1': view('M1', 'O. Petrova'), 'MNDT-M2': view('M2', 'Jan Weber') }, [family('M1', 8750)]);
    expect(rows.map(({ cents, name, warnings }) => ({ cents, name, warnings }))).toEqual([
      { cents: 8750, name: 'Family M1', warnings: [] },
      { cents: 1999, name: 'Jan Weber', warnings: [{ kind: 'amountChanged', dueCents: 0 }] },
      // No mandate copied yet and not in the preview: nothing is known of it.
      { cents: 29, name: '', warnings: [] },
    ]);
  });

  it('flags nothing before the preview is in', () => {
    expect(debitRowsOf([debit('R1-0001', 'M1', 10)], { 'MNDT-M1': view('M1', 'Olga') }, null)[0]!.warnings).toEqual([]);
  });
});
