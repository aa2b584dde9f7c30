/**
 * The one place that initialises Firebase. Auth is needed on every page; Firestore is large
 * (about 137 kB gzipped) and only needed after sign-in, so it is loaded on demand by getDb().
 */
import { initializeApp } from 'firebase/app';
import { browserLocalPersistence, connectAuthEmulator, indexedDBLocalPersistence, initializeAuth } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import { appConfig } from './config';

export const firebaseApp = initializeApp(appConfig.firebase);

// initializeAuth instead of getAuth: getAuth also installs the popup/redirect resolver, which
// loads apis.google.com/js/api.js on every page. The portal signs in with e-mail and password
// only, so it needs persistence (IndexedDB, else localStorage) and nothing from that origin.
export const auth = initializeAuth(firebaseApp, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });

if (appConfig.useEmulators) {
  connectAuthEmulator(auth, `http://${appConfig.emulatorHost}:9099`, { disableWarnings: true });
}

let dbPromise: Promise<Firestore> | undefined;

/** Firestore, loaded and connected (to the emulator when configured) on first use. */
export function getDb(): Promise<Firestore> {
  dbPromise ??= import('firebase/firestore').then(({ getFirestore, connectFirestoreEmulator }) => {
    const db = getFirestore(firebaseApp);
    if (appConfig.useEmulators) connectFirestoreEmulator(db, appConfig.emulatorHost, 8080);
    return db;
  });
  return dbPromise;
}
