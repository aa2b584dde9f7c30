/**
 * The e-mail → member index the sync keeps (member_emails), against the AppSheet demo server and
 * the Firestore emulator: built by a full sync, kept by deltas, emptied for duplicates, deleted
 * and rejected rows, restored by the office's fix; and plans carrying their family's memberId.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAppSheetClient, type AppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { runSync, type SyncRequest } from '../../functions/src/wiring/syncRuns';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { startDemoServer, type DemoServer } from '../../tools/appsheet/server';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { APART_PROJECT_ID } from '../../tools/lib/stack';
import { atSource } from '../support/appSheet';

// The project apart (tools/lib/stack.ts): the sync runs here in the test, and beside the other files.
const { db } = emulatorAdmin(APART_PROJECT_ID);
let appSheet: DemoServer;
let client: AppSheetClient;

const full: SyncRequest = { syncType: 'full', triggeredBy: 'manual' };
const delta: SyncRequest = { syncType: 'delta', triggeredBy: 'scheduled' };
const sync = (request: SyncRequest) => runSync({ db, appSheet: client }, request);

const memberRows = () => appSheet.store.tables.Members ?? [];
const emailOf = (memberId: string) => String(memberRows().find((row) => row['Member ID'] === memberId)?.Email).trim().toLowerCase();
const indexed = async (email: string) => ((await db.doc(`member_emails/${email}`).get()).data() ?? null) as { memberId: string } | null;
const duplicateEntry = async (email: string) => (await db.doc(`member_email_duplicates/${email}`).get()).data() ?? null;
const editMember = (memberId: string, values: Record<string, string>) => client.edit('Members', [{ 'Member ID': memberId, ...values }]);


beforeAll(async () => {
  appSheet = await startDemoServer({ families: 8, seed: 5, today: '2026-11-21' });
  client = createAppSheetClient({ baseUrl: appSheet.url, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY, timeoutMs: 2000, attempts: 2, backoffMs: 20 });
});
afterAll(() => appSheet.close());

let originalEmails: Map<string, string>;
beforeEach(async () => {
  originalEmails ??= new Map(memberRows().map((row) => [String(row['Member ID']), String(row.Email)]));
  // Each test starts from the generated school: every member with its own address.
  for (const [memberId, email] of originalEmails) {
    if (memberRows().find((row) => row['Member ID'] === memberId)?.Email !== email) await editMember(memberId, { Email: email });
  }
  await clearFirestore(APART_PROJECT_ID);
  expect((await sync(full)).status).toBe('success');
});

describe('the index after a full sync', () => {
  it('names every member by its lower-cased address, and nothing else', async () => {
    const index = await db.collection('member_emails').get();
    expect(index.size).toBe(memberRows().length);
    for (const row of memberRows()) expect(await indexed(emailOf(String(row['Member ID'])))).toMatchObject({ memberId: row['Member ID'] });
    expect((await db.collection('member_email_duplicates').get()).size).toBe(0);
  });

  it('indexes neither of two rows with one address (any letter case), reports both keys, and the fix restores both', async () => {
    const shared = emailOf('M0001');
    await editMember('M0002', { Email: shared.toUpperCase() });
    const log = await sync(full);
    // Row errors for the office: every table synced, with warnings.
    expect(log.status).toBe('warning');
    expect(await indexed(shared)).toBeNull();
    expect(await indexed(emailOf('M0002'))).toBeNull();
    expect(await duplicateEntry(shared)).toMatchObject({ memberIds: ['M0001', 'M0002'] });
    const reasons = log.rowErrors.filter((error) => error.table === 'members');
    expect(reasons).toEqual([
      { table: 'members', key: 'M0001', reason: expect.stringContaining('M0001, M0002') },
      { table: 'members', key: 'M0002', reason: expect.stringContaining('M0001, M0002') },
    ]);
    expect(log.tables.members.errors).toBe(2);
    // Access ended for both: the shared address's holder, and M0002's own old address.
    expect(log.memberIndex).toMatchObject({ duplicates: 1, removed: 2 });

    await editMember('M0002', { Email: originalEmails.get('M0002') as string });
    const fixed = await sync(full);
    expect(fixed.rowErrors).toEqual([]);
    expect(await indexed(shared)).toMatchObject({ memberId: 'M0001' });
    expect(await indexed(emailOf('M0002'))).toMatchObject({ memberId: 'M0002' });
    expect(await duplicateEntry(shared)).toBeNull();
  });

  it('removes the entry of a deleted member row in that run, and logs it', async () => {
    const email = emailOf('M0008');
    const [row] = await client.find('Members', 'Filter(Members, [Member ID] = "M0008")');
    await atSource(appSheet.url, 'Delete', 'Members', [{ 'Member ID': 'M0008' }]);
    try {
      const log = await sync(full);
      expect(log.tables.members.deleted).toBe(1);
      expect(log.memberIndex).toMatchObject({ removed: 1, indexed: memberRows().length });
      expect(await indexed(email)).toBeNull();
    } finally {
      const { _RowNumber, ...values } = row ?? {};
      await atSource(appSheet.url, 'Add', 'Members', [values]);
    }
    await sync(full);
    expect(await indexed(email)).toMatchObject({ memberId: 'M0008' });
  });

  it('removes the entry of a rejected row, keeps its document marked, and restores it when the row is fixed', async () => {
    const email = emailOf('M0003');
    const before = (await db.doc('members/M0003').get()).data();
    await editMember('M0003', { Email: '' });
    const log = await sync(full);
    expect(log.rowErrors).toContainEqual({ table: 'members', key: 'M0003', reason: expect.stringContaining('"Email" is required') });
    expect(await indexed(email)).toBeNull();
    const kept = (await db.doc('members/M0003').get()).data();
    expect(kept).toMatchObject({ primaryEmail: email, primaryName: before?.primaryName, _hash: 'rejected', _rejected: expect.stringContaining('Email') });

    await editMember('M0003', { Email: originalEmails.get('M0003') as string });
    await sync(full);
    expect(await indexed(email)).toMatchObject({ memberId: 'M0003' });
    const restored = (await db.doc('members/M0003').get()).data() ?? {};
    expect(restored._hash).not.toBe('rejected');
    expect(restored).not.toHaveProperty('_rejected');
  });
});

describe('the index after a delta sync', () => {
  it("catches a duplicate whose twin did not change, and the office's fix restores both", async () => {
    const shared = emailOf('M0004');
    const ownOld = emailOf('M0005');
    await editMember('M0005', { Email: ` ${shared} ` });
    const log = await sync(delta);
    expect(log.tables.members.written).toBe(1);
    expect(await indexed(shared)).toBeNull();
    expect(await indexed(ownOld)).toBeNull();
    expect(log.rowErrors.map((error) => error.key)).toEqual(['M0004', 'M0005']);

    await editMember('M0005', { Email: ownOld });
    await sync(delta);
    expect(await indexed(shared)).toMatchObject({ memberId: 'M0004' });
    expect(await indexed(ownOld)).toMatchObject({ memberId: 'M0005' });
    expect(await duplicateEntry(shared)).toBeNull();
  });

  it('follows a changed address: the old one leads nowhere, the new one to the member', async () => {
    const old = emailOf('M0006');
    await editMember('M0006', { Email: 'New.Address@Example.org' });
    const log = await sync(delta);
    expect(log.memberIndex).toMatchObject({ added: 1, removed: 1 });
    expect(await indexed(old)).toBeNull();
    expect(await indexed('new.address@example.org')).toMatchObject({ memberId: 'M0006' });
  });

  it('removes the entry of a row rejected in a delta, and a later delta restores it', async () => {
    const email = emailOf('M0007');
    await editMember('M0007', { 'Primary Name': '' });
    await sync(delta);
    expect(await indexed(email)).toBeNull();
    expect((await db.doc('members/M0007').get()).get('_hash')).toBe('rejected');
    await editMember('M0007', { 'Primary Name': 'Wieder Da' });
    await sync(delta);
    expect(await indexed(email)).toMatchObject({ memberId: 'M0007' });
    expect((await db.doc('members/M0007').get()).get('primaryName')).toBe('Wieder Da');
  });
});

describe("plans carry their family's memberId", () => {
  it("every plan has its child's memberId after a full sync", async () => {
    const [plans, children] = await Promise.all([db.collection('plans').get(), db.collection('children').get()]);
    const owner = new Map(children.docs.map((child) => [child.id, child.get('memberId')]));
    expect(plans.size).toBeGreaterThan(0);
    for (const plan of plans.docs) expect(plan.get('memberId'), plan.id).toBe(owner.get(plan.get('childId')));
  });

  it('a child moved to another family takes its plans along in a delta, though no plan row changed', async () => {
    const plan = (await db.collection('plans').where('childId', '==', 'C0001-1').limit(1).get()).docs[0];
    expect(plan?.get('memberId')).toBe('M0001');
    await client.edit('Children', [{ 'Child ID': 'C0001-1', 'Member ID': 'M0002' }]);
    try {
      const log = await sync(delta);
      expect(log.tables.plans.written).toBeGreaterThan(0);
      const moved = await db.collection('plans').where('childId', '==', 'C0001-1').get();
      expect(moved.docs.map((doc) => doc.get('memberId'))).toEqual(moved.docs.map(() => 'M0002'));
      // The moved plans are as a full sync would write them: the next full sync changes nothing.
      expect((await sync(full)).tables.plans.written).toBe(0);
    } finally {
      await client.edit('Children', [{ 'Child ID': 'C0001-1', 'Member ID': 'M0001' }]);
    }
  });

  it('a plan whose child does not exist is a row error and is not written', async () => {
    const planRow = appSheet.store.tables.Plans?.[0] ?? {};
    const planId = String(planRow['Plan ID']);
    const childId = String(planRow['Child ID']);
    await client.edit('Plans', [{ 'Plan ID': planId, 'Child ID': 'C9999-9' }]);
    try {
      const log = await sync(full);
      expect(log.rowErrors).toContainEqual({ table: 'plans', key: planId, reason: 'column "Child ID": no child "C9999-9"' });
      expect((await db.doc(`plans/${planId}`).get()).get('childId')).toBe(childId);
    } finally {
      await client.edit('Plans', [{ 'Plan ID': planId, 'Child ID': childId }]);
    }
  });
});
