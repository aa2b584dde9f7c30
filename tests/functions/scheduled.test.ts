/**
 * The scheduled syncs. The schedulers do not fire in the emulator, so the handlers are called
 * directly, configured the way the Functions runtime configures them (environment variables).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runScheduledSync } from '../../functions/src/wiring/syncRuns';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { PORTS } from '../../tools/lib/stack';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';

const { db } = emulatorAdmin();

beforeAll(() => {
  process.env.APPSHEET_BASE_URL = `http://127.0.0.1:${PORTS.appsheet}`;
  process.env.APPSHEET_APP_ID = DEMO_APP_ID;
  process.env.APPSHEET_ACCESS_KEY = DEMO_ACCESS_KEY;
  process.env.APP_ORIGINS = '["http://127.0.0.1:5173"]';
});
beforeEach(() => clearFirestore());
// Leave no lease behind for the suites that follow.
afterAll(() => clearFirestore());

describe('scheduled syncs', () => {
  it('run a full and then a delta sync, logged as scheduled', async () => {
    await runScheduledSync('full');
    await runScheduledSync('delta');
    const logs = (await db.collection('sync_logs').orderBy('startedAt').get()).docs.map((d) => d.data());
    expect(logs).toEqual([
      expect.objectContaining({ syncType: 'full', triggeredBy: 'scheduled', triggeredByEmail: null, status: 'success' }),
      expect.objectContaining({ syncType: 'delta', triggeredBy: 'scheduled', status: 'success' }),
    ]);
    expect((await db.collection('members').count().get()).data().count).toBeGreaterThan(0);
  });

  it('skip quietly while another sync holds the lease', async () => {
    await db.doc('sync_metadata/lease').set({
      syncId: 'manual-run',
      syncType: 'full',
      triggeredBy: 'manual',
      acquiredAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    await expect(runScheduledSync('delta')).resolves.toBeUndefined();
    expect((await db.collection('sync_logs').get()).size).toBe(0);
  });
});
