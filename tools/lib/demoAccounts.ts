/** Creates the demo accounts in the Auth emulator and the admin record in Firestore. */
import { ADMIN_USERS } from '@family-portal/contract';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { createAppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { runFullSync } from '../../functions/src/wiring/syncRuns';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../appsheet/constants';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../appsheet/generator';
import { emulatorAdmin } from './adminSdk';

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
  await db.collection(ADMIN_USERS).doc(ADMIN_EMAIL).set({ active: true });
}

/** Demo accounts plus a full sync through the real sync code, as `npm start` and the browser tests need. */
export async function seedAndSync(appSheetUrl: string) {
  const { db, auth } = emulatorAdmin();
  await seedDemoAccounts(auth, db);
  const appSheet = createAppSheetClient({ baseUrl: appSheetUrl, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY });
  return runFullSync({ db, appSheet }, { triggeredBy: 'manual', triggeredByEmail: null });
}
