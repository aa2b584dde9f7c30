/**
 * The one place that initialises Firebase, on first use. Nothing of Firebase is part of the
 * first page's JavaScript: the login form paints and works without it, Auth (about 47 kB gzipped
 * with the app) loads when the form is used or a session may exist (AuthProvider), and Firestore
 * only once someone is signed in.
 */
import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import { appConfig } from './config';

let appPromise: Promise<FirebaseApp> | undefined;
let authPromise: Promise<Auth> | undefined;
let dbPromise: Promise<Firestore> | undefined;
/** The latest clearLocalData (it never rejects); a new Firestore starts after it. */
let closing: Promise<void> = Promise.resolve();

function getFirebaseApp(): Promise<FirebaseApp> {
  appPromise ??= import('firebase/app').then(({ initializeApp }) => initializeApp(appConfig.firebase));
  return appPromise;
}

let authAsked: () => void = () => undefined;
/** Settles when something first asks for Auth: a sign-in or reset on a public page, or the session's own start. */
export const authRequested = new Promise<void>((resolve) => (authAsked = resolve));

/** Firebase Auth, connected to the emulator when configured. */
export function getAuth(): Promise<Auth> {
  authAsked();
  authPromise ??= Promise.all([getFirebaseApp(), import('firebase/auth')]).then(
    ([app, { browserLocalPersistence, connectAuthEmulator, indexedDBLocalPersistence, initializeAuth }]) => {
      // initializeAuth instead of getAuth: getAuth also installs the popup/redirect resolver, which
      // loads apis.google.com/js/api.js on every page. The portal signs in with e-mail and password
      // only, so it needs persistence (IndexedDB, else localStorage) and nothing from that origin.
      const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
      if (appConfig.useEmulators) connectAuthEmulator(auth, `http://${appConfig.emulatorHost}:9099`, { disableWarnings: true });
      return auth;
    },
  );
  return authPromise;
}

/**
 * "This is a shared computer" (chosen on the sign-in form): the session keeps nothing on the
 * device, so Firestore caches in memory only. Firestore may already be open from the typing
 * that came before the choice; its database is then deleted, and the next use opens it anew.
 */
let keepNothing = false;

export async function keepNothingOnThisDevice(on: boolean): Promise<void> {
  const changed = keepNothing !== on;
  keepNothing = on;
  if (changed && on) await clearLocalData();
}

/**
 * Firestore with a persistent local cache shared by the browser's tabs, so a returning parent
 * sees the last figures at once (in memory only on a shared computer); connected to the
 * emulator when configured.
 */
export function getDb(): Promise<Firestore> {
  // A Firestore still closing would refuse a new one on the same app: wait for it.
  dbPromise ??= closing.then(() => Promise.all([getFirebaseApp(), import('firebase/firestore')])).then(
    ([app, { connectFirestoreEmulator, initializeFirestore, memoryLocalCache, persistentLocalCache, persistentMultipleTabManager }]) => {
      const localCache = keepNothing ? memoryLocalCache() : persistentLocalCache({ tabManager: persistentMultipleTabManager() });
      const db = initializeFirestore(app, { localCache });
      if (appConfig.useEmulators) connectFirestoreEmulator(db, appConfig.emulatorHost, 8080);
      return db;
    },
  );
  return dbPromise;
}

/** The IndexedDB database of Firestore's persistent cache (named by the SDK: key, project, "main"). */
export const firestoreDatabaseName = () => `firestore/[DEFAULT]/${appConfig.firebase.projectId}/main`;

/**
 * Forgets the family's documents on this device: ends this tab's Firestore and deletes the
 * cache's database. Every tab does so when its session ends (AuthProvider); a tab that still has
 * the database open ends its own Firestore on the deletion request (the SDK listens for it), and
 * the deletion completes once no tab holds it. Never loads Firestore's code for this.
 */
export function clearLocalData(): Promise<void> {
  const db = dbPromise;
  dbPromise = undefined;
  const cleared = closing.then(async () => {
    if (db) {
      try {
        const [instance, { terminate }] = await Promise.all([db, import('firebase/firestore')]);
        await terminate(instance);
      } catch (error) {
        console.warn('Firestore did not close cleanly', error);
      }
    }
    await deleteDatabase(firestoreDatabaseName());
  });
  closing = cleared;
  return cleared;
}


/** Resolves once the deletion is done, or queued behind another tab's open connection. */
function deleteDatabase(name: string): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => {
      console.warn('The local cache could not be deleted', request.error);
      resolve();
    };
    request.onblocked = () => resolve();
  });
}
