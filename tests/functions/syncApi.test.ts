/**
 * The admin sync API through the Functions emulator, as the admin console calls it: token and
 * admin checks, query validation, manual syncs, conflicts and AppSheet failures. (CORS is tested
 * in functions/src/http/cors.test.ts: the Functions emulator allows every origin on purpose.)
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PORTS } from '../../tools/lib/stack';
import { craftedToken, createAccount, functionUrl, idTokenFor } from '../support/auth';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { FUNCTIONS_SCHOOL } from '../support/globalSetup';
import { emptyTableCounts } from '../../functions/src/sync/run/syncLog';

const { db, auth } = emulatorAdmin();
const ADMIN = 'office.admin@example.com';
const appSheet = `http://127.0.0.1:${PORTS.appsheet}`;
let adminToken: string;

async function call(name: string, options: { method?: string; token?: string | null; query?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const token = options.token === undefined ? adminToken : options.token;
  const response = await fetch(functionUrl(name, options.query), {
    method: options.method ?? (name.startsWith('trigger') ? 'POST' : 'GET'),
    headers: {
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...options.headers,
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

const setFault = (table: string, fault: string | null, times?: number) =>
  fetch(`${appSheet}/__demo/faults/${encodeURIComponent(table)}`, { method: 'PUT', body: JSON.stringify({ fault, times }) });
const countDocs = async (collection: string) => (await db.collection(collection).count().get()).data().count;

beforeAll(async () => {
  await clearFirestore();
  await createAccount(ADMIN, { admin: true });
  adminToken = await idTokenFor(ADMIN);
});
afterAll(() => fetch(`${appSheet}/__demo/faults`, { method: 'DELETE' }));
beforeEach(() => fetch(`${appSheet}/__demo/faults`, { method: 'DELETE' }));

describe('who may call the admin sync API', () => {
  it('refuses a request without a token', async () => {
    for (const name of ['getSyncStatus', 'getSyncHistory', 'triggerFullSync', 'triggerDeltaSync']) {
      const { status, body } = await call(name, { token: null });
      expect(status, name).toBe(401);
      expect(body).toEqual({ error: 'unauthenticated', message: expect.stringMatching(/User not authenticated/) });
    }
    expect((await call('getSyncStatus', { token: null, headers: { Authorization: 'Basic abc' } })).status).toBe(401);
  });

  it.each([
    ['garbage', () => 'not-a-token', /not valid/],
    ['for another project', () => craftedToken({ aud: 'someone-elses-project', iss: 'https://securetoken.google.com/someone-elses-project' }), /not valid/],
    ['expired', () => craftedToken({ iat: 1_700_000_000, auth_time: 1_700_000_000, exp: 1_700_003_600 }), /expired/],
    ['of an account that does not exist', () => craftedToken({ sub: 'ghost', user_id: 'ghost', email: ADMIN }), /no longer exists|not valid/],
  ])('refuses a forged or stale token: %s', async (_name, token, message) => {
    const { status, body } = await call('getSyncStatus', { token: token() });
    expect(status).toBe(401);
    expect(body.error).toBe('unauthenticated');
    expect(body.message).toMatch(message);
  });

  it('refuses a revoked token', async () => {
    const user = await createAccount('revoked.admin@example.com', { admin: true });
    const token = await idTokenFor('revoked.admin@example.com');
    expect((await call('getSyncStatus', { token })).status).toBe(200);
    // Auth keeps a revocation in whole seconds, as it keeps the account's creation (which sets
    // validSince too): a revocation in the second the account was made cannot be told from the
    // creation, so it must come in a later second than the account's and its token's. In the
    // token's second or later, the functions refuse it (http/auth.ts isRevoked).
    const issuedAt = (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iat: number }).iat;
    while (Math.floor(Date.now() / 1000) <= issuedAt) await new Promise((resolve) => setTimeout(resolve, 20));
    await auth.revokeRefreshTokens(user.uid);
    const { status, body } = await call('getSyncStatus', { token });
    expect(status).toBe(401);
    expect(body.message).toMatch(/revoked/);
  });

  it.each([
    ['a parent who is not an admin', 'parent.only@example.com', { admin: false }, 'Admin access required.'],
    ['an admin whose record is inactive', 'former.admin@example.com', { admin: 'inactive' as const }, 'Admin access required.'],
    ['an admin with an unverified e-mail', 'unverified.admin@example.com', { admin: true, verified: false }, 'Please verify your e-mail address first.'],
  ])('refuses %s with 403', async (_name, email, options, message) => {
    await createAccount(email, options);
    const token = await idTokenFor(email);
    for (const name of ['getSyncStatus', 'triggerFullSync']) {
      const { status, body } = await call(name, { token });
      expect(status, name).toBe(403);
      expect(body.message).toBe(message);
    }
    expect(await countDocs('sync_logs')).toBe(0);
  });
});

describe('manual syncs, status and history', () => {
  it('runs a full and a delta sync and reports them newest first', async () => {
    const empty = await call('getSyncStatus');
    expect(empty).toMatchObject({ status: 200, body: { data: { latestSync: null } } });

    const fullSync = await call('triggerFullSync');
    expect(fullSync.status).toBe(200);
    expect(fullSync.body.data).toMatchObject({ syncType: 'full', status: 'success', totalMembers: FUNCTIONS_SCHOOL.families, error: null });
    expect(fullSync.body.data.totalChildren).toBe(await countDocs('children'));

    const deltaSync = await call('triggerDeltaSync', { body: {} });
    expect(deltaSync.status).toBe(200);
    expect(deltaSync.body.data).toMatchObject({ syncType: 'delta', status: 'success' });

    const status = await call('getSyncStatus');
    expect(status.body.data.latestSync).toMatchObject({
      syncId: deltaSync.body.data.syncId,
      status: 'success',
      syncType: 'delta',
      triggeredBy: 'manual',
      triggeredByEmail: ADMIN,
    });
    expect(status.body.data.latestSync.duration).toEqual(expect.any(Number));

    const history = await call('getSyncHistory', { query: '?limit=20&offset=0' });
    expect(history.status).toBe(200);
    expect(history.body.data.logs.map((log: { syncId: string }) => log.syncId)).toEqual([deltaSync.body.data.syncId, fullSync.body.data.syncId]);
    const second = await call('getSyncHistory', { query: '?limit=1&offset=1' });
    expect(second.body.data.logs.map((log: { syncId: string }) => log.syncId)).toEqual([fullSync.body.data.syncId]);
    const defaults = await call('getSyncHistory');
    expect(defaults.body.data).toMatchObject({ limit: 20, offset: 0 });
  });

  it.each(['?limit=0', '?limit=101', '?limit=abc', '?offset=-1', '?limit=2.5', '?limit=20&page=2'])(
    'answers 400 to bad query parameters: %s',
    async (query) => {
      const { status, body } = await call('getSyncHistory', { query });
      expect(status).toBe(400);
      expect(body.error).toBe('invalid-argument');
      expect(body.message).toMatch(/^Invalid query: /);
    },
  );

  it('answers 405 to the wrong method and 400 to a trigger with a body, starting nothing', async () => {
    const logs = await countDocs('sync_logs');
    expect((await call('triggerFullSync', { method: 'GET' })).status).toBe(405);
    expect((await call('getSyncStatus', { method: 'POST' })).status).toBe(405);
    const withBody = await call('triggerDeltaSync', { body: { since: '2020-01-01' } });
    expect(withBody).toMatchObject({ status: 400, body: { error: 'invalid-argument' } });
    for (const body of [
      { applyHeldBackDeletions: { table: 'payments', count: 3 } },
      { applyHeldBackDeletions: { table: 'sync_logs', count: 3 } },
      { applyHeldBackDeletions: { table: 'payments', count: 0 } },
      { applyHeldBackDeletions: { table: 'payments' } },
    ]) {
      const name = body.applyHeldBackDeletions.table === 'payments' && body.applyHeldBackDeletions.count === 3 ? 'triggerDeltaSync' : 'triggerFullSync';
      expect(await call(name, { body }), JSON.stringify(body)).toMatchObject({ status: 400, body: { error: 'invalid-argument' } });
    }
    expect(await countDocs('sync_logs')).toBe(logs);
  });

  it('applies held-back deletions only through a full sync that names the table and the count', async () => {
    const answer = await call('triggerFullSync', { body: { applyHeldBackDeletions: { table: 'payments', count: 7 } } });
    expect(answer.status).toBe(200);
    // Nothing was held back, so a confirmation of 7 deletes nothing.
    expect(answer.body.data).toMatchObject({ syncType: 'full', heldBackDeletions: [] });
    expect(answer.body.data.tables.payments.deleted).toBe(0);
  });

  it('shows a log left running by a run that no longer holds the lease as stopped', async () => {
    const startedAt = new Date(Date.now() + 60_000).toISOString(); // newest of all
    await db.doc('sync_logs/orphaned-run').set({ syncId: 'orphaned-run', status: 'running', syncType: 'delta', triggeredBy: 'scheduled', startedAt, error: null, tables: emptyTableCounts() });
    try {
      const { body } = await call('getSyncStatus');
      expect(body.data.latestSync).toMatchObject({ syncId: 'orphaned-run', status: 'error', error: 'The sync stopped before it finished.' });
      const history = await call('getSyncHistory', { query: '?limit=1' });
      expect(history.body.data.logs[0]).toMatchObject({ syncId: 'orphaned-run', status: 'error' });
    } finally {
      await db.doc('sync_logs/orphaned-run').delete();
    }
  });

  it('leaves out a log that does not read as one (edited by hand) and shows the others', async () => {
    const readable = (await call('getSyncHistory', { query: '?limit=2' })).body.data.logs;
    expect(readable.length).toBeGreaterThan(0);
    const startedAt = new Date(Date.now() + 120_000).toISOString(); // newest of all
    await db.doc('sync_logs/garbled-run').set({ syncId: 'garbled-run', status: 'finished?', syncType: 'delta', triggeredBy: 'scheduled', startedAt, tables: 'none' });
    try {
      const status = await call('getSyncStatus');
      expect(status.status).toBe(200);
      // The newest log does not parse: the status shows none rather than a half-formed one.
      expect(status.body.data.latestSync).toBeNull();
      const history = await call('getSyncHistory', { query: '?limit=3' });
      expect(history.status).toBe(200);
      expect(history.body.data.logs.map((log: { syncId: string }) => log.syncId)).toEqual(readable.map((log: { syncId: string }) => log.syncId));
    } finally {
      await db.doc('sync_logs/garbled-run').delete();
    }
  });
});

describe('conflicts and failures', () => {
  it('answers 409 to the second of two triggers at once', async () => {
    // The first run's read of Members is held until the second trigger has its answer: a slow
    // answer (1.5 s) raced a second call that had to start a function instance on a busy machine.
    await setFault('Members', 'held', 1);
    const first = call('triggerFullSync');
    // The second trigger comes once the first holds the lease.
    while (!(await db.doc('sync_metadata/lease').get()).exists) await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await call('triggerDeltaSync');
    await setFault('Members', null);
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ error: 'sync-already-running', message: expect.stringMatching(/full sync .* running since .*Try again/) });
    expect((await first).status).toBe(200);
  });

  it('answers 409 while a crashed run still holds its lease, and runs once it has expired', async () => {
    const lease = {
      syncId: 'crashed-run',
      syncType: 'full',
      triggeredBy: 'scheduled',
      acquiredAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 35 * 60_000).toISOString(),
    };
    await db.doc('sync_logs/crashed-run').set({ syncId: 'crashed-run', status: 'running', startedAt: new Date(Date.now() - 60_000).toISOString() });
    await db.doc('sync_metadata/lease').set(lease);
    const refused = await call('triggerFullSync');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/scheduled/);

    await db.doc('sync_metadata/lease').set({ ...lease, expiresAt: new Date(Date.now() - 1000).toISOString() });
    const ran = await call('triggerFullSync');
    expect(ran.status).toBe(200);
    expect((await db.doc('sync_logs/crashed-run').get()).get('status')).toBe('error');
  });

  it('answers 502 when AppSheet fails, keeps every document, and logs why', async () => {
    await call('triggerFullSync');
    const children = await countDocs('children');
    await setFault('Children', 'error');
    const { status, body } = await call('triggerFullSync');
    expect(status).toBe(502);
    expect(body.error).toBe('sync-failed');
    expect(body.message).toMatch(/children: AppSheet Find on Children: HTTP 500.*after 3 attempts/);
    expect(body.data).toMatchObject({ status: 'error', totalMembers: FUNCTIONS_SCHOOL.families });
    expect(await countDocs('children')).toBe(children);
    const latest = (await call('getSyncStatus')).body.data.latestSync;
    expect(latest).toMatchObject({ syncId: body.data.syncId, status: 'error' });
  });
});
