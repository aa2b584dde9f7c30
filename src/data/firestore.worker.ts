/**
 * Firestore, off the page's main thread. Its code (about half of the dashboard's JavaScript)
 * and its work on the local cache (IndexedDB reads, parsing) ran in the page's tasks, where a
 * phone's screen waits for them; here they run beside it. The page talks to this worker
 * through data/firebase (Comlink), and Auth stays on the page (see authFromPage).
 */
/// <reference lib="webworker" />
import * as contract from '@family-portal/contract';
import { ADMIN_USERS } from '@family-portal/contract/rules';
import * as Comlink from 'comlink';
import { initializeApp } from 'firebase/app';
import {
  connectFirestoreEmulator,
  doc,
  getDocFromCache,
  initializeFirestore,
  memoryLocalCache,
  persistentLocalCache,
  persistentSingleTabManager,
  terminate,
  type Firestore,
} from 'firebase/firestore';
import { appConfig } from '../lib/config';
import { warmIntl } from '../lib/warmIntl';
import { AuthFromPage, type TokenSource } from './authFromPage';
import { createFamilyStore, type FamilyStore } from './familyStore';
import { firestoreFunctions } from './firestoreFunctions';
import { provideAuthToFirestore } from './firebaseInterop';
import type { BookingQuery } from './booking';
import type { FamilyData } from './familyData';

/**
 * Held by the tab whose worker keeps the device's persistent cache. Firestore's multi-tab cache
 * needs localStorage, which a worker lacks; so one tab keeps the cache, and a tab opened beside
 * it caches in memory. The browser lets go of the lock the moment that tab closes or reloads,
 * so the tab that holds it may take over the cache from a page that is gone.
 */
const CACHE_LOCK = 'family-portal-firestore-cache';
/**
 * A reloaded page's worker may still be ending: how long to wait for its lock (5 to 37 ms here),
 * which a tab opened beside one that keeps the cache waits before it caches in memory.
 */
const CACHE_LOCK_WAIT_MS = 500;

function holdCacheLock(): Promise<boolean> {
  return new Promise((resolve) => {
    navigator.locks
      .request(CACHE_LOCK, { signal: AbortSignal.timeout(CACHE_LOCK_WAIT_MS) }, () => {
        resolve(true);
        // Held for the worker's life.
        return new Promise<never>(() => undefined);
      })
      .catch(() => resolve(false));
  });
}

async function localCache(keepNothing: boolean) {
  if (keepNothing || !(await holdCacheLock())) return memoryLocalCache();
  return persistentLocalCache({ tabManager: persistentSingleTabManager({ forceOwnership: true }) });
}

let auth: AuthFromPage | undefined;
let opened: Promise<{ db: Firestore; store: FamilyStore }> | undefined;

function store(): Promise<FamilyStore> {
  if (!opened) return Promise.reject(new Error('The Firestore worker was not opened'));
  return opened.then(({ store }) => store);
}

/** The page's side of the worker. A DataLoadError of the reads reaches the page as its name and message. */
const api = {
  open(keepNothing: boolean, tokens: TokenSource) {
    auth = new AuthFromPage(tokens);
    const app = initializeApp(appConfig.firebase);
    provideAuthToFirestore(app, auth);
    opened = localCache(keepNothing).then((cache) => {
      const db = initializeFirestore(app, { localCache: cache });
      if (appConfig.useEmulators) connectFirestoreEmulator(db, appConfig.emulatorHost, 8080);
      // Starts Firestore's client now, while the parent types: it opens the cache's database
      // (creating it on a first visit) before the first read, not after "Sign in". A cache
      // lookup is the lightest call that does; the document need not exist.
      getDocFromCache(doc(db, ADMIN_USERS, '-')).catch(() => undefined);
      return { db, store: createFamilyStore(firestoreFunctions, db, contract) };
    });
    // While the lock and the cache open: the page's first render then finds ICU's data loaded.
    warmIntl();
  },
  userChanged(uid: string | null) {
    auth?.userChanged(uid);
  },
  tokenChanged(uid: string, token: string) {
    auth?.tokenChanged(uid, token);
  },
  async readFamily(email: string, cacheFirst: boolean, onCached: (kept: FamilyData) => unknown) {
    try {
      return await (await store()).readFamily(email, cacheFirst, onCached);
    } finally {
      // The page's function came as a Comlink proxy, which holds a channel until released.
      (onCached as unknown as Comlink.Remote<unknown>)[Comlink.releaseProxy]();
    }
  },
  async readCorrespondence(memberId: string) {
    return (await store()).readCorrespondence(memberId);
  },
  async readOlderNotices(memberId: string, after: { noticeId: string; sentAt: string }) {
    return (await store()).readOlderNotices(memberId, after);
  },
  async readNotice(memberId: string, noticeId: string) {
    return (await store()).readNotice(memberId, noticeId);
  },
  async isAdmin(email: string) {
    return (await store()).isAdmin(email);
  },
  async readBooking(query: BookingQuery) {
    return (await store()).readBooking(query);
  },
  async readOfficeTimetable() {
    return (await store()).readOfficeTimetable();
  },
  async readDirectDebit(memberId: string) {
    return (await store()).readDirectDebit(memberId);
  },
  async readCollectionRuns() {
    return (await store()).readCollectionRuns();
  },
  async readRunDebits(runId: string) {
    return (await store()).readRunDebits(runId);
  },
  /** Ends Firestore, which lets go of the cache's database (the page deletes it next). */
  async close() {
    if (opened) await terminate((await opened).db);
  },
};

export type FirestoreWorker = typeof api;

Comlink.expose(api);
