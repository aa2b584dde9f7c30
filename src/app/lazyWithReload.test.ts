import { describe, expect, it, vi } from 'vitest';
import { importWithReload, isChunkLoadError, RELOADED_FOR_KEY, type ReloadEnvironment } from './lazyWithReload';

const GONE = 'Failed to fetch dynamically imported module: https://portal.example.org/assets/PlansPage-Ab12Cd34.js';

function fakeBrowser() {
  const stored = new Map<string, string>();
  const environment: ReloadEnvironment = {
    storage: { getItem: (key) => stored.get(key) ?? null, setItem: (key, value) => void stored.set(key, value) },
    reload: vi.fn(),
  };
  return { environment, stored };
}

/** Whether a promise settled within the microtasks the import takes. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(() => (done = true), () => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('importWithReload', () => {
  it('passes a successful import through without reloading', async () => {
    const { environment } = fakeBrowser();
    await expect(importWithReload(async () => 'module', () => environment)).resolves.toBe('module');
    expect(environment.reload).not.toHaveBeenCalled();
  });

  it('reloads once when a chunk is gone, and keeps the page waiting for the reload', async () => {
    const { environment, stored } = fakeBrowser();
    const loading = importWithReload(() => Promise.reject(new TypeError(GONE)), () => environment);
    expect(await settled(loading)).toBe(false);
    expect(environment.reload).toHaveBeenCalledTimes(1);
    expect(JSON.parse(stored.get(RELOADED_FOR_KEY)!)).toEqual([GONE]);
  });

  it('rethrows the same failure after the reload, so that the page cannot loop', async () => {
    const { environment, stored } = fakeBrowser();
    stored.set(RELOADED_FOR_KEY, JSON.stringify([GONE]));
    await expect(importWithReload(() => Promise.reject(new TypeError(GONE)), () => environment)).rejects.toThrow(GONE);
    expect(environment.reload).not.toHaveBeenCalled();
  });

  it('still reloads for another missing chunk, e.g. after the next deploy', async () => {
    const { environment, stored } = fakeBrowser();
    stored.set(RELOADED_FOR_KEY, JSON.stringify([GONE]));
    const other = GONE.replace('Ab12Cd34', 'Zz99Yy88');
    expect(await settled(importWithReload(() => Promise.reject(new TypeError(other)), () => environment))).toBe(false);
    expect(environment.reload).toHaveBeenCalledTimes(1);
    expect(JSON.parse(stored.get(RELOADED_FOR_KEY)!)).toEqual([GONE, other]);
  });

  it('rethrows other errors without reloading', async () => {
    const { environment } = fakeBrowser();
    await expect(importWithReload(() => Promise.reject(new Error('boom')), () => environment)).rejects.toThrow('boom');
    expect(environment.reload).not.toHaveBeenCalled();
  });

  it('survives an unreadable sessionStorage entry', async () => {
    const { environment, stored } = fakeBrowser();
    stored.set(RELOADED_FOR_KEY, '{not json');
    expect(await settled(importWithReload(() => Promise.reject(new TypeError(GONE)), () => environment))).toBe(false);
    expect(environment.reload).toHaveBeenCalledTimes(1);
  });
});

describe('isChunkLoadError', () => {
  it.each([
    [GONE, true],
    ['error loading dynamically imported module: https://portal.example.org/assets/x.js', true],
    ['Importing a module script failed.', true],
    ['Unable to preload CSS for /assets/PlansPage-Ab12Cd34.css', true],
    ['Cannot read properties of undefined', false],
  ])('%s → %s', (message, expected) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(expected);
  });

  it('is false for values that are not errors', () => {
    expect(isChunkLoadError(GONE)).toBe(false);
  });
});
