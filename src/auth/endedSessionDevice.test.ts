// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PUSH_ENDPOINT_KEY } from '../lib/pushDeviceKey';
import { releaseDeviceOfEndedSession } from './endedSessionDevice';

/** The session Auth restores at the page's start (after checking it with the server). */
const auth = vi.hoisted(() => ({ currentUser: null as { uid: string } | null, authStateReady: vi.fn(async () => undefined), loaded: 0 }));
vi.mock('../data/firebase', () => ({
  getAuth: async () => {
    auth.loaded += 1;
    return auth;
  },
}));
const push = vi.hoisted(() => ({ releaseThisDevice: vi.fn(async () => undefined) }));
vi.mock('../api/pushSubscription', () => push);

const turnedOnFor = (uid: string) => localStorage.setItem(PUSH_ENDPOINT_KEY, JSON.stringify({ uid, endpoint: 'https://fcm.googleapis.com/fcm/send/x', device: 'd', releaseKey: 'k' }));
const sessionNoted = () => localStorage.setItem('session', '1');

beforeEach(() => {
  localStorage.clear();
  auth.currentUser = null;
  auth.loaded = 0;
  push.releaseThisDevice.mockClear();
});

describe("a page's start, for a device turned on for pushes", () => {
  it('keeps the device while the session that turned it on goes on', async () => {
    turnedOnFor('anna');
    sessionNoted();
    auth.currentUser = { uid: 'anna' };
    await releaseDeviceOfEndedSession();
    expect(push.releaseThisDevice).not.toHaveBeenCalled();
  });

  it('releases it when that session ended while the portal was closed (Auth restores nobody: revoked, signed out elsewhere)', async () => {
    turnedOnFor('anna');
    sessionNoted();
    await releaseDeviceOfEndedSession();
    expect(push.releaseThisDevice).toHaveBeenCalledTimes(1);
  });

  it('releases it when another account is signed in now', async () => {
    turnedOnFor('anna');
    sessionNoted();
    auth.currentUser = { uid: 'olga' };
    await releaseDeviceOfEndedSession();
    expect(push.releaseThisDevice).toHaveBeenCalledTimes(1);
  });

  it('releases it without loading Auth when no session is noted, and an unreadable entry too', async () => {
    turnedOnFor('anna');
    await releaseDeviceOfEndedSession();
    expect(push.releaseThisDevice).toHaveBeenCalledTimes(1);
    expect(auth.loaded).toBe(0);
    localStorage.setItem(PUSH_ENDPOINT_KEY, 'not json');
    sessionNoted();
    await releaseDeviceOfEndedSession();
    expect(push.releaseThisDevice).toHaveBeenCalledTimes(2);
  });

  it('loads neither Auth nor the push code where no device is on', async () => {
    sessionNoted();
    await releaseDeviceOfEndedSession();
    expect(auth.loaded).toBe(0);
    expect(push.releaseThisDevice).not.toHaveBeenCalled();
  });

  it('lets the page render when the check cannot finish in time', async () => {
    vi.useFakeTimers();
    try {
      turnedOnFor('anna');
      sessionNoted();
      auth.authStateReady.mockImplementationOnce(() => new Promise(() => undefined));
      const started = releaseDeviceOfEndedSession();
      await vi.advanceTimersByTimeAsync(5000);
      await expect(started).resolves.toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
