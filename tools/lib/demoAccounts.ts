/** Creates the demo accounts in the Auth emulator and the admin record in Firestore. */
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../appsheet/generator';

export const ADMIN_EMAIL = 'admin@example.com';

export async function seedDemoAccounts(auth: Auth, db: Firestore): Promise<void> {
  for (const account of DEMO_ACCOUNTS) {
    const existing = await auth.getUserByEmail(account.email).catch(() => null);
    if (existing) {
      await auth.updateUser(existing.uid, { password: DEMO_PASSWORD, emailVerified: true });
    } else {
      await auth.createUser({ email: account.email, password: DEMO_PASSWORD, emailVerified: true, displayName: account.name });
    }
  }
  await db.collection('admin_users').doc(ADMIN_EMAIL).set({ active: true });
}
