/**
 * Signing out from the signed-in screens: this device stops getting the account's pushes first
 * (src/api/pushSubscription.ts, loaded only when it was turned on), then the session ends. The sign-in page's
 * own code (auth/authActions) knows nothing of pushes.
 */
import { signOut } from './authActions';
import { PUSH_ENDPOINT_KEY } from '../lib/pushDeviceKey';

export async function signOutHere(): Promise<void> {
  if (localStorage.getItem(PUSH_ENDPOINT_KEY) !== null) await import('../api/pushSubscription').then(({ forgetThisDevice }) => forgetThisDevice());
  await signOut();
}
