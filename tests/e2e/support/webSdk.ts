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
