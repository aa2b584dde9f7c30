/**
 * Firestore's local cache in the browser tests (src/data/testCache.ts, docs/testing.md):
 * the desktop and phone projects' contexts carry the cookie that makes an emulator build cache in
 * memory; a spec about the persistent cache, as a parent's own device keeps it, opts out.
 */
import type { Page } from '@playwright/test';
import { MEMORY_CACHE_COOKIE } from '../../../src/data/testCache';
import { HOSTING_ORIGIN } from './hosting';

/** The projects' storage state: only the cookie. */
export const MEMORY_CACHE = {
  cookies: [{ ...MEMORY_CACHE_COOKIE, domain: new URL(HOSTING_ORIGIN).hostname, path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' as const }],
  origins: [],
};

/** `test.use({ storageState: PERSISTENT_CACHE })`: no cookie, so Firestore keeps its cache on the device. */
export const PERSISTENT_CACHE = { cookies: [], origins: [] };

/** The names of this origin's IndexedDB databases that Firestore's cache keeps. */
export const firestoreDatabases = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name ?? '').filter((name) => name.startsWith('firestore/')));
