import { auth } from '../lib/firebase';

/** The signed-in user's ID token for bearer calls, or null when nobody is signed in. */
export function currentIdToken(): Promise<string | null> {
  return auth.currentUser ? auth.currentUser.getIdToken() : Promise.resolve(null);
}
