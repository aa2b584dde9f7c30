/** The real Firebase web SDK, signed in as a user, to check what the security rules let through. */
import { deleteApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword } from 'firebase/auth';
import { connectFirestoreEmulator, getFirestore } from 'firebase/firestore';

export async function webSdkAs(email: string, password: string) {
  const app = initializeApp({ apiKey: 'demo-api-key', projectId: 'demo-family-portal' }, `test-${email}-${Date.now()}`);
  const auth = getAuth(app);
  connectAuthEmulator(auth, 'http://127.0.0.1:9099', { disableWarnings: true });
  const db = getFirestore(app);
  connectFirestoreEmulator(db, '127.0.0.1', 8080);
  await signInWithEmailAndPassword(auth, email, password);
  return { db, close: () => deleteApp(app) };
}

/** Creates an account through the web SDK, as the login page does, and returns the SDK's error. */
export async function webSdkSignUpError(email: string, password: string): Promise<{ code?: string; message?: string } | null> {
  const { createUserWithEmailAndPassword } = await import('firebase/auth');
  const app = initializeApp({ apiKey: 'demo-api-key', projectId: 'demo-family-portal' }, `signup-${email}-${Date.now()}`);
  const auth = getAuth(app);
  connectAuthEmulator(auth, 'http://127.0.0.1:9099', { disableWarnings: true });
  try {
    await createUserWithEmailAndPassword(auth, email, password);
    return null;
  } catch (error) {
    return error as { code?: string; message?: string };
  } finally {
    await deleteApp(app);
  }
}
