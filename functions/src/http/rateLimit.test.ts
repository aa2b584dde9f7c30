import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clientKey, clientNetwork, minuteWindow } from './rateLimit';

const SECRET = 'test-secret';
const key = (address: string) => clientKey(address, SECRET);

describe('clientNetwork', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5'],
    [' 203.0.113.5 ', '203.0.113.5'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:0DB8:0000:0000:ffff:0000:0000:0001', '2001:db8:0:0::/64'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1::2', '2001:db8:1:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['::ffff:cb00:7105', '203.0.113.5'],
    ['unknown', 'unknown'],
  ])('counts %s as %s', (address, network) => {
    expect(clientNetwork(address)).toBe(network);
  });
});

describe('clientKey', () => {
  it('keys IPv4 clients per address', () => {
    expect(key('203.0.113.5')).toBe(key('203.0.113.5'));
    expect(key('203.0.113.5')).not.toBe(key('203.0.113.6'));
  });

  it('gives every address of one IPv6 /64 the same key, in any notation', () => {
    const expected = key('2001:db8:aa:bb::1');
    for (const address of ['2001:db8:aa:bb:ffff:ffff:ffff:ffff', '2001:0db8:00aa:00bb:0:0:0:2', '2001:DB8:AA:BB:1234::']) {
      expect(key(address)).toBe(expected);
    }
  });

  it('gives another /64 another key', () => {
    expect(key('2001:db8:aa:bc::1')).not.toBe(key('2001:db8:aa:bb::1'));
    expect(key('2001:db9:aa:bb::1')).not.toBe(key('2001:db8:aa:bb::1'));
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(key('::ffff:203.0.113.5')).toBe(key('203.0.113.5'));
    expect(key('::ffff:cb00:7105')).toBe(key('203.0.113.5'));
    expect(key('::ffff:203.0.113.6')).not.toBe(key('203.0.113.5'));
  });

  it('is an HMAC with the secret, not a plain hash of the address', () => {
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    for (const address of ['203.0.113.5', '2001:db8:aa:bb::1']) {
      expect(key(address)).toMatch(/^[0-9a-f]{64}$/);
      for (const plain of [sha256(address), sha256(clientNetwork(address)), sha256(`checkEmailExists:${address}`)]) {
        expect(key(address)).not.toBe(plain);
        expect(key(address)).not.toContain(plain.slice(0, 32));
      }
    }
    expect(clientKey('203.0.113.5', 'another-secret')).not.toBe(key('203.0.113.5'));
  });

  it('refuses an empty secret', () => {
    expect(() => clientKey('203.0.113.5', '')).toThrow(/empty/);
  });
});

describe('minuteWindow', () => {
  it('changes on the minute', () => {
    expect(minuteWindow(new Date('2026-01-01T10:00:59.999Z'))).toBe(minuteWindow(new Date('2026-01-01T10:00:00.000Z')));
    expect(minuteWindow(new Date('2026-01-01T10:01:00.000Z'))).toBe(minuteWindow(new Date('2026-01-01T10:00:00.000Z')) + 1);
  });
});
