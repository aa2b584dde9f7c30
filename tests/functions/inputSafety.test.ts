/**
 * Input the functions refuse, through the Functions emulator: contact fields and reasons that
 * would inject lines or spreadsheet formulas, oversized bodies and malformed JSON. Every refusal
 * is a JSON {error, message} and changes nothing in Firestore or AppSheet.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../functions/src/http/endpoint';
import { createAppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { runFullSync } from '../../functions/src/wiring/syncRuns';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';
import { PORTS } from '../../tools/lib/stack';
import { createAccount, functionUrl, idTokenFor } from '../support/auth';

const { db } = emulatorAdmin();
const appSheetUrl = `http://127.0.0.1:${PORTS.appsheet}`;
const appSheet = createAppSheetClient({ baseUrl: appSheetUrl, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY });
const MEMBER = 'M0009';
const ADMIN = 'input.safety.admin@example.com';
let memberEmail: string;
let memberToken: string;
let adminToken: string;

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** Any method, any content type (or none), any body: what fetch will not send, such as a GET with a body. */
function send(name: string, options: { method?: string; contentType?: string | null; body?: string; token?: string | null } = {}): Promise<Answer> {
  const body = Buffer.from(options.body ?? '', 'utf8');
  const headers: Record<string, string | number> = { 'Content-Length': body.length };
  if (options.contentType !== null) headers['Content-Type'] = options.contentType ?? 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(functionUrl(name), { method: options.method ?? 'POST', headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({ status: incoming.statusCode ?? 0, contentType: String(incoming.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const json = (answer: Answer) => {
  expect(answer.contentType, answer.text.slice(0, 200)).toMatch(/^application\/json/);
  return JSON.parse(answer.text) as { error: string; message: string };
};
const post = async (name: string, body: unknown, token: string | null = memberToken) => {
  const answer = await send(name, { body: JSON.stringify(body), token });
  return { status: answer.status, body: json(answer) };
};

const stored = async () => (await db.doc(`members/${MEMBER}`).get()).data() ?? {};
const inAppSheet = async () => (await appSheet.find('Members', `Filter(Members, [Member ID] = "${MEMBER}")`))[0] ?? {};
const snapshot = async () => [await stored(), await inAppSheet()];

beforeAll(async () => {
  await clearFirestore();
  await fetch(`${appSheetUrl}/__demo/faults`, { method: 'DELETE' });
  const sync = await runFullSync({ db, appSheet }, { triggeredBy: 'manual' });
  expect(sync.status).not.toBe('error');
  memberEmail = (await stored()).primaryEmail as string;
  await createAccount(memberEmail);
  memberToken = await idTokenFor(memberEmail);
  await createAccount(ADMIN, { admin: true });
  adminToken = await idTokenFor(ADMIN);
});
afterAll(() => fetch(`${appSheetUrl}/__demo/faults`, { method: 'DELETE' }));

describe('contact fields and the cancellation reason', () => {
  it.each([
    ['a line break in the primary name', { primaryName: 'Anna\nMüller' }, /updates\.primaryName: must not contain line breaks/],
    ['a tab in the second name', { secondaryName: 'Jan\tMüller' }, /updates\.secondaryName: must not contain line breaks, tabs/],
    ['a leading = in the address', { address: '=HYPERLINK("https://evil.example","Berlin")' }, /updates\.address: must not start with =, \+, - or @/],
    ['a leading @ in the address', { address: '@SUM(1)' }, /updates\.address: must not start with/],
    ['a leading - in the address', { address: '-2+3' }, /updates\.address: must not start with/],
    ['a formula in a phone number', { phone: '=1+1' }, /updates\.phone: may contain only digits/],
    ['a phone number too long for the column', { phone2: '1'.repeat(41) }, /updates\.phone2: must be at most 40 characters/],
  ])('refuses %s with 400 and changes nothing', async (_what, updates, message) => {
    const before = await snapshot();
    const { status, body } = await post('updateMemberData', { updates });
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'invalid-argument', message: expect.stringMatching(message) });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a control character in the cancellation reason and records no request', async () => {
    const before = await snapshot();
    const { status, body } = await post('cancelMembership', { cancellationReason: 'Umzug\u0007' });
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'invalid-argument', message: expect.stringMatching(/cancellationReason: must not contain line breaks/) });
    expect(await snapshot()).toEqual(before);
    expect(before[0]).toMatchObject({ cancellationRequested: false });
  });

  it('accepts a phone number in international form, which starts with +', async () => {
    const { status, body } = await post('updateMemberData', { updates: { phone: '+49 30 123' } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, data: { id: MEMBER, phone: '+49 30 123' } });
    expect(await stored()).toMatchObject({ phone: '+49 30 123' });
    expect(await inAppSheet()).toMatchObject({ Phone: '+49 30 123' });
  });
});

describe('every answer is JSON, for any body', () => {
  const oversized = JSON.stringify({ email: 'x'.repeat(MAX_BODY_BYTES) });
  const endpoints = [
    ['checkEmailExists', 'POST'],
    ['updateMemberData', 'POST'],
    ['cancelMembership', 'POST'],
    ['triggerFullSync', 'POST'],
    ['triggerDeltaSync', 'POST'],
    ['getSyncStatus', 'GET'],
    ['getSyncHistory', 'GET'],
  ] as const;

  it.each(endpoints)('%s answers an oversized body with 413 before doing anything', async (name, method) => {
    const logs = (await db.collection('sync_logs').count().get()).data().count;
    for (const contentType of ['application/json', 'text/plain', null]) {
      const answer = await send(name, { method, contentType, body: oversized, token: name.includes('Sync') ? adminToken : memberToken });
      expect(answer.status, `${contentType}`).toBe(413);
      expect(json(answer)).toEqual({ error: 'payload-too-large', message: expect.stringContaining('16 KiB') });
    }
    expect((await db.collection('sync_logs').count().get()).data().count).toBe(logs);
  });

  it.each(endpoints.filter(([, method]) => method === 'POST'))(
    '%s answers malformed JSON sent as text/plain or without a content type with a JSON 400',
    async (name) => {
      for (const contentType of ['text/plain;charset=UTF-8', null]) {
        const answer = await send(name, { contentType, body: '{"email": ', token: name.startsWith('trigger') ? adminToken : memberToken });
        expect(answer.status, `${contentType}`).toBe(400);
        expect(json(answer)).toEqual({ error: 'invalid-argument', message: 'The request body is not valid JSON.' });
      }
    },
  );

  it('reads well-formed JSON whatever the content type says', async () => {
    for (const contentType of ['application/json', 'text/plain;charset=UTF-8', null]) {
      const answer = await send('checkEmailExists', { contentType, body: JSON.stringify({ email: memberEmail.toUpperCase() }) });
      expect(answer.status, `${contentType}`).toBe(200);
      expect(JSON.parse(answer.text)).toEqual({ exists: true });
    }
  });

  it('malformed application/json never reaches the function: the framework answers with its own HTML 400', async () => {
    // body-parser, run by the Functions Framework (and the emulator) before any function code,
    // rejects the body and Express's default error handler answers. Function code cannot change
    // this answer; the web app always sends well-formed JSON.
    for (const [name, token] of [['checkEmailExists', null], ['updateMemberData', memberToken]] as const) {
      const before = await snapshot();
      const answer = await send(name, { body: '{"email": ', token });
      expect(answer.status).toBe(400);
      expect(answer.contentType).toMatch(/^text\/html/);
      expect(() => JSON.parse(answer.text)).toThrow();
      expect(await snapshot()).toEqual(before);
    }
  });
});
