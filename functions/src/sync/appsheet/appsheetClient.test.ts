import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { changedSinceCondition, createAppSheetClient, formatAppSheetDateTime } from './appsheetClient';

let server: Server | undefined;
let lastRequest: { url: string; headers: Record<string, unknown>; body: any } | undefined;
let requests = 0;

type Answer = [status: number, body: string | null];

/** Answers the requests in turn with the given answers, repeating the last; null body = hang. */
async function serveSequence(answers: Answer[]): Promise<string> {
  requests = 0;
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      lastRequest = { url: request.url ?? '', headers: request.headers, body: JSON.parse(Buffer.concat(chunks).toString()) };
      const [status, body] = answers[Math.min(requests, answers.length - 1)] as Answer;
      requests += 1;
      if (body === null) return; // never answer
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

const serve = (status: number, body: string | null) => serveSequence([[status, body]]);

afterEach(async () => {
  if (!server) return;
  const closing = server;
  server = undefined;
  closing.closeAllConnections();
  await new Promise((resolve) => closing.close(resolve));
});

describe('AppSheet client', () => {
  it("posts a Find with the access key, German locale and the school's zone, to the encoded table", async () => {
    const base = await serve(200, JSON.stringify([{ 'Member ID': 'M1' }]));
    const client = createAppSheetClient({ baseUrl: base, appId: 'app-1', accessKey: 'secret' });
    const rows = await client.find('Other Payments', 'Filter("Other Payments", true)');
    expect(rows).toEqual([{ 'Member ID': 'M1' }]);
    expect(lastRequest?.url).toBe('/api/v2/apps/app-1/tables/Other%20Payments/Action');
    expect(lastRequest?.headers.applicationaccesskey).toBe('secret');
    expect(lastRequest?.body).toEqual({
      Action: 'Find',
      Properties: { Locale: 'de-DE', Timezone: 'W. Europe Standard Time', Selector: 'Filter("Other Payments", true)' },
      Rows: [],
    });
  });

  it('accepts the {"Rows": [...]} answer shape as well', async () => {
    const base = await serve(200, JSON.stringify({ Rows: [{ a: '1' }] }));
    const client = createAppSheetClient({ baseUrl: base, appId: 'a', accessKey: 'k' });
    expect(await client.edit('Members', [{ a: '1' }])).toEqual([{ a: '1' }]);
  });

  it('posts an Add with the rows and answers the rows AppSheet added', async () => {
    const base = await serve(200, JSON.stringify({ Rows: [{ 'Request ID': 'REQ-1', Status: 'Angefragt' }] }));
    const client = createAppSheetClient({ baseUrl: base, appId: 'a', accessKey: 'k' });
    expect(await client.add('Course Requests', [{ 'Request ID': 'REQ-1', Status: 'Angefragt' }])).toEqual([{ 'Request ID': 'REQ-1', Status: 'Angefragt' }]);
    expect(lastRequest?.url).toBe('/api/v2/apps/a/tables/Course%20Requests/Action');
    expect(lastRequest?.body).toMatchObject({ Action: 'Add', Rows: [{ 'Request ID': 'REQ-1', Status: 'Angefragt' }] });
  });

  it.each([
    [500, '{"error":"boom"}', /Find on Members: HTTP 500/],
    [403, 'denied', /HTTP 403 denied/],
    [200, '', /empty response/],
    [200, '<html>', /not JSON/],
    [200, '{"status":"ok"}', /not a list of rows/],
  ])('turns HTTP %i %j into a clear error', async (status, body, message) => {
    const base = await serve(status, body);
    const client = createAppSheetClient({ baseUrl: base, appId: 'a', accessKey: 'k', attempts: 1 });
    await expect(client.find('Members')).rejects.toThrow(message);
  });

  it('gives up after its timeout', async () => {
    const base = await serve(200, null);
    const client = createAppSheetClient({ baseUrl: base, appId: 'a', accessKey: 'k', timeoutMs: 200, attempts: 1 });
    await expect(client.find('Members')).rejects.toThrow(/timed out after 200 ms/);
  });

  it('retries server errors and timeouts with backoff, then succeeds', async () => {
    const base = await serveSequence([[503, 'busy'], [200, null], [200, '[{"a":"1"}]']]);
    const client = createAppSheetClient({ baseUrl: base, appId: 'a', accessKey: 'k', timeoutMs: 200, attempts: 3, backoffMs: 10 });
    expect(await client.find('Members')).toEqual([{ a: '1' }]);
    expect(requests).toBe(3);
  });

  it('stops after the bounded number of attempts and says so', async () => {
    const base = await serve(500, 'down');
    const client = createAppSheetClient({ baseUrl: base, appId: 'a', accessKey: 'k', attempts: 3, backoffMs: 10 });
    await expect(client.find('Members')).rejects.toThrow(/HTTP 500 down \(after 3 attempts\)/);
    expect(requests).toBe(3);
  });

  it('does not retry what will not change: a refused key or a bad request', async () => {
    const base = await serve(403, 'denied');
    const client = createAppSheetClient({ baseUrl: base, appId: 'a', accessKey: 'k', attempts: 3, backoffMs: 10 });
    await expect(client.find('Members')).rejects.toThrow(/HTTP 403/);
    expect(requests).toBe(1);
  });

  it('names the configured zone the Windows way, and refuses a zone AppSheet has no name for', async () => {
    const base = await serve(200, '[]');
    await createAppSheetClient({ baseUrl: base, appId: 'a', accessKey: 'k', timeZone: 'Europe/London' }).find('Members');
    expect(lastRequest?.body.Properties.Timezone).toBe('GMT Standard Time');
    expect(() => createAppSheetClient({ baseUrl: base, appId: 'a', accessKey: 'k', timeZone: 'America/New_York' })).toThrow(/SCHOOL_TIME_ZONE "America\/New_York"/);
  });
});

describe('DateTimes sent to AppSheet', () => {
  it.each([
    ['UTC', '2026-03-05T07:08:09Z', '05.03.2026 07:08:09'],
    ['Europe/Berlin', '2026-03-05T07:08:09Z', '05.03.2026 08:08:09'],
    ['Europe/Berlin', '2026-02-28T23:30:00Z', '01.03.2026 00:30:00'],
    ['Europe/Berlin', '2026-03-29T00:59:59Z', '29.03.2026 01:59:59'],
    ['Europe/Berlin', '2026-03-29T01:00:00Z', '29.03.2026 03:00:00'],
    ['Europe/Berlin', '2026-10-25T00:30:00Z', '25.10.2026 02:30:00'],
    ['Europe/Berlin', '2026-10-25T01:30:00Z', '25.10.2026 02:30:00'],
    ['Europe/Berlin', '2026-10-25T02:00:00Z', '25.10.2026 03:00:00'],
  ])('%s: %s is written as %s', (zone, instant, expected) => {
    expect(formatAppSheetDateTime(new Date(instant), zone)).toBe(expected);
  });

  it("uses the school's zone unless told otherwise", () => {
    expect(formatAppSheetDateTime(new Date('2026-07-01T10:00:00Z'))).toBe('01.07.2026 12:00:00');
  });

  it('builds change-timestamp conditions in de-DE on the school clock', () => {
    expect(changedSinceCondition('Last Changed', new Date('2026-03-05T07:08:09Z'), 'Europe/Berlin')).toBe('[Last Changed] >= "05.03.2026 08:08:09"');
    expect(changedSinceCondition('Last Changed', new Date('2026-02-28T23:30:00Z'), 'Europe/Berlin')).toBe('[Last Changed] >= "01.03.2026 00:30:00"');
  });

  it('never lets a selector in the repeated hour of 25 October skip a change', () => {
    // 02:30 could mean 00:30Z or 01:30Z; a reading from before the repeated hour cannot skip either.
    for (const since of ['2026-10-25T00:30:00Z', '2026-10-25T01:30:00Z']) {
      expect(changedSinceCondition('Last Changed', new Date(since), 'Europe/Berlin')).toBe('[Last Changed] >= "25.10.2026 01:30:00"');
    }
    expect(changedSinceCondition('Last Changed', new Date('2026-10-25T02:00:00Z'), 'Europe/Berlin')).toBe('[Last Changed] >= "25.10.2026 03:00:00"');
  });
});
