/**
 * The one place that initialises Firebase. Auth is needed on every page; Firestore is large
 * (about 137 kB gzipped) and only needed after sign-in, so it is loaded on demand by getDb().
 */
import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import { appConfig } from './config';

export const firebaseApp = initializeApp(appConfig.firebase);

export const auth = getAuth(firebaseApp);

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
