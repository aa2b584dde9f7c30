/**
 * The browser tests' switch for Firestore's local cache. In an emulator build (the browser
 * tests', `npm start`'s) Firestore caches in memory, as on a shared computer, when the page's
 * origin has this cookie: playwright.config.ts gives it to every test but those of the device's
 * cache itself (cache.spec.ts, legal.spec.ts's returning parent, the hosting project). Writing
 * the persistent cache anew in every fresh browser context was about a fifth of Chromium's CPU
 * in the browser tests (docs/testing.md, "Firestore's persistent cache in its own specs"). A
 * build for a real project never reads the cookie.
 */
export const MEMORY_CACHE_COOKIE = { name: 'family-portal-test-cache', value: 'memory' } as const;

export function memoryCacheForTests(useEmulators: boolean, cookies: string): boolean {
  return useEmulators && cookies.split(/;\s*/).includes(`${MEMORY_CACHE_COOKIE.name}=${MEMORY_CACHE_COOKIE.value}`);
}
