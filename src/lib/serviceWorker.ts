/// <reference types="vite-plugin-pwa/vanillajs" />
/**
 * The page's side of the service worker (vite.config.ts builds it with Workbox), in production
 * builds only. A new version installs in the background and waits; the parent decides when to
 * take it ("reload to update", src/app/UpdatePrompt.tsx), so that no form is lost to a reload.
 *
 * When it is registered: its first install downloads the whole app shell (every chunk, the three
 * languages, the icons), which on a first visit competed with signing in and the family's first
 * reads and delayed the dashboard noticeably (`npm run bench:web`). So a first visit registers
 * it once the signed-in app has shown the family's figures (src/app/startup.ts). A page that a worker already
 * controls (a returning visitor) registers it once loaded, so that a new version is found and
 * offered on every page, /login included.
 */
import { useSyncExternalStore } from 'react';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';

type RegisterSW = (options: RegisterSWOptions) => (reloadPage?: boolean) => Promise<void>;

/** How often an open tab asks whether a new version was deployed (browsers also ask on each load). */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let updateWaiting = false;
let activateUpdate: (() => Promise<void>) | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a new version has installed and waits for the parent's "reload to update". */
export function useUpdateWaiting(): boolean {
  return useSyncExternalStore(subscribe, () => updateWaiting, () => false);
}

/** Lets the waiting version take over; the page reloads once it controls the page. */
export async function reloadToUpdate(): Promise<void> {
  await activateUpdate?.();
}

const loadRegisterSW = (): Promise<RegisterSW> => import('virtual:pwa-register').then(({ registerSW }) => registerSW);

let registered: Promise<void> | undefined;

/**
 * Registers the worker, once per page however often it is asked (a no-op where the browser has
 * none); `load` is replaceable for tests. A failure is logged: the portal works without it.
 */
export function registerServiceWorker(load: () => Promise<RegisterSW> = loadRegisterSW): Promise<void> {
  registered ??= register(load).catch((error: unknown) => console.warn('Service worker not registered', error));
  return registered;
}

async function register(load: () => Promise<RegisterSW>): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const registerSW = await load();
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      updateWaiting = true;
      listeners.forEach((listener) => listener());
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      window.setInterval(() => {
        // Offline the check would only fail; the next interval or page load asks again.
        if (navigator.onLine) registration.update().catch(() => undefined);
      }, UPDATE_CHECK_INTERVAL_MS);
    },
    onRegisterError(error: unknown) {
      // The portal works without it (online); only the offline shell and the update prompt are missing.
      console.warn('Service worker not registered', error);
    },
  });
  activateUpdate = () => update(true);
}

/**
 * For a returning visitor, whose page a worker already controls: registers it once the page has
 * loaded (main.tsx, in production builds). A first visit's page registers nothing here.
 */
export function registerServiceWorkerIfReturning(): void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
  const start = () => void registerServiceWorker();
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
