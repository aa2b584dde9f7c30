/**
 * Until access control opens reads for each family, Firestore denies every client read and
 * write, for every collection and every kind of user.
 */
import { readFileSync } from 'node:fs';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, setDoc, deleteDoc, query, where } from 'firebase/firestore';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { EMULATOR_HOST, PORTS, PROJECT_ID, ROOT } from '../../tools/lib/stack';

const COLLECTIONS = [
  'members', 'children', 'payments', 'otherPayments', 'quarters', 'teachers', 'lessons', 'roomHours', 'plans',
  'sync_logs', 'sync_metadata', 'admin_users',
];

let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await initializeTestEnvironment({
    projectId: PROJECT_ID,
    firestore: { host: EMULATOR_HOST, port: PORTS.firestore, rules: readFileSync(`${ROOT}/firestore.rules`, 'utf8') },
  });
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    await setDoc(doc(db, 'members/M1'), { primaryEmail: 'parent@example.com', primaryName: 'Parent' });
    for (const name of COLLECTIONS.filter((c) => c !== 'members')) {
      await setDoc(doc(db, `${name}/d1`), { memberId: 'M1', active: true });
    }
  });
});
afterAll(() => env.cleanup());

describe('the seeded data', () => {
  it.each(COLLECTIONS)('%s exists for the Admin SDK, which bypasses the rules', async (name) => {
    await env.withSecurityRulesDisabled(async (context) => {
      const snapshot = await assertSucceeds(getDocs(collection(context.firestore(), name)));
      if (snapshot.size !== 1) throw new Error(`${name} holds ${snapshot.size} documents, expected 1`);
    });
  });
});

const users = {
  'signed out': () => env.unauthenticatedContext(),
  unverified: () => env.authenticatedContext('u1', { email: 'parent@example.com', email_verified: false }),
  'verified parent': () => env.authenticatedContext('u2', { email: 'parent@example.com', email_verified: true }),
  'verified admin': () => env.authenticatedContext('u3', { email: 'admin@example.com', email_verified: true }),
};

describe.each(Object.entries(users))('a %s user', (_name, context) => {
  it.each(COLLECTIONS)('can neither read nor write %s', async (name) => {
    const db = context().firestore();
    const id = name === 'members' ? 'M1' : 'd1';
    await assertFails(getDoc(doc(db, name, id)));
    await assertFails(getDocs(collection(db, name)));
    await assertFails(getDocs(query(collection(db, name), where('memberId', '==', 'M1'))));
    await assertFails(setDoc(doc(db, name, 'new'), { memberId: 'M1' }));
    await assertFails(setDoc(doc(db, name, id), { memberId: 'M2' }));
    await assertFails(deleteDoc(doc(db, name, id)));
  });
});
