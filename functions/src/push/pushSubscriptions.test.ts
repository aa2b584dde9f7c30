import { describe, expect, it } from 'vitest';
import { deviceId, isPushServiceEndpoint } from './pushSubscriptions';

describe('isPushServiceEndpoint', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAA',
    'https://web.push.apple.com/QGuQyavXutnMH',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
  ])('takes the push service of a browser: %s', (endpoint) => {
    expect(isPushServiceEndpoint(endpoint, { emulated: false })).toBe(true);
  });

  it.each([
    ['http://fcm.googleapis.com/fcm/send/x', 'not https'],
    ['https://fcm.googleapis.com.attacker.example/x', 'a look-alike host'],
    ['https://attacker.example/?fcm.googleapis.com', 'another host'],
    ['https://fcm.googleapis.com:8443/x', 'another port'],
    ['https://user:secret@fcm.googleapis.com/x', 'credentials in the address'],
    ['https://metadata.google.internal/computeMetadata/v1/', "the platform's metadata server"],
    ['not a url', 'no address at all'],
  ])('refuses %s (%s)', (endpoint) => {
    expect(isPushServiceEndpoint(endpoint, { emulated: false })).toBe(false);
  });

  it('takes a local push service in the emulators only', () => {
    expect(isPushServiceEndpoint('http://127.0.0.1:8090/push/abc', { emulated: true })).toBe(true);
    expect(isPushServiceEndpoint('http://127.0.0.1:8090/push/abc', { emulated: false })).toBe(false);
    expect(isPushServiceEndpoint('http://192.168.1.10:8090/push/abc', { emulated: true })).toBe(false);
  });
});

describe('deviceId', () => {
  it('is the hex SHA-256 of the endpoint, which the web app computes the same way', () => {
    expect(deviceId('https://fcm.googleapis.com/fcm/send/abc')).toMatch(/^[0-9a-f]{64}$/);
    expect(deviceId('a')).toBe('ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb');
  });
});
