/**
 * The family store as the Firestore worker runs it (src/data/firestore.worker.ts): the real web
 * SDK against the emulator and its rules, with the signed-in user handed over by the page
 * (AuthFromPage) instead of an Auth instance beside Firestore. What a parent reads must be the
 * family the sync stored; with no user or another user's token, the rules refuse.
 */
import * as contract from '@family-portal/contract';
import { MEMBER_EMAILS } from '@family-portal/contract/rules';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import * as fs from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { runSync } from '../../functions/src/wiring/syncRuns';
import { AuthFromPage, type TokenSource } from '../../src/data/authFromPage';
import { createFamilyStore } from '../../src/data/familyStore';
import { provideAuthToFirestore } from '../../src/data/firebaseInterop';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { startDemoServer, type DemoServer } from '../../tools/appsheet/server';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { EMULATOR_HOST, PORTS, PROJECT_ID } from '../../tools/lib/stack';
import { createAccount, idTokenFor } from '../support/auth';

const { db: admin } = emulatorAdmin();
let appSheet: DemoServer;
let parent: { email: string; uid: string; memberId: string };
let stranger: { email: string; uid: string };
const apps: FirebaseApp[] = [];

/** A store on its own app, whose page reports `uid` and answers Firestore's token requests with `tokens`. */
function storeAs(uid: string | null, tokens: TokenSource) {
  const app = initializeApp({ apiKey: 'demo-api-key', projectId: PROJECT_ID }, `store-${apps.length}`);
  apps.push(app);
  const auth = new AuthFromPage(tokens);
  provideAuthToFirestore(app, auth);
  const db = fs.initializeFirestore(app, {});
  fs.connectFirestoreEmulator(db, EMULATOR_HOST, PORTS.firestore);
  auth.userChanged(uid);
  return { store: createFamilyStore(fs, db, contract), auth };
}

beforeAll(async () => {
  appSheet = await startDemoServer({ families: 4, seed: 11, today: '2026-11-21' });
  const appSheetClient = createAppSheetClient({ baseUrl: appSheet.url, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY, timeoutMs: 2_000, attempts: 2, backoffMs: 20 });
  await clearFirestore();
  const log = await runSync({ db: admin, appSheet: appSheetClient }, { syncType: 'full', triggeredBy: 'manual' });
  expect(log.error).toBeNull();
  const entry = (await admin.collection(MEMBER_EMAILS).limit(1).get()).docs[0]!;
  const email = entry.id;
  parent = { email, uid: (await createAccount(email)).uid, memberId: entry.get('memberId') as string };
  const strangerEmail = 'stranger.store@example.com';
  stranger = { email: strangerEmail, uid: (await createAccount(strangerEmail, { admin: true })).uid };
});

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  await appSheet.close();
});

describe('the family store with the page’s user', () => {
  it('reads the family the sync stored, with the token the page hands over', async () => {
    const asked: boolean[] = [];
    const { store } = storeAs(parent.uid, async (forceRefresh) => {
      asked.push(forceRefresh);
      return idTokenFor(parent.email);
    });
    const family = await store.readFamily(parent.email, false, () => expect.unreachable('nothing is read from a cache here'));
    expect(family.member?.id).toBe(parent.memberId);
    const children = await admin.collection('children').where('memberId', '==', parent.memberId).get();
    expect(family.children.map((child) => child.id).sort()).toEqual(children.docs.map((child) => child.id).sort());
    expect(family.quarters.length).toBeGreaterThan(0);
    expect(asked.length).toBeGreaterThan(0);
    expect(await store.isAdmin(parent.email)).toBe(false);
  });

  it('is refused with the spec’s message when the page reports nobody', async () => {
    const { store } = storeAs(null, async () => expect.unreachable('no token is asked without a user'));
    await expect(store.readFamily(parent.email, false, () => undefined)).rejects.toMatchObject({ name: 'DataLoadError', message: 'Failed to fetch member data' });
  });

  it("is refused another user's family, and answers that user's own admin record", async () => {
    const { store } = storeAs(stranger.uid, () => idTokenFor(stranger.email));
    await expect(store.readFamily(parent.email, false, () => undefined)).rejects.toMatchObject({ name: 'DataLoadError' });
    expect(await store.isAdmin(stranger.email)).toBe(true);
  });

  it('follows the page when the user changes: signed out, the reads are refused', async () => {
    let token: string | null = await idTokenFor(parent.email);
    const { store, auth } = storeAs(parent.uid, async () => token);
    expect((await store.readFamily(parent.email, false, () => undefined)).member?.id).toBe(parent.memberId);
    token = null;
    auth.userChanged(null);
    await expect(store.readFamily(parent.email, false, () => undefined)).rejects.toMatchObject({ name: 'DataLoadError' });
  });
});
