// @vitest-environment jsdom
import { renderHook, act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';

/** A fresh copy of the module (its state is per page) and a stand-in for vite-plugin-pwa's registerSW. */
async function setUp() {
  vi.resetModules();
  const serviceWorker = await import('./serviceWorker');
  const activate = vi.fn(() => Promise.resolve());
  let options: RegisterSWOptions = {};
  const registerSW = vi.fn((given: RegisterSWOptions) => {
    options = given;
    return activate;
  });
  return { serviceWorker, registerSW, activate, options: () => options };
}

describe('service worker registration', () => {
  beforeEach(() => {
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    vi.useFakeTimers();
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    vi.useRealTimers();
  });

  it('registers at once and reports a waiting version to its subscribers', async () => {
    const { serviceWorker, registerSW, options } = await setUp();
    const { result } = renderHook(() => serviceWorker.useUpdateWaiting());
    expect(result.current).toBe(false);

    await serviceWorker.registerServiceWorker(() => Promise.resolve(registerSW));
    expect(registerSW).toHaveBeenCalledOnce();
    expect(options().immediate).toBe(true);
    expect(result.current).toBe(false);

    act(() => options().onNeedRefresh!());
    expect(result.current).toBe(true);
  });

  it('"reload to update" activates the waiting version with a reload', async () => {
    const { serviceWorker, registerSW, activate } = await setUp();
    await serviceWorker.reloadToUpdate(); // before registration: nothing to activate, no error
    await serviceWorker.registerServiceWorker(() => Promise.resolve(registerSW));
    await serviceWorker.reloadToUpdate();
    expect(activate).toHaveBeenCalledExactlyOnceWith(true);
  });

  it('asks for a new version every hour while online, not while offline', async () => {
    const { serviceWorker, registerSW, options } = await setUp();
    await serviceWorker.registerServiceWorker(() => Promise.resolve(registerSW));
    const update = vi.fn(() => Promise.resolve());
    options().onRegisteredSW!('/sw.js', { update } as unknown as ServiceWorkerRegistration);

    vi.advanceTimersByTime(serviceWorker.UPDATE_CHECK_INTERVAL_MS - 1);
    expect(update).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(update).toHaveBeenCalledOnce();

    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.advanceTimersByTime(serviceWorker.UPDATE_CHECK_INTERVAL_MS);
    expect(update).toHaveBeenCalledOnce();
    online.mockReturnValue(true);
    vi.advanceTimersByTime(serviceWorker.UPDATE_CHECK_INTERVAL_MS);
    expect(update).toHaveBeenCalledTimes(2);
  });

  it('does nothing where the browser has no service workers', async () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    const { serviceWorker, registerSW } = await setUp();
    await serviceWorker.registerServiceWorker(() => Promise.resolve(registerSW));
    expect(registerSW).not.toHaveBeenCalled();
  });

  it('registers once per page, however often it is asked', async () => {
    const { serviceWorker, registerSW } = await setUp();
    await Promise.all([serviceWorker.registerServiceWorker(() => Promise.resolve(registerSW)), serviceWorker.registerServiceWorker(() => Promise.resolve(registerSW))]);
    await serviceWorker.registerServiceWorker(() => Promise.resolve(registerSW));
    expect(registerSW).toHaveBeenCalledOnce();
  });

  it('logs a failed registration and does not throw: the portal works without the worker', async () => {
    const { serviceWorker } = await setUp();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(serviceWorker.registerServiceWorker(() => Promise.reject(new Error('offline')))).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('Service worker not registered', expect.any(Error));
  });

  it("on a first visit (no worker controls the page) registers nothing at load: the signed-in app does, later", async () => {
    const { serviceWorker } = await setUp();
    const listen = vi.spyOn(window, 'addEventListener');
    serviceWorker.registerServiceWorkerIfReturning();
    expect(listen).not.toHaveBeenCalledWith('load', expect.any(Function), expect.anything());
  });

  it("on a returning visitor's page (a worker controls it) registers once the page has loaded", async () => {
    Object.defineProperty(navigator, 'serviceWorker', { value: { controller: {} }, configurable: true });
    const { serviceWorker } = await setUp();
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    const listen = vi.spyOn(window, 'addEventListener');
    serviceWorker.registerServiceWorkerIfReturning();
    expect(listen).toHaveBeenCalledWith('load', expect.any(Function), { once: true });
    readyState.mockRestore();
  });
});
