import { afterEach, describe, expect, it } from 'vitest';
import { TRUSTED_PROXIES_SETTING, trustedProxiesFromEnvironment } from './config';

afterEach(() => {
  delete process.env[TRUSTED_PROXIES_SETTING];
});

describe('TRUSTED_PROXY_COUNT', () => {
  it('is 0 unless set: the functions are called directly', () => {
    expect(trustedProxiesFromEnvironment()).toBe(0);
    process.env[TRUSTED_PROXIES_SETTING] = ' ';
    expect(trustedProxiesFromEnvironment()).toBe(0);
  });

  it('reads a whole number of proxies', () => {
    process.env[TRUSTED_PROXIES_SETTING] = '2';
    expect(trustedProxiesFromEnvironment()).toBe(2);
  });

  it.each(['-1', '1.5', 'one', '11'])('refuses %s with a message naming the setting', (value) => {
    process.env[TRUSTED_PROXIES_SETTING] = value;
    expect(() => trustedProxiesFromEnvironment()).toThrow(`TRUSTED_PROXY_COUNT must be a whole number of proxies from 0 to 10, not "${value}"`);
  });
});
