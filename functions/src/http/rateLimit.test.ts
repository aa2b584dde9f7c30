import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Request } from 'express';
import { clientAddress, clientKey, clientNetwork, clientSite, minuteWindow, siteKey } from './rateLimit';

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

/** A request as the Functions Framework hands it over: headers, and the socket's address. */
const requestWith = (forwardedFor: string | undefined, ip = '10.0.0.9') =>
  ({ get: (name: string) => (name.toLowerCase() === 'x-forwarded-for' ? forwardedFor : undefined), ip }) as unknown as Request;

describe('clientAddress', () => {
  it.each([
    // Called directly: Google's front end appends what it sees; what comes before is the client's own.
    [0, '198.51.100.7', '198.51.100.7'],
    [0, 'spoofed, 198.51.100.7', '198.51.100.7'],
    [0, '203.0.113.66, spoofed, 198.51.100.7', '198.51.100.7'],
    // Behind one proxy (a load balancer): it appended the client, the front end the proxy.
    [1, 'spoofed, 198.51.100.7, 192.0.2.1', '198.51.100.7'],
    [1, '198.51.100.7, 192.0.2.1', '198.51.100.7'],
    // Behind two proxies.
    [2, 'spoofed, 198.51.100.7, 192.0.2.1, 192.0.2.2', '198.51.100.7'],
    [2, ' spoofed ,2001:db8::7 , 192.0.2.1,192.0.2.2 ', '2001:db8::7'],
  ])('with %i trusted proxies, takes the client of "%s" as %s', (proxies, header, client) => {
    expect(clientAddress(requestWith(header), proxies)).toBe(client);
  });

  it('takes the last entry of a header too short to have passed the proxies (a direct call), never one the caller chose', () => {
    expect(clientAddress(requestWith('198.51.100.7'), 1)).toBe('198.51.100.7');
    expect(clientAddress(requestWith('spoofed, 198.51.100.7'), 2)).toBe('198.51.100.7');
  });

  it("falls back to the socket's address without a header", () => {
    expect(clientAddress(requestWith(undefined))).toBe('10.0.0.9');
    expect(clientAddress(requestWith(' , '), 1)).toBe('10.0.0.9');
  });

  it('gives clients behind one proxy counters of their own only when the proxy is trusted', () => {
    const behindProxy = (client: string) => requestWith(`${client}, 192.0.2.1`);
    expect(key(clientAddress(behindProxy('198.51.100.7'), 1))).not.toBe(key(clientAddress(behindProxy('198.51.100.8'), 1)));
    expect(key(clientAddress(behindProxy('198.51.100.7'), 0))).toBe(key(clientAddress(behindProxy('198.51.100.8'), 0)));
  });
});

describe('clientSite', () => {
  it.each([
    ['2001:db8:aa:bb::1', '2001:db8:aa::/48'],
    ['2001:0DB8:00AA:FFFF:1:2:3:4', '2001:db8:aa::/48'],
    ['2001:db8::1', '2001:db8:0::/48'],
    ['203.0.113.5', null],
    ['::ffff:203.0.113.5', null],
    ['unknown', null],
  ])('puts %s in the site %s', (address, site) => {
    expect(clientSite(address)).toBe(site);
  });

  it("keys every /64 of one /48 alike, apart from the /64's own key and from other sites", () => {
    const site = siteKey('2001:db8:aa:1::1', SECRET);
    expect(siteKey('2001:db8:aa:ffff::2', SECRET)).toBe(site);
    expect(siteKey('2001:db8:ab:1::1', SECRET)).not.toBe(site);
    expect(site).not.toBe(key('2001:db8:aa:1::1'));
    expect(siteKey('203.0.113.5', SECRET)).toBeNull();
  });
});
