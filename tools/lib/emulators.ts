/** Helpers for suites that run inside `firebase emulators:exec`. */
import { emulatorAdmin } from './adminSdk';
import { EMULATOR_HOST, PORTS, PROJECT_ID } from './stack';

export { emulatorAdmin };

/** Deletes every document of a project (the stack's by default) in the Firestore emulator. */
export async function clearFirestore(projectId = PROJECT_ID): Promise<void> {
  const response = await fetch(
    `http://${EMULATOR_HOST}:${PORTS.firestore}/emulator/v1/projects/${projectId}/databases/(default)/documents`,
    { method: 'DELETE' },
  );
  if (!response.ok) throw new Error(`Clearing Firestore failed: HTTP ${response.status}`);
}

/** Deletes every account in the Auth emulator. */
export async function clearAuth(): Promise<void> {
  const response = await fetch(`http://${EMULATOR_HOST}:${PORTS.auth}/emulator/v1/projects/${PROJECT_ID}/accounts`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`Clearing Auth failed: HTTP ${response.status}`);
}
