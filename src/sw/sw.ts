/**
 * The service worker (vite.config.ts builds it with vite-plugin-pwa's injectManifest): Workbox
 * precaches the app shell and answers the SPA's navigations with index.html, as the generated
 * worker did before, and Web Push notifications are shown and opened (src/lib/pushHandlers.ts).
 * A new version waits until the page asks it to take over ("reload to update",
 * src/lib/serviceWorker.ts), which posts SKIP_WAITING.
 */
/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NAVIGATE_FALLBACK_DENYLIST } from '../lib/navigateFallback';
import { openFromNotification, showPush, type PortalWindow, type PushScope } from '../lib/pushHandlers';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATE_FALLBACK_DENYLIST }));

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

const scope: PushScope = {
  origin: self.location.origin,
  showNotification: (title, options) => self.registration.showNotification(title, options),
  windows: async () =>
    (await self.clients.matchAll({ type: 'window', includeUncontrolled: true })).map(
      (client): PortalWindow => ({ url: client.url, focused: client.focused, focus: () => client.focus(), postMessage: (message) => client.postMessage(message) }),
    ),
  openWindow: (url) => self.clients.openWindow(url),
};

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(scope, event.data?.text()));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openFromNotification(scope, event.notification.data));
});
