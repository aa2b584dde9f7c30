/** Admin SDK handles for tools and tests that talk to the emulators. */
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { emulatorClientEnv, PROJECT_ID } from './stack';

/** The stack's project, or another one on the same emulators (APART_PROJECT_ID). */
export function emulatorAdmin(projectId = PROJECT_ID) {
  // The Admin SDK finds the emulators through these variables; set them before first use.
  for (const [key, value] of Object.entries(emulatorClientEnv())) process.env[key] ??= value;
  const name = projectId === PROJECT_ID ? '[DEFAULT]' : projectId;
  const app = getApps().find((candidate) => candidate.name === name) ?? initializeApp({ projectId }, name);
  return { app, db: getFirestore(app), auth: getAuth(app) };
}
