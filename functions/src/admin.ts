import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

/** The Admin SDK app, initialised once per function instance. */
export function adminDb(): Firestore {
  if (getApps().length === 0) initializeApp();
  return getFirestore();
}
