/**
 * The security-rules matrix: every collection × signed out, unverified, another family's member,
 * own member, admin × get, list and every kind of write. Clients never write; a verified member
 * reads their own family's documents and the reference collections; nothing else.
 */
import { readFileSync } from 'node:fs';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  orderBy,
  query,
  setDoc,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_HOST, PORTS, PROJECT_ID, ROOT } from '../../tools/lib/stack';

const PARENT = 'parent@example.com';
const OTHER = 'other@example.com';
const ADMIN = 'admin@example.com';
const OWN_CHILDREN = Array.from({ length: 10 }, (_, i) => `C1-${i + 1}`);

type Role = 'signed out' | 'unverified' | 'other family' | 'own member' | 'admin';
const ROLES: Role[] = ['signed out', 'unverified', 'other family', 'own member', 'admin'];

let env: RulesTestEnvironment;

// The test contexts hand out the compat Firestore; the modular functions accept it.
function dbAs(role: Role): Firestore {
  return contextFor(role).firestore() as unknown as Firestore;
}

function contextFor(role: Role) {
  switch (role) {
    case 'signed out':
      return env.unauthenticatedContext();
    case 'unverified':
      return env.authenticatedContext('u-unverified', { email: PARENT, email_verified: false });
    case 'other family':
      return env.authenticatedContext('u-other', { email: OTHER, email_verified: true });
    case 'own member':
      return env.authenticatedContext('u-parent', { email: PARENT, email_verified: true });
    case 'admin':
      return env.authenticatedContext('u-admin', { email: ADMIN, email_verified: true });
  }
}

beforeAll(async () => {
  env = await initializeTestEnvironment({
    projectId: PROJECT_ID,
    firestore: { host: EMULATOR_HOST, port: PORTS.firestore, rules: readFileSync(`${ROOT}/firestore.rules`, 'utf8') },
  });
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (context) => {
    const db = context.firestore();
    const put = (path: string, data: object) => setDoc(doc(db, path), data);
    await put('members/M1', { primaryEmail: PARENT, primaryName: 'Parent' });
    await put('members/M2', { primaryEmail: OTHER, primaryName: 'Other' });
    await put('members/M3', { primaryEmail: ADMIN, primaryName: 'Admin' });
    for (const id of OWN_CHILDREN) await put(`children/${id}`, { memberId: 'M1', name: id });
    await put('children/C2', { memberId: 'M2', name: 'C2' });
    for (const name of ['payments', 'otherPayments']) {
      await put(`${name}/x1`, { memberId: 'M1', date: '2026-01-01' });
      await put(`${name}/x2`, { memberId: 'M2', date: '2026-01-02' });
    }
    for (const [index, childId] of OWN_CHILDREN.entries()) await put(`plans/PL1-${index}`, { childId });
    await put('plans/PL2', { childId: 'C2' });
    for (const name of ['quarters', 'teachers', 'lessons', 'roomHours']) await put(`${name}/r1`, { name: 'reference' });
    await put(`admin_users/${ADMIN}`, { active: true });
    await put('admin_users/boss@example.com', { active: true });
    await put('sync_logs/s1', { status: 'success' });
    await put('sync_metadata/last_sync', { lastSyncId: 's1' });
    await put('rate_limits/r1', { window: 1, count: 1 });
  });
});
afterAll(() => env.cleanup());

async function expectAccess(allowed: boolean, operation: Promise<unknown>) {
  if (allowed) await assertSucceeds(operation);
  else await assertFails(operation);
}

const VERIFIED: Role[] = ['other family', 'own member', 'admin'];
const OWN: Role[] = ['own member'];

