import { describe, expect, it } from 'vitest';
import { offerHoldMsFromEnvironment } from './waitingSettings';

describe('offerHoldMsFromEnvironment', () => {
  it('holds an offered place 48 hours unless WAITING_LIST_OFFER_HOURS says otherwise', () => {
    expect(offerHoldMsFromEnvironment({})).toBe(48 * 3_600_000);
    expect(offerHoldMsFromEnvironment({ WAITING_LIST_OFFER_HOURS: ' ' })).toBe(48 * 3_600_000);
    expect(offerHoldMsFromEnvironment({ WAITING_LIST_OFFER_HOURS: '24' })).toBe(24 * 3_600_000);
  });

  it('refuses what is not a whole number of hours from 1 to 336, naming the setting', () => {
    for (const raw of ['0', '1.5', '337', 'zwei', '-3']) {
      expect(() => offerHoldMsFromEnvironment({ WAITING_LIST_OFFER_HOURS: raw })).toThrow(`WAITING_LIST_OFFER_HOURS must be a whole number of hours from 1 to 336 (14 days), not "${raw}"`);
    }
  });
});
