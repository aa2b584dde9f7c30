// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetThisDevice, releaseThisDevice, thisDeviceEndpoint, thisDeviceHandle, turnOffThisDevice } from './pushSubscription';
import { PUSH_ENDPOINT_KEY } from '../lib/pushDeviceKey';

const api = vi.hoisted(() => ({ subscribePush: vi.fn(), unsubscribePush: vi.fn(), releasePushDevice: vi.fn() }));
vi.mock('./push', () => api);

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/this-device';

beforeEach(() => {
  localStorage.clear();
  api.unsubscribePush.mockReset().mockResolvedValue(undefined);
  api.releasePushDevice.mockReset().mockResolvedValue(undefined);
});

describe('this device', () => {
  it('is on for the account it was turned on for, not for the next one to sign in on it', async () => {
    localStorage.setItem(PUSH_ENDPOINT_KEY, JSON.stringify({ uid: 'anna', endpoint: ENDPOINT }));
    expect(await thisDeviceEndpoint('anna')).toBe(ENDPOINT);
    expect(await thisDeviceEndpoint('olga')).toBeNull();
    localStorage.setItem(PUSH_ENDPOINT_KEY, 'not json');
    expect(await thisDeviceEndpoint('anna')).toBeNull();
  });

  it('forgets its subscription even when the functions cannot be told (the account is already gone)', async () => {
    localStorage.setItem(PUSH_ENDPOINT_KEY, JSON.stringify({ uid: 'anna', endpoint: ENDPOINT }));
    api.unsubscribePush.mockRejectedValue(new Error('unauthenticated'));
    await expect(turnOffThisDevice()).rejects.toThrow('unauthenticated');
    expect(api.unsubscribePush).toHaveBeenCalledWith(ENDPOINT);
    expect(localStorage.getItem(PUSH_ENDPOINT_KEY)).toBeNull();
  });

  it('on signing out, tells the functions only when it was turned on, and never stops the sign-out', async () => {
    await forgetThisDevice();
    expect(api.unsubscribePush).not.toHaveBeenCalled();
    localStorage.setItem(PUSH_ENDPOINT_KEY, JSON.stringify({ uid: 'anna', endpoint: ENDPOINT }));
    api.unsubscribePush.mockRejectedValue(new Error('offline'));
    await expect(forgetThisDevice()).resolves.toBeUndefined();
    expect(api.unsubscribePush).toHaveBeenCalledWith(ENDPOINT);
  });

  it('knows its handle in the account\'s list only for the account it was turned on for', () => {
    localStorage.setItem(PUSH_ENDPOINT_KEY, JSON.stringify({ uid: 'anna', endpoint: ENDPOINT, device: 'handle', releaseKey: 'key' }));
    expect(thisDeviceHandle('anna')).toBe('handle');
    expect(thisDeviceHandle('olga')).toBeNull();
  });

  it('once its session has ended, forgets the subscription and asks the functions, without a token, with its own key', async () => {
    localStorage.setItem(PUSH_ENDPOINT_KEY, JSON.stringify({ uid: 'anna', endpoint: ENDPOINT, device: 'handle', releaseKey: 'key' }));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    api.releasePushDevice.mockRejectedValue(new Error('offline'));
    await expect(releaseThisDevice()).resolves.toBeUndefined();
    expect(api.releasePushDevice).toHaveBeenCalledWith(ENDPOINT, 'key');
    expect(api.unsubscribePush).not.toHaveBeenCalled();
    expect(localStorage.getItem(PUSH_ENDPOINT_KEY)).toBeNull();
    // Turned on before devices were given a key: forgotten here, and the push service's 410 ends the rest.
    localStorage.setItem(PUSH_ENDPOINT_KEY, JSON.stringify({ uid: 'anna', endpoint: ENDPOINT }));
    await releaseThisDevice();
    expect(api.releasePushDevice).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(PUSH_ENDPOINT_KEY)).toBeNull();
  });
});