/** What each role may read: single documents, and the queries the app makes. */
const READS: Array<{ what: string; allowed: Role[]; read: (db: Firestore) => Promise<unknown> }> = [
  { what: "get the parent's member document", allowed: OWN, read: (db) => getDoc(doc(db, 'members/M1')) },
  {
    what: 'list members by the parent e-mail',
    allowed: OWN,
    read: (db) => getDocs(query(collection(db, 'members'), where('primaryEmail', '==', PARENT))),
  },
  { what: 'list all members', allowed: [], read: (db) => getDocs(collection(db, 'members')) },
  { what: "get the parent's child", allowed: OWN, read: (db) => getDoc(doc(db, 'children/C1-1')) },
  {
    what: "list the parent's children",
    allowed: OWN,
    read: (db) => getDocs(query(collection(db, 'children'), where('memberId', '==', 'M1'))),
  },
  { what: 'list all children', allowed: [], read: (db) => getDocs(collection(db, 'children')) },
  ...['payments', 'otherPayments'].flatMap((name) => [
    { what: `get the parent's ${name}`, allowed: OWN, read: (db: Firestore) => getDoc(doc(db, `${name}/x1`)) },
    {
      what: `list the parent's ${name} by date`,
      allowed: OWN,
      read: (db: Firestore) => getDocs(query(collection(db, name), where('memberId', '==', 'M1'), orderBy('date', 'desc'))),
    },
    { what: `list all ${name}`, allowed: [], read: (db: Firestore) => getDocs(collection(db, name)) },
  ]),
  { what: "get the parent's plan", allowed: OWN, read: (db) => getDoc(doc(db, 'plans/PL1-0')) },
  {
    what: "list plans of the parent's 10 children (one batch)",
    allowed: OWN,
    read: (db) => getDocs(query(collection(db, 'plans'), where('childId', 'in', OWN_CHILDREN))),
  },
  {
    what: "list plans of a batch that includes another family's child",
    allowed: [],
    read: (db) => getDocs(query(collection(db, 'plans'), where('childId', 'in', [...OWN_CHILDREN.slice(0, 9), 'C2']))),
  },
  { what: 'list all plans', allowed: [], read: (db) => getDocs(collection(db, 'plans')) },
  ...['quarters', 'teachers', 'lessons', 'roomHours'].flatMap((name) => [
    { what: `get a ${name} document`, allowed: VERIFIED, read: (db: Firestore) => getDoc(doc(db, `${name}/r1`)) },
    { what: `list ${name}`, allowed: VERIFIED, read: (db: Firestore) => getDocs(collection(db, name)) },
  ]),
  { what: "get the admin's own admin record", allowed: ['admin'], read: (db) => getDoc(doc(db, `admin_users/${ADMIN}`)) },
  { what: "get another admin's record", allowed: [], read: (db) => getDoc(doc(db, 'admin_users/boss@example.com')) },
  { what: 'list admin records', allowed: [], read: (db) => getDocs(collection(db, 'admin_users')) },
  { what: 'get a sync log', allowed: [], read: (db) => getDoc(doc(db, 'sync_logs/s1')) },
  { what: 'list sync logs', allowed: [], read: (db) => getDocs(collection(db, 'sync_logs')) },
  { what: 'get the sync metadata', allowed: [], read: (db) => getDoc(doc(db, 'sync_metadata/last_sync')) },
  { what: 'get a rate-limit counter', allowed: [], read: (db) => getDoc(doc(db, 'rate_limits/r1')) },
  { what: 'list rate-limit counters', allowed: [], read: (db) => getDocs(collection(db, 'rate_limits')) },
];

describe.each(ROLES)('reads as %s', (role) => {
  it.each(READS.map((r) => [r.what, r] as const))('%s', async (_what, { allowed, read }) => {
    await expectAccess(allowed.includes(role), read(dbAs(role)));
  });
});

describe('the other family reads its own documents', () => {
  it('gets its member, children and plans with the same rules, and only those', async () => {
    const db = dbAs('other family');
    await assertSucceeds(getDoc(doc(db, 'members/M2')));
    await assertSucceeds(getDocs(query(collection(db, 'children'), where('memberId', '==', 'M2'))));
    const plans = await assertSucceeds(getDocs(query(collection(db, 'plans'), where('childId', 'in', ['C2']))));
    expect(plans.docs.map((d) => d.id)).toEqual(['PL2']);
  });

  it('reads its own admin record even when there is none (how the app learns it is no admin)', async () => {
    const snapshot = await assertSucceeds(getDoc(doc(dbAs('other family'), `admin_users/${OTHER}`)));
    expect(snapshot.exists()).toBe(false);
  });
});

const WRITABLE_PATHS = [
  'members/M1',
  'children/C1-1',
  'payments/x1',
  'otherPayments/x1',
  'plans/PL1-0',
  'quarters/r1',
  'teachers/r1',
  'lessons/r1',
  'roomHours/r1',
  `admin_users/${ADMIN}`,
  'sync_logs/s1',
  'sync_metadata/last_sync',
  'rate_limits/r1',
];

describe.each(ROLES)('writes as %s', (role) => {
  it.each(WRITABLE_PATHS)('cannot create, update or delete %s', async (path) => {
    const db = dbAs(role);
    const [name] = path.split('/');
    const data = { memberId: 'M1', primaryEmail: PARENT, active: true };
    await assertFails(setDoc(doc(db, `${name}/new-doc`), data));
    await assertFails(setDoc(doc(db, path), data));
    await assertFails(updateDoc(doc(db, path), { changed: true }));
    await assertFails(deleteDoc(doc(db, path)));
  });
});
