/**
 * Office alerts after scheduled syncs, against the AppSheet demo server (with its faults) and the
 * Firestore emulator: what lands in the `mail` collection, for whom, and how often.
 */
import { ADMIN_USERS, MAIL } from '@family-portal/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SYNC_APPSHEET_PAUSE_SETTING } from '../../functions/src/lib/appSheetWaits';
import { createAppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { runScheduledSync } from '../../functions/src/wiring/syncRuns';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { PORTS } from '../../tools/lib/stack';
import { stackSettings } from '../support/stackSettings';

const { db } = emulatorAdmin();
const APPSHEET = `http://127.0.0.1:${PORTS.appsheet}`;
const client = createAppSheetClient({ baseUrl: APPSHEET, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY, timeoutMs: 3000, attempts: 1, backoffMs: 10 });
const saved = { ...process.env };

interface Mail {
  to: string;
  message: { subject: string; text: string; html: string };
}

async function mails(): Promise<Mail[]> {
  return (await db.collection(MAIL).get()).docs.map((doc) => doc.data() as Mail);
}
const subjects = async () => (await mails()).map((mail) => mail.message.subject).sort();

async function setFault(table: string, fault: string | null, extra: Record<string, unknown> = {}) {
  await fetch(`${APPSHEET}/__demo/faults/${table}`, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ fault, ...extra }) });
}

beforeAll(() => {
  Object.assign(process.env, {
    APPSHEET_BASE_URL: APPSHEET,
    APPSHEET_APP_ID: DEMO_APP_ID,
    APPSHEET_ACCESS_KEY: DEMO_ACCESS_KEY,
    APP_ORIGINS: '["https://portal.lindenhof.example"]',
  });
  delete process.env.OFFICE_LANGUAGE;
  // The pause before the sync tries a failing table again, as the emulated functions take it.
  const pause = stackSettings()[SYNC_APPSHEET_PAUSE_SETTING];
  if (pause === undefined) delete process.env[SYNC_APPSHEET_PAUSE_SETTING];
  else process.env[SYNC_APPSHEET_PAUSE_SETTING] = pause;
});
afterAll(async () => {
  process.env = saved;
  await fetch(`${APPSHEET}/__demo/faults`, { method: 'DELETE' });
  await clearFirestore();
});
beforeEach(async () => {
  await fetch(`${APPSHEET}/__demo/faults`, { method: 'DELETE' });
  await clearFirestore();
  await db.doc(`${ADMIN_USERS}/admin@example.com`).set({ active: true });
  await db.doc(`${ADMIN_USERS}/boss@example.com`).set({ active: true });
  await db.doc(`${ADMIN_USERS}/retired@example.com`).set({ active: false });
  await runScheduledSync('full');
  expect(await mails()).toEqual([]);
});

describe('office alerts after scheduled syncs', () => {
  it('an error e-mails every active admin once a day, in German, and a successful run sends one all-clear', async () => {
    await setFault('Members', 'error', { times: 100 });
    await runScheduledSync('delta');
    const sent = await mails();
    expect(sent.map((mail) => mail.to).sort()).toEqual(['admin@example.com', 'boss@example.com']);
    const [alert] = sent;
    expect(alert!.message.subject).toBe('Familienportal: Synchronisation fehlgeschlagen');
    expect(alert!.message.text).toMatch(/^Die geplante Änderungssynchronisation vom .* ist mit einem Fehler beendet worden\./);
    expect(alert!.message.text).toContain('Members: 1 Fehler');
    expect(alert!.message.text).toMatch(/Gründe:\n- .*Members/);
    expect(alert!.message.text).toContain('Zur Sync-Konsole: https://portal.lindenhof.example/admin');

    // The next hour fails again: nothing more today.
    await runScheduledSync('delta');
    expect(await mails()).toHaveLength(2);

    await setFault('Members', null);
    await runScheduledSync('delta');
    expect(await subjects()).toEqual([
      'Familienportal: Synchronisation fehlgeschlagen',
      'Familienportal: Synchronisation fehlgeschlagen',
      'Familienportal: Synchronisation wieder in Ordnung',
      'Familienportal: Synchronisation wieder in Ordnung',
    ]);
    await runScheduledSync('delta');
    expect(await mails()).toHaveLength(4);
  });

  it('held-back deletions are named with their table, count and reason', async () => {
    await setFault('Payments', 'partial', { rows: 1 });
    await runScheduledSync('full');
    const sent = await mails();
    expect(sent).toHaveLength(2);
    expect(sent[0]!.message.subject).toBe('Familienportal: Löschungen warten auf Bestätigung');
    expect(sent[0]!.message.text).toMatch(/Payments: \d+ zurückgehalten/);
    expect(sent[0]!.message.text).toMatch(/Payments: \d+ deletions held back: more than \d+ of \d+ documents of Payments at once/);
  });

  it('warnings are e-mailed only when two runs in a row end with them, in the language set', async () => {
    process.env.OFFICE_LANGUAGE = 'en';
    const paymentId = String((await client.find('Payments'))[0]?.['Payment ID']);
    const [payment] = await client.find('Payments', `FILTER("Payments", [Payment ID] = "${paymentId}")`);
    await client.edit('Payments', [{ 'Payment ID': paymentId, 'Payment Type': 'PayPal' }]);
    try {
      await runScheduledSync('full');
      expect(await mails()).toEqual([]);
      await runScheduledSync('full');
      const sent = await mails();
      expect(sent).toHaveLength(2);
      expect(sent[0]!.message.subject).toBe('Family Portal: sync reports warnings');
      expect(sent[0]!.message.text).toContain(`Payments ${paymentId}: column "Payment Type": "PayPal" is not one of`);
    } finally {
      await client.edit('Payments', [{ 'Payment ID': paymentId, 'Payment Type': payment!['Payment Type'] }]);
      delete process.env.OFFICE_LANGUAGE;
    }
  });
});
