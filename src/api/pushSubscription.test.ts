import { describe, expect, it } from 'vitest';
import { applicationServerKey, pushAvailability, type PushEnvironment } from './pushSubscription';

const ANDROID: PushEnvironment = { userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0', maxTouchPoints: 5, standalone: false, hasPush: true, permission: 'default' };
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.1 Safari/605.1.15';

describe('pushAvailability', () => {
  it('offers pushes where the browser has them', () => {
    expect(pushAvailability(ANDROID)).toBe('available');
    expect(pushAvailability({ ...ANDROID, permission: 'granted' })).toBe('available');
  });

  it('asks an iPhone or iPad to add the portal to the home screen first, and offers pushes there', () => {
    expect(pushAvailability({ ...ANDROID, userAgent: IPHONE, hasPush: false, permission: null })).toBe('install-first');
    expect(pushAvailability({ ...ANDROID, userAgent: IPAD_AS_MAC, maxTouchPoints: 5, hasPush: false })).toBe('install-first');
    expect(pushAvailability({ ...ANDROID, userAgent: IPHONE, standalone: true })).toBe('available');
    // A Mac has no touch screen: Safari on macOS has Web Push in the browser itself.
    expect(pushAvailability({ ...ANDROID, userAgent: IPAD_AS_MAC, maxTouchPoints: 0 })).toBe('available');
  });

  it('says when notifications are blocked or the browser has no Web Push', () => {
    expect(pushAvailability({ ...ANDROID, permission: 'denied' })).toBe('blocked');
    expect(pushAvailability({ ...ANDROID, hasPush: false })).toBe('unsupported');
    expect(pushAvailability({ ...ANDROID, permission: null })).toBe('unsupported');
    expect(pushAvailability({ ...ANDROID, hasPush: false }, { localService: true })).toBe('available');
  });
});

describe('the VAPID key', () => {
  it('decodes the VAPID public key to the 65-byte point pushManager.subscribe takes', () => {
    const key = applicationServerKey('BEsW5Jsuas37QxY6L9S7kdTOxYb_gwH-LX8SEEdMvxbyQA5gJEiLbvJNAjslmY4ebaRwKmPI6VE3oUguUOPtFeU');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(0x04);
  });
});
