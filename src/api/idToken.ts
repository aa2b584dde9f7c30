import { getAuth } from '../data/firebase';

/** The signed-in user's ID token for bearer calls, or null when nobody is signed in. */
export async function currentIdToken(): Promise<string | null> {
  const { currentUser } = await getAuth();
  return currentUser ? currentUser.getIdToken() : null;
}
