/**
 * The roles every rules test tries, and the member documents and e-mail index a sync leaves for
 * them. Access to a family follows member_emails alone, so each role is an account whose entry
 * is present, missing or pointing at a member whose row tells otherwise.
 */
import { readFileSync } from 'node:fs';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { doc, setDoc, type Firestore } from 'firebase/firestore';
import { APART_PROJECT_ID, EMULATOR_HOST, PORTS, ROOT } from '../../tools/lib/stack';

export const PARENT = 'parent@example.com';
export const OTHER = 'other@example.com';
export const OTHER_LESSON = 'other.lesson@example.com';
export const ADMIN = 'admin@example.com';
export const FORMER = 'former@example.com';
export const REJECTED = 'rejected@example.com';
export const TWIN = 'twins@example.com';
export const STRANGER = 'stranger@example.com';
export const ENDED = 'ended@example.com';

export const ROLES = [
  'signed out',
  'unverified',
  'verified non-member',
  'former member',
  'member whose membership ended',
  'member of a rejected row',
  'duplicate pair, first',
  'duplicate pair, second',
  'member of another family',
  'parent of another lesson',
  'own member',
  'own member, mixed-case e-mail',
  'own member, signed in with another provider',
  'admin',
] as const;
export type Role = (typeof ROLES)[number];

/** The parent's family, M1, as both of its spellings sign in. */
export const OWN: Role[] = ['own member', 'own member, mixed-case e-mail'];
/** Indexed accounts whose membership is active: the own family, M2 and M3. */
export const ACTIVE_MEMBERS: Role[] = [...OWN, 'member of another family', 'parent of another lesson'];

/** Each role's own address, lower-cased ('' when signed out). */
export const EMAILS: Partial<Record<Role, string>> = {
  unverified: PARENT,
  'verified non-member': STRANGER,
  'former member': FORMER,
  'member whose membership ended': ENDED,
  'member of a rejected row': REJECTED,
  'duplicate pair, first': TWIN,
  'duplicate pair, second': TWIN,
  'member of another family': OTHER,
  'parent of another lesson': OTHER_LESSON,
  'own member': PARENT,
  'own member, mixed-case e-mail': PARENT,
  'own member, signed in with another provider': PARENT,
  admin: ADMIN,
};

/** Tokens as Firebase Auth issues them for an e-mail/password sign-in (the test library's default provider is 'custom'). */
const PASSWORD_SIGN_IN = { sign_in_provider: 'password', identities: {} } as const;

/**
 * A rules test environment on the emulator's Firestore, with the project's rules, emptied. In a
 * project apart from the functions' (tools/lib/stack.ts): the matrices run beside the other
 * files, and their seeded members start no trigger.
 */
export async function rulesEnvironment(): Promise<RulesTestEnvironment> {
  const env = await initializeTestEnvironment({
    projectId: APART_PROJECT_ID,
    firestore: { host: EMULATOR_HOST, port: PORTS.firestore, rules: readFileSync(`${ROOT}/firestore.rules`, 'utf8') },
  });
  await env.clearFirestore();
  return env;
}

export const verifiedAs = (env: RulesTestEnvironment, uid: string, email: string) =>
  env.authenticatedContext(uid, { email, email_verified: true, firebase: PASSWORD_SIGN_IN });

function contextFor(env: RulesTestEnvironment, role: Role) {
  switch (role) {
    case 'signed out':
      return env.unauthenticatedContext();
    case 'unverified':
      return env.authenticatedContext('u-unverified', { email: PARENT, email_verified: false, firebase: PASSWORD_SIGN_IN });
    // Two accounts cannot share an address; the second signed up with the address in capitals.
    case 'duplicate pair, second':
      return verifiedAs(env, 'u-twin-2', TWIN.toUpperCase());
    case 'own member, mixed-case e-mail':
      return verifiedAs(env, 'u-parent-mixed', 'Parent@Example.COM');
    // A provider enabled later (Google here) vouches for the same address: it must count for nothing.
    case 'own member, signed in with another provider':
      return env.authenticatedContext('u-parent-google', {
        email: PARENT,
        email_verified: true,
        firebase: { sign_in_provider: 'google.com', identities: { 'google.com': ['1234'], email: [PARENT] } },
      });
    default:
      return verifiedAs(env, `u-${role.replace(/\W+/g, '-')}`, EMAILS[role]!);
  }
}

/**
 * One client per role: a new context is a new app with its own connection, which cost more than
 * the read. The test contexts hand out the compat Firestore; the modular functions accept it.
 */
export function clientsFor(env: RulesTestEnvironment): (role: Role) => Firestore {
  const clients = new Map<Role, Firestore>();
  return (role) => {
    let db = clients.get(role);
    if (!db) clients.set(role, (db = contextFor(env, role).firestore() as unknown as Firestore));
    return db;
  };
}

/**
 * The members and the index a sync leaves for the roles: M1 the parent's family, M2 another
 * family, M3 a family of another lesson, M8 a membership that ended (still indexed); M4's row was
 * deleted, M5's rejected and M6/M7 share one address, so none of them is indexed.
 */
export async function seedMembers(db: Firestore) {
  const put = (path: string, data: object) => setDoc(doc(db, path), data);
  await put('members/M1', { primaryEmail: PARENT, primaryName: 'Parent', status: 'active' });
  await put('members/M2', { primaryEmail: OTHER, primaryName: 'Other', status: 'active' });
  await put('members/M3', { primaryEmail: OTHER_LESSON, primaryName: 'Other lesson', status: 'active' });
  await put('members/M4', { primaryEmail: FORMER, primaryName: 'Former (row deleted, document kept)' });
  await put('members/M5', { primaryEmail: REJECTED, primaryName: 'Rejected row', _hash: 'rejected', _rejected: 'status' });
  await put('members/M6', { primaryEmail: TWIN, primaryName: 'Twin A' });
  await put('members/M7', { primaryEmail: TWIN, primaryName: 'Twin B' });
  await put('members/M8', { primaryEmail: ENDED, primaryName: 'Ended', status: 'inactive' });
  await put(`member_emails/${PARENT}`, { memberId: 'M1' });
  await put(`member_emails/${OTHER}`, { memberId: 'M2' });
  await put(`member_emails/${OTHER_LESSON}`, { memberId: 'M3' });
  await put(`member_emails/${ENDED}`, { memberId: 'M8' });
  await put(`member_email_duplicates/${TWIN}`, { memberIds: ['M6', 'M7'] });
  await put(`admin_users/${ADMIN}`, { active: true });
}

export async function expectAccess(allowed: boolean, operation: Promise<unknown>) {
  if (allowed) await assertSucceeds(operation);
  else await assertFails(operation);
}
