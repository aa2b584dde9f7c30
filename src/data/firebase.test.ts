// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** What the page's side of Comlink returns for the Firestore worker: each test says how it answers. */
const remote = vi.hoisted(() => ({
  open: async () => undefined,
  close: async () => undefined,
  userChanged: async () => undefined,
  tokenChanged: async () => undefined,
}));
// Also a method of its own: the SDK's onIdTokenChanged calls the instance's, and Vitest can hand
// one of two imports of firebase/auth started together the real module.
const auth = vi.hoisted(() => ({ currentUser: null, authStateReady: async () => undefined, onIdTokenChanged: () => () => undefined }));

vi.mock('firebase/app', () => ({ initializeApp: () => ({}) }));
vi.mock('firebase/auth', () => ({
  initializeAuth: () => auth,
  connectAuthEmulator: () => undefined,
  onIdTokenChanged: () => () => undefined,
  indexedDBLocalPersistence: 'indexedDB',
  browserLocalPersistence: 'localStorage',
}));
vi.mock('comlink', () => ({ wrap: () => remote, proxy: <T>(value: T) => value }));

/** The workers this page started, in order. */
const workers: WorkerInTest[] = [];
class WorkerInTest {
  terminate = vi.fn();
  constructor() {
    workers.push(this);
  }
  addEventListener() {}
}

const never = () => new Promise<never>(() => undefined);

// One module for all tests: each ends with the session's data cleared, as a sign-out leaves it.
const { CLOSE_LIMIT_MS, clearLocalData, warmFirestore } = await import('./firebase');

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  workers.length = 0;
  vi.stubGlobal('Worker', WorkerInTest);
  remote.open = async () => undefined;
  remote.close = async () => undefined;
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  warn.mockRestore();
});

describe('clearLocalData (a session ends)', () => {
  it('ends the worker once its Firestore has closed, without waiting for the time limit', async () => {
    const order: string[] = [];
    remote.close = async () => void order.push('closed');
    await warmFirestore();
    workers[0]!.terminate.mockImplementation(() => order.push('ended'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    await clearLocalData();

    expect(order).toEqual(['closed', 'ended']);
    expect(warn).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ends a worker that never answers after CLOSE_LIMIT_MS, and the next Firestore starts', async () => {
    remote.close = never;
    await warmFirestore();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let cleared = false;
    void clearLocalData().then(() => (cleared = true));

    await vi.advanceTimersByTimeAsync(CLOSE_LIMIT_MS - 1);
    expect(cleared).toBe(false);
    expect(workers[0]!.terminate).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(cleared).toBe(true);
    expect(workers[0]!.terminate).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(`Firestore did not close within ${CLOSE_LIMIT_MS} ms; its worker is ended`);

    // A Firestore opened after the sign-out waits for it: it must not wait for ever.
    vi.useRealTimers();
    remote.close = async () => undefined;
    await warmFirestore();
    expect(workers).toHaveLength(2);
    expect(workers[1]!.terminate).not.toHaveBeenCalled();
    await clearLocalData();
  });

  it('ends a worker whose Firestore never finished opening', async () => {
    remote.open = never;
    void warmFirestore();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let cleared = false;
    void clearLocalData().then(() => (cleared = true));

    await vi.advanceTimersByTimeAsync(CLOSE_LIMIT_MS);
    expect(cleared).toBe(true);
    expect(workers[0]!.terminate).toHaveBeenCalledTimes(1);
  });

  it('logs a close that fails and still ends the worker', async () => {
    remote.close = async () => {
      throw new Error('IndexedDB is gone');
    };
    await warmFirestore();

    await clearLocalData();

    expect(warn).toHaveBeenCalledWith('Firestore did not close cleanly', expect.objectContaining({ message: 'IndexedDB is gone' }));
    expect(workers[0]!.terminate).toHaveBeenCalledTimes(1);
  });
});
