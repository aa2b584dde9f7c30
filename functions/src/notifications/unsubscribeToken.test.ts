import { describe, expect, it } from 'vitest';
import { readUnsubscribeToken, unsubscribeToken } from './unsubscribeToken';

const KEY = 'a-long-random-key-of-the-project';

describe('unsubscribe tokens', () => {
  it('carry the account and the kind of e-mail', () => {
    const token = unsubscribeToken({ uid: 'uid-1', kind: 'paymentDue' }, KEY);
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(readUnsubscribeToken(token, KEY)).toEqual({ uid: 'uid-1', kind: 'paymentDue' });
  });

  it('refuse a token whose account or kind was altered, whose signature was altered, or that another key signed', () => {
    const token = unsubscribeToken({ uid: 'uid-1', kind: 'paymentDue' }, KEY);
    const [, signature] = token.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ u: 'uid-2', k: 'paymentDue' })).toString('base64url');
    expect(readUnsubscribeToken(`${otherPayload}.${signature}`, KEY)).toBeNull();
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(readUnsubscribeToken(flipped, KEY)).toBeNull();
    expect(readUnsubscribeToken(unsubscribeToken({ uid: 'uid-1', kind: 'paymentDue' }, 'another-key'), KEY)).toBeNull();
  });

  it('refuse what is not a token at all', () => {
    for (const junk of ['', '.', 'abc', 'a.b.c', `${Buffer.from('not json').toString('base64url')}.x`]) {
      expect(readUnsubscribeToken(junk, KEY)).toBeNull();
    }
    expect(() => unsubscribeToken({ uid: 'u', kind: 'all' }, '')).toThrow(/key is empty/);
  });
});
