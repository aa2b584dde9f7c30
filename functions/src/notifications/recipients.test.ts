import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { refusalOf, type AccountNow } from './recipients';

const owner = { uid: 'uid-anna', email: 'anna@example.com', memberId: 'M0001' };
const account: AccountNow = { email: 'anna@example.com', emailVerified: true, disabled: false };
const records = (index: Record<string, string>, members: string[]) => ({
  memberIdOf: (email: string) => index[email],
  member: (id: string) => (members.includes(id) ? ({ id } as DocumentSnapshot) : undefined),
});
const asToday = records({ 'anna@example.com': 'M0001' }, ['M0001']);

describe('refusalOf', () => {
  it('lets the e-mail go while the account and the records still lead to the same member', () => {
    expect(refusalOf(owner, account, asToday)).toBeNull();
    expect(refusalOf(owner, { ...account, email: 'Anna@Example.com' }, asToday)).toBeNull();
  });

  it('refuses an account that is gone, disabled, unverified or now has another address', () => {
    expect(refusalOf(owner, undefined, asToday)).toBe('account-missing');
    expect(refusalOf(owner, { ...account, disabled: true }, asToday)).toBe('account-disabled');
    expect(refusalOf(owner, { ...account, emailVerified: false }, asToday)).toBe('address-unverified');
    expect(refusalOf(owner, { ...account, email: 'eve@example.com' }, asToday)).toBe('address-changed');
  });

  it('refuses an address the index no longer has (moved, a duplicate, a deleted row), gives another member, or whose member is gone', () => {
    expect(refusalOf(owner, account, records({}, ['M0001']))).toBe('address-not-indexed');
    expect(refusalOf(owner, account, records({ 'anna@example.com': 'M0002' }, ['M0001', 'M0002']))).toBe('address-of-another-member');
    expect(refusalOf(owner, account, records({ 'anna@example.com': 'M0001' }, []))).toBe('member-missing');
  });
});
