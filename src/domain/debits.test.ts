import type { Debit, MandateView } from '@family-portal/contract';
import { describe, expect, it } from 'vitest';
import { annaDebit, annaMandate } from '../test/fixtures';
import { debitCents } from '@family-portal/contract/rules';
import { duePayment, namedReturnReason, pausedMandate, returnedDebit, upcomingDebit } from './debits';
import { withMandate } from './directDebit';

const mandate = (id: string, status: MandateView['status'], signedAt = '2026-01-01T10:00:00.000Z'): MandateView =>
  annaMandate({ id, memberId: 'M1', signedAt, status, revokedAt: status === 'revoked' || status === 'replaced' ? '2026-06-01T10:00:00.000Z' : null });
const debit = (id: string, collectionDate: string, status: Debit['status'], more: Partial<Debit> = {}): Debit =>
  annaDebit({ id, runId: id.slice(0, 17), memberId: 'M1', mandateReference: 'MNDT-A', collectionDate, status, returnReason: status === 'returned' ? 'AM04' : null, ...more });
const TODAY = '2026-12-07';

describe('the collection still to come', () => {
  it('is the soonest announced or filed debit on today or later', () => {
    const later = debit('R20261221AAAAAAAA-0001', '2026-12-21', 'announced');
    const sooner = debit('R20261214BBBBBBBB-0001', '2026-12-14', 'filed');
    expect(upcomingDebit([later, sooner], TODAY)).toBe(sooner);
    expect(upcomingDebit([debit('R20261207CCCCCCCC-0001', TODAY, 'filed')], TODAY)?.collectionDate).toBe(TODAY);
  });

  it('is none once its date has passed, or when it was returned or taken out of the run', () => {
    expect(upcomingDebit([debit('R20261206AAAAAAAA-0001', '2026-12-06', 'filed')], TODAY)).toBeNull();
    expect(upcomingDebit([debit('R20261221AAAAAAAA-0001', '2026-12-21', 'withdrawn'), debit('R20261221BBBBBBBB-0001', '2026-12-21', 'returned')], TODAY)).toBeNull();
    expect(upcomingDebit([], TODAY)).toBeNull();
  });

  it('counts its euros as whole cents', () => {
    expect(debitCents({ amount: 123.45 })).toBe(12345);
    expect(debitCents({ amount: 0.29 })).toBe(29);
    expect(debitCents({ amount: 1001.1 })).toBe(100110);
  });
});

describe('a returned debit', () => {
  it('shows while it is the family\'s newest debit', () => {
    const returned = debit('R20261221AAAAAAAA-0001', '2026-12-21', 'returned');
    expect(returnedDebit([debit('R20261001BBBBBBBB-0001', '2026-10-01', 'filed'), returned])).toBe(returned);
  });

  it('is behind the family once a later debit exists, whatever its status', () => {
    const returned = debit('R20261001AAAAAAAA-0001', '2026-10-01', 'returned');
    for (const status of ['announced', 'filed', 'withdrawn'] as const) expect(returnedDebit([returned, debit('R20261221BBBBBBBB-0001', '2026-12-21', status)])).toBeNull();
    // Two runs on one day: the later run's id decides.
    expect(returnedDebit([debit('R20261001ZZZZZZZZ-0001', '2026-10-01', 'withdrawn'), returned])).toBeNull();
    expect(returnedDebit([])).toBeNull();
  });

  it('names the common reason codes and leaves the others as the bank gave them', () => {
    expect(['AC04', 'AM04', 'MD01', 'MD06', 'MS02'].map(namedReturnReason)).toEqual(['AC04', 'AM04', 'MD01', 'MD06', 'MS02']);
    expect(namedReturnReason('AC01')).toBeNull();
    expect(namedReturnReason(null)).toBeNull();
  });
});

describe('how the amount due is paid', () => {
  const announced = debit('R20261221AAAAAAAA-0001', '2026-12-21', 'announced');

  it('announces the collection under its active mandate', () => {
    const active = mandate('MNDT-A', 'active');
    expect(duePayment([active], [announced], TODAY)).toEqual({ returned: null, way: { kind: 'announced', debit: announced, mandate: active } });
  });

  it('says only that the mandate collects when nothing is announced, or the announced one\'s mandate is no longer active', () => {
    const active = mandate('MNDT-A', 'active');
    expect(duePayment([active], [], TODAY).way).toEqual({ kind: 'collects', mandate: active });
    const newer = mandate('MNDT-B', 'active', '2026-12-01T10:00:00.000Z');
    expect(duePayment([newer, mandate('MNDT-A', 'replaced')], [announced], TODAY).way).toEqual({ kind: 'collects', mandate: newer });
  });

  it('is paused, never collected, while the mandate waits for the family\'s confirmation', () => {
    const suspended = mandate('MNDT-A', 'suspended');
    const returned = debit('R20261001AAAAAAAA-0001', '2026-10-01', 'returned', { returnReason: 'MD01' });
    expect(duePayment([suspended], [returned], TODAY)).toEqual({ returned, way: { kind: 'paused', mandate: suspended } });
    expect(duePayment([suspended], [announced], TODAY).way.kind).toBe('paused');
  });

  it('offers direct debit to a family without a mandate to collect under', () => {
    expect(duePayment([mandate('MNDT-A', 'revoked')], [announced], TODAY)).toEqual({ returned: null, way: { kind: 'none' } });
    expect(duePayment([], [], TODAY).way).toEqual({ kind: 'none' });
  });

  it('keeps a return beside an active mandate (a return for lack of funds pauses nothing)', () => {
    const returned = debit('R20261001AAAAAAAA-0001', '2026-10-01', 'returned');
    expect(duePayment([mandate('MNDT-A', 'active')], [returned], TODAY).returned).toBe(returned);
  });
});

describe('a paused mandate', () => {
  it('is the newest suspended one, and none once a mandate is active', () => {
    const older = mandate('MNDT-A', 'suspended');
    const newer = mandate('MNDT-B', 'suspended', '2026-06-01T10:00:00.000Z');
    expect(pausedMandate([older, newer])).toBe(newer);
    expect(pausedMandate([older, mandate('MNDT-C', 'active')])).toBeNull();
  });

  it('is confirmed at once by the function\'s answer, and replaced by a new mandate', () => {
    const paused = mandate('MNDT-A', 'suspended');
    expect(withMandate([paused], { ...paused, status: 'active' }).map((m) => [m.id, m.status])).toEqual([['MNDT-A', 'active']]);
    const given = mandate('MNDT-B', 'active', '2026-12-06T10:00:00.000Z');
    expect(withMandate([paused], given).map((m) => [m.id, m.status])).toEqual([['MNDT-B', 'active'], ['MNDT-A', 'replaced']]);
  });
});
