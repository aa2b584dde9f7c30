/**
 * The navigations the service worker never answers with the app (src/sw/sw.ts): Hosting's own
 * URLs (/__/auth/…, /__/firebase/…) and files the app does not route (robots.txt, a missing
 * /assets/… which must stay a 404).
 */
export const NAVIGATE_FALLBACK_DENYLIST = [/^\/__\//, /^\/assets\//, /^[^?]*\/[^/?]*\.[a-z0-9]+(?:\?|$)/i];
