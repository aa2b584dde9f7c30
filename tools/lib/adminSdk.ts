/** Admin SDK handles for tools and tests that talk to the emulators. */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { emulatorClientEnv, PROJECT_ID } from './stack';

export function emulatorAdmin() {
  // The Admin SDK finds the emulators through these variables; set them before first use.
  for (const [key, value] of Object.entries(emulatorClientEnv())) process.env[key] ??= value;
  const app = getApps()[0] ?? initializeApp({ projectId: PROJECT_ID });
  return { app, db: getFirestore(app), auth: getAuth(app) };
}
