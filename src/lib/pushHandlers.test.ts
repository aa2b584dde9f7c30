import { describe, expect, it, vi } from 'vitest';
import { openFromNotification, pathOnPortal, readPayload, showPush, type PortalWindow, type PushScope } from './pushHandlers';

const ORIGIN = 'https://portal.lindenhof.example';

function scopeWith(tabs: Array<Partial<PortalWindow>>) {
  const windows = tabs.map((tab) => ({ url: `${ORIGIN}/`, focused: false, focus: vi.fn(async () => undefined), postMessage: vi.fn(), ...tab }));
  const scope: PushScope = { origin: ORIGIN, showNotification: vi.fn(async () => undefined), windows: async () => windows, openWindow: vi.fn(async () => null) };
  return { scope, windows };
}

const CANCELLED = {
  title: 'Unterricht fällt aus',
  body: 'Klavier am Dienstag, 1. Dezember 2026',
  path: '/plans?lesson=L1&cancelled=2026-12-01',
  tag: 'lessonCancelled:/plans?lesson=L1&cancelled=2026-12-01',
  lang: 'de',
  kind: 'lessonCancelled',
};

describe('a push arriving', () => {
  it('shows the notification in its language with the icon and badge, and tells the open tabs', async () => {
    const { scope, windows } = scopeWith([{}, {}]);
    await showPush(scope, JSON.stringify(CANCELLED));
    expect(scope.showNotification).toHaveBeenCalledWith('Unterricht fällt aus', {
      body: 'Klavier am Dienstag, 1. Dezember 2026',
      tag: CANCELLED.tag,
      lang: 'de',
      icon: '/pwa-192.png',
      badge: '/push-badge-96.png',
      data: { path: '/plans?lesson=L1&cancelled=2026-12-01', kind: 'lessonCancelled' },
    });
    for (const tab of windows) expect(tab.postMessage).toHaveBeenCalledWith({ type: 'push-arrived', kind: 'lessonCancelled' });
  });

  it('shows the portal, not nothing, for a push it cannot read', async () => {
    const { scope } = scopeWith([]);
    await showPush(scope, 'not json');
    expect(scope.showNotification).toHaveBeenCalledWith('Family Portal', expect.objectContaining({ data: { path: '/', kind: 'unknown' } }));
    expect(readPayload(JSON.stringify({ ...CANCELLED, title: 3 }))).toBeNull();
    expect(readPayload(undefined)).toBeNull();
  });
});

describe('a click on the notification', () => {
  it("brings the focused portal tab forward and takes it to the notification's page", async () => {
    const { scope, windows } = scopeWith([{ url: `${ORIGIN}/family` }, { url: `${ORIGIN}/`, focused: true }, { url: 'https://elsewhere.example/' }]);
    await openFromNotification(scope, { path: '/notices/N1' });
    expect(windows[1]!.focus).toHaveBeenCalled();
    expect(windows[1]!.postMessage).toHaveBeenCalledWith({ type: 'push-open', path: '/notices/N1' });
    expect(windows[0]!.postMessage).not.toHaveBeenCalled();
    expect(scope.openWindow).not.toHaveBeenCalled();
  });

  it('still takes the tab there when the browser does not let the worker focus it', async () => {
    const { scope, windows } = scopeWith([{ focus: vi.fn(async () => Promise.reject(new Error('InvalidAccessError'))) }]);
    await openFromNotification(scope, { path: '/plans?lesson=L1&cancelled=2026-12-01' });
    expect(windows[0]!.postMessage).toHaveBeenCalledWith({ type: 'push-open', path: '/plans?lesson=L1&cancelled=2026-12-01' });
  });

  it('opens the page in a new tab when no portal tab is open', async () => {
    const { scope } = scopeWith([{ url: 'https://elsewhere.example/' }]);
    await openFromNotification(scope, { path: '/booking' });
    expect(scope.openWindow).toHaveBeenCalledWith('/booking');
  });

  it('never leaves the portal for a link elsewhere', () => {
    expect(pathOnPortal('https://attacker.example/phish', ORIGIN)).toBe('/');
    expect(pathOnPortal('javascript:alert(1)', ORIGIN)).toBe('/');
    expect(pathOnPortal('/transactions?transaction=P1', ORIGIN)).toBe('/transactions?transaction=P1');
  });

  it('gives the same path when applied again, so a second pass cannot leave the portal', () => {
    // The worker applies it when it shows the push and again when the push is clicked.
    const inputs = ['/.//evil.com', '/..//evil.com/x', '/./\\evil.com', '////evil.com', '/a/../..//evil.com?x=1#y', '/plans?lesson=L1', '//evil.com', ''];
    for (const input of inputs) {
      const once = pathOnPortal(input, ORIGIN);
      expect(once, input).toMatch(/^\/(?![/\\])/);
      expect(pathOnPortal(once, ORIGIN), input).toBe(once);
    }
    expect(pathOnPortal('/.//evil.com', ORIGIN)).toBe('/evil.com');
  });
});
