/**
 * A device's pushes end with the session that turned them on. The sign-out button turns the
 * device off itself (signOutHere); every other end of a session (a tab closed on a session kept
 * in memory, a sign-out in another tab or on another device, a password change or reset, revoked
 * tokens, a disabled or deleted account, another account signed in since) leaves the device's
 * subscription behind, and the lock screen would go on showing the family's notifications to
 * whoever uses the device next. So each page start, before the first render, compares the
 * account the device was turned on for with the session Auth restores (which it checks with the
 * server: a revoked session comes back as nobody) and releases the device when they differ
 * (api/pushSubscription: the browser drops the subscription, and the functions, asked with the device's own
 * key, delete their record).
 *
 * Costs nothing where no device is on: Auth and the push code load only when one is.
 */
import { getAuth } from '../data/firebase';
import { PUSH_ENDPOINT_KEY } from '../lib/pushDeviceKey';
import { mayHoldSession } from './AuthProvider';

/** How long the first render waits at most: a slow network must not keep the page blank. */
export const RELEASE_WAIT_MS = 5000;

/** The account this device was turned on for; undefined when it is not on. */
function turnedOnFor(): string | null | undefined {
  let stored: string | null;
  try {
    stored = localStorage.getItem(PUSH_ENDPOINT_KEY);
  } catch {
    // Storage refused (private mode): nothing can have been turned on here.
    return undefined;
  }
  if (stored === null) return undefined;
  try {
    const uid = (JSON.parse(stored) as { uid?: unknown } | null)?.uid;
    return typeof uid === 'string' ? uid : null;
  } catch {
    // An entry that is not readable: released, whoever it was for.
    return null;
  }
}

async function signedInUid(): Promise<string | null> {
  // No noted session: nobody can be signed in, and Auth need not load for the answer.
  if (!mayHoldSession()) return null;
  const auth = await getAuth();
  await auth.authStateReady();
  return auth.currentUser?.uid ?? null;
}

async function release(): Promise<void> {
  const uid = turnedOnFor();
  if (uid === undefined) return;
  if (uid !== null && uid === (await signedInUid())) return;
  const { releaseThisDevice } = await import('../api/pushSubscription');
  await releaseThisDevice();
}

/** Releases this device when its session has ended; resolves within RELEASE_WAIT_MS and never rejects. */
export function releaseDeviceOfEndedSession(): Promise<void> {
  const done = release().catch((error: unknown) => console.warn('Whether this device still gets pushes could not be checked', error));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, RELEASE_WAIT_MS)));
  return Promise.race([done, late]).finally(() => clearTimeout(timer));
}
