import { describe, expect, it } from 'vitest';
import { cancellationEffectiveDate, cancellationState, memberDuration } from './membership';

describe('cancellation effective date: end of the 4th month from now', () => {
  it.each([
    ['2026-11-21', '2027-03-31'],
    ['2026-01-01', '2026-05-31'],
    ['2026-01-31', '2026-05-31'],
    ['2026-10-15', '2027-02-28'],
    ['2027-10-15', '2028-02-29'],
    ['2026-08-31', '2026-12-31'],
    ['2026-09-01', '2027-01-31'],
    ['2026-02-28', '2026-06-30'],
  ])('%s → %s', (today, expected) => {
    expect(cancellationEffectiveDate(today)).toBe(expected);
  });
});

describe('cancellation state', () => {
  const member = { status: 'active', membershipEndsAt: null, cancellationRequested: false, cancellationRequestedAt: null };

  it('can be requested only when active, without end date and without a pending request', () => {
    expect(cancellationState(member)).toEqual({ kind: 'available' });
    expect(cancellationState({ ...member, status: 'inactive' })).toEqual({ kind: 'inactive' });
    expect(cancellationState({ ...member, cancellationRequested: true, cancellationRequestedAt: '2026-11-01T10:00:00.000Z' })).toEqual({ kind: 'pending', requestedAt: '2026-11-01T10:00:00.000Z' });
    expect(cancellationState({ ...member, cancellationRequested: true, membershipEndsAt: '2027-03-31' })).toEqual({ kind: 'cancelled', endsAt: '2027-03-31' });
  });
});

describe('member duration', () => {
  it.each([
    ['2018-04-28', '2026-11-21', { unit: 'years', count: 8 }],
    ['2025-11-21', '2026-11-21', { unit: 'years', count: 1 }],
    ['2025-11-22', '2026-11-21', { unit: 'months', count: 11 }],
    ['2026-10-21', '2026-11-21', { unit: 'months', count: 1 }],
    ['2026-10-22', '2026-11-21', { unit: 'weeks', count: 4 }],
    ['2026-11-14', '2026-11-21', { unit: 'weeks', count: 1 }],
    ['2026-11-15', '2026-11-21', { unit: 'days', count: 6 }],
    ['2026-11-21', '2026-11-21', { unit: 'days', count: 0 }],
  ])('%s to %s', (start, today, expected) => {
    expect(memberDuration(start, today)).toEqual(expected);
  });
});
