import type { MandateView } from '@family-portal/contract';
import { isMandateReference, mandateAttempt, mandateReferenceFor } from '@family-portal/contract/mandates';
import { describe, expect, it } from 'vitest';
import { annaMandate } from '../test/fixtures';
import { activeMandate, newMandateAttempt, withMandate } from './directDebit';

const mandate = (id: string, signedAt: string, status: MandateView['status'] = 'active'): MandateView =>
  annaMandate({ id, memberId: 'M1', signedAt, status, revokedAt: status === 'active' ? null : '2026-12-06T10:00:00.000Z' });

describe('the family direct debit', () => {
  it('collects under the active mandate signed last, and under none when all were stopped', () => {
    const older = mandate('A', '2026-01-01T10:00:00.000Z');
    const newer = mandate('B', '2026-06-01T10:00:00.000Z');
    expect(activeMandate([older, newer])?.id).toBe('B');
    expect(activeMandate([mandate('C', '2026-06-01T10:00:00.000Z', 'revoked'), mandate('D', '2026-01-01T10:00:00.000Z', 'replaced')])).toBeNull();
    expect(activeMandate([])).toBeNull();
  });

  it('shows a new mandate at once, and the one it replaced as replaced', () => {
    const old = mandate('A', '2026-01-01T10:00:00.000Z');
    const given = mandate('B', '2026-12-06T10:00:00.000Z');
    expect(withMandate([old], given).map((m) => [m.id, m.status])).toEqual([['B', 'active'], ['A', 'replaced']]);
    const revoked = { ...given, status: 'revoked' as const, revokedAt: '2026-12-07T10:00:00.000Z' };
    expect(withMandate(withMandate([old], given), revoked).map((m) => [m.id, m.status])).toEqual([['B', 'revoked'], ['A', 'replaced']]);
  });

  it('makes attempt ids the functions take, a new one each time', () => {
    const first = newMandateAttempt();
    expect(mandateAttempt.safeParse(first).success).toBe(true);
    expect(newMandateAttempt()).not.toBe(first);
    expect(isMandateReference(mandateReferenceFor('M0001', first))).toBe(true);
  });
});
