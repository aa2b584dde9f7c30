/**
 * Write-backs that are safe to retry, through the Functions emulator: two cancellations at once
 * record one request; a retry after AppSheet accepted (but Firestore did not) keeps the first
 * request's date and repairs the document; a hung AppSheet gets a JSON answer in bounded time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { runFullSync } from '../../functions/src/wiring/syncRuns';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { PORTS } from '../../tools/lib/stack';
import { createAccount, functionUrl, idTokenFor } from '../support/auth';
import { stackWriteWaits } from '../support/stackSettings';

const { db } = emulatorAdmin();
const appSheetUrl = `http://127.0.0.1:${PORTS.appsheet}`;
const appSheet = createAppSheetClient({ baseUrl: appSheetUrl, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY });
const setFault = (fault: string | null) => fetch(`${appSheetUrl}/__demo/faults/Members`, { method: 'PUT', body: JSON.stringify({ fault }) });
const inAppSheet = async (id: string) => (await appSheet.find('Members', `Filter(Members, [Member ID] = "${id}")`))[0] ?? {};
const stored = async (id: string) => (await db.doc(`members/${id}`).get()).data() ?? {};

async function cancel(token: string, reason: string) {
  const response = await fetch(functionUrl('cancelMembership'), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ cancellationReason: reason }),
  });
  return { status: response.status, body: await response.json() };
}

/** Active members no other test file changes, with a fresh account each. */
let members: Array<{ id: string; token: string }> = [];

beforeAll(async () => {
  await clearFirestore();
  await setFault(null);
  expect((await runFullSync({ db, appSheet }, { triggeredBy: 'manual' })).error).toBeNull();
  const candidates = await db.collection('members').where('status', '==', 'active').where('cancellationRequested', '==', false).get();
  const free = candidates.docs.filter((doc) => doc.id >= 'M0010' && !doc.get('membershipEndsAt'));
  expect(free.length).toBeGreaterThanOrEqual(3);
  members = await Promise.all(
    free.slice(0, 3).map(async (doc) => {
      await createAccount(doc.get('primaryEmail'));
      return { id: doc.id, token: await idTokenFor(doc.get('primaryEmail')) };
    }),
  );
});
afterAll(async () => {
  await setFault(null);
  // Leave the shared demo school as it was for the files that follow.
  await appSheet.edit('Members', members.map(({ id }) => ({ 'Member ID': id, 'Cancellation Requested': 'N', 'Cancellation Requested At': '', 'Cancellation Reason': '' })));
});

describe('cancelMembership is safe to retry', () => {
  it('two requests at once (a double click, two tabs) record exactly one, with its date and reason', async () => {
    const [member] = members as [{ id: string; token: string }];
    const answers = await Promise.all([cancel(member.token, 'erster Klick'), cancel(member.token, 'zweiter Klick')]);
    const recorded = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 409);
    expect(recorded).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.body.error).toMatch(/^(request-in-progress|already-requested)$/);

    const row = await inAppSheet(member.id);
    expect(row['Cancellation Requested']).toBe('Y');
    expect(row['Cancellation Reason']).toBe(recorded[0]?.body.data.cancellationReason);
    expect(await stored(member.id)).toMatchObject({
      cancellationRequested: true,
      cancellationReason: recorded[0]?.body.data.cancellationReason,
      cancellationRequestedAt: recorded[0]?.body.data.cancellationRequestedAt,
    });
  });

  it('a retry after AppSheet accepted but Firestore was not updated keeps the first request and repairs the document', async () => {
    const [, member] = members as [unknown, { id: string; token: string }];
    // What a lost Firestore write leaves: AppSheet has the request, Firestore does not.
    await appSheet.edit('Members', [{ 'Member ID': member.id, 'Cancellation Requested': 'Y', 'Cancellation Requested At': '01.11.2026 09:15:00', 'Cancellation Reason': 'Umzug' }]);
    const before = await inAppSheet(member.id);
    expect((await stored(member.id)).cancellationRequested).toBe(false);

    const retry = await cancel(member.token, 'noch einmal');
    expect(retry).toEqual({ status: 409, body: { error: 'already-requested', message: 'A cancellation was already requested on 2026-11-01.' } });
    expect(await inAppSheet(member.id)).toEqual(before);
    expect(await stored(member.id)).toMatchObject({ cancellationRequested: true, cancellationReason: 'Umzug' });
  });

  it('answers a hung AppSheet with JSON within the bounded attempts, and changes nothing', async () => {
    const [, , member] = members as [unknown, unknown, { id: string; token: string }];
    const before = await stored(member.id);
    await setFault('hang');
    const started = Date.now();
    const answer = await cancel(member.token, 'hängt');
    const took = Date.now() - started;
    await setFault(null);
    expect(answer).toEqual({ status: 502, body: { error: 'appsheet-failed', message: expect.stringContaining('Nothing was changed') } });
    // Its attempts, each given up after the write timeout (lowered for this stack), the pause
    // between them, and some seconds for the emulator: an answer within the bound, not a hang.
    const { timeoutMs, attempts, backoffMs } = stackWriteWaits();
    expect(took).toBeGreaterThanOrEqual(attempts * timeoutMs);
    expect(took).toBeLessThan(attempts * timeoutMs + backoffMs + 10_000);
    expect(await stored(member.id)).toEqual(before);
    expect((await db.doc(`member_writes/${member.id}`).get()).exists).toBe(false);
  }, 60_000);
});
