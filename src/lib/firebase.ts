/**
 * The one place that initialises Firebase, on first use. Nothing of Firebase is part of the
 * first page's JavaScript: the login form paints without it, Auth (about 30 kB gzipped with
 * the app) loads right after, and Firestore (about 140 kB) only once someone is signed in.
 */
import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import { appConfig } from './config';

let appPromise: Promise<FirebaseApp> | undefined;
let authPromise: Promise<Auth> | undefined;
let dbPromise: Promise<Firestore> | undefined;

function getFirebaseApp(): Promise<FirebaseApp> {
  appPromise ??= import('firebase/app').then(({ initializeApp }) => initializeApp(appConfig.firebase));
  return appPromise;
}

/** Firebase Auth, connected to the emulator when configured. */
export function getAuth(): Promise<Auth> {
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
 * Firestore with a persistent local cache shared by the browser's tabs, so a returning parent
 * sees the last figures at once; connected to the emulator when configured.
 */
export function getDb(): Promise<Firestore> {
  dbPromise ??= Promise.all([getFirebaseApp(), import('firebase/firestore')]).then(
    ([app, { connectFirestoreEmulator, initializeFirestore, persistentLocalCache, persistentMultipleTabManager }]) => {
      const db = initializeFirestore(app, { localCache: persistentLocalCache({ tabManager: persistentMultipleTabManager() }) });
      if (appConfig.useEmulators) connectFirestoreEmulator(db, appConfig.emulatorHost, 8080);
      return db;
    },
  );
  return dbPromise;
}

/**
 * Forgets the family's documents on this device (sign-out on a shared computer). Another open
 * tab keeps the cache in use; then it stays until that tab signs out too.
 */
export async function clearLocalData(): Promise<void> {
  if (!dbPromise) return;
  const [db, { clearIndexedDbPersistence, terminate }] = await Promise.all([dbPromise, import('firebase/firestore')]);
  dbPromise = undefined;
  await terminate(db);
  try {
    await clearIndexedDbPersistence(db);
  } catch (error) {
    console.warn('The local cache stays: another tab is using it', error);
  }
}
