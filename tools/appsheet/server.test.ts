import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppSheetClient, type AppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { findInSlices } from '../../tests/support/appSheet';
import { generateSchool } from './generator';
import { DEMO_ACCESS_KEY, DEMO_APP_ID, startDemoServer, type DemoServer } from './server';
import type { RawRow } from './store';

let server: DemoServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function call(base: string, table: string, body: unknown, key: string | null = DEMO_ACCESS_KEY) {
  const response = await fetch(`${base}/api/v2/apps/${DEMO_APP_ID}/tables/${encodeURIComponent(table)}/Action`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(key ? { ApplicationAccessKey: key } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const find = (selector?: string, locale = 'de-DE', timezone?: string) => ({
  Action: 'Find',
  Properties: { Locale: locale, ...(timezone ? { Timezone: timezone } : {}), ...(selector ? { Selector: selector } : {}) },
  Rows: [],
});

describe('AppSheet demo server', () => {
  it('refuses requests without the right access key', async () => {
    server = await startDemoServer({ families: 5, today: '2026-11-21' });
    expect((await call(server.url, 'Members', find(), null)).status).toBe(403);
    expect((await call(server.url, 'Members', find(), 'wrong')).status).toBe(403);
  });

  it('answers Find with every row, formatted for de-DE', async () => {
    server = await startDemoServer({ families: 5, today: '2026-11-21' });
    const { status, body } = await call(server.url, 'Members', find());
    expect(status).toBe(200);
    expect(body).toHaveLength(5);
    const anna = body.find((row: any) => row['Member ID'] === 'M0001');
    expect(anna['Primary Name']).toBe('Anna Müller');
    expect(anna.Balance).toMatch(/^-\d{1,3}(\.\d{3})*,\d{2}$/);
    expect(anna['Member Since']).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(anna['Cancellation Requested']).toBe('N');
    expect(anna['Member Until']).toBe('');
  });

  it('formats for en-US when asked', async () => {
    server = await startDemoServer({ families: 3, today: '2026-11-21' });
    const { body } = await call(server.url, 'Quarters', find(undefined, 'en-US'));
    expect(body.find((q: any) => q.Name === '2026 Q4')['First Day']).toBe('10/01/2026');
  });

  it('filters on the change timestamp with a Selector', async () => {
    server = await startDemoServer({ families: 10, today: '2026-11-21' });
    const all = (await call(server.url, 'Payments', find())).body as any[];
    const cutoff = '10.11.2026 00:00:00';
    const expected = all.filter((row) => {
      const [d, m, rest] = row['Last Changed'].split('.');
      return `${rest.slice(0, 4)}-${m}-${d}${rest.slice(4)}` >= '2026-11-10 00:00:00';
    });
    const { status, body } = await call(server.url, 'Payments', find(`Filter(Payments, [Last Changed] >= "${cutoff}")`));
    expect(status).toBe(200);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    expect(body.map((row: any) => row['Payment ID']).sort()).toEqual(expected.map((row) => row['Payment ID']).sort());
    const quoted = await call(server.url, 'Other Payments', find(`Filter("Other Payments", AND([Status] = "Aktiv", [Amount] >= 30))`));
    expect(quoted.status).toBe(200);
    expect(quoted.body.every((row: any) => row.Status === 'Aktiv' && Number(row.Amount.replace(',', '.')) >= 30)).toBe(true);
  });

  it('answers slices: Top(OrderBy(Filter(…), [_RowNumber]), n) in sheet order, numbered as AppSheet numbers sheet rows', async () => {
    server = await startDemoServer({ families: 10, today: '2026-11-21' });
    const all = (await call(server.url, 'Payments', find())).body as any[];
    expect(all.map((row) => Number(row._RowNumber))).toEqual(all.map((_, index) => index + 2));
    const slice = (selector: string) => call(server!.url, 'Payments', find(selector)).then(({ body }) => body.map((row: any) => row['Payment ID']));
    const ids = all.map((row) => row['Payment ID']);
    expect(await slice('Top(OrderBy(Filter("Payments", TRUE), [_RowNumber]), 5)')).toEqual(ids.slice(0, 5));
    expect(await slice('Top(OrderBy(Filter("Payments", [_RowNumber] >= 6), [_RowNumber]), 3)')).toEqual(ids.slice(4, 7));
    expect(await slice('Top(OrderBy(Filter(Payments, [_RowNumber] >= 3), [_RowNumber], TRUE), 2)')).toEqual(ids.slice(-2).reverse());
    expect(await slice(`Top(OrderBy(Filter(Payments, [_RowNumber] > ${all.length}), [_RowNumber]), 5)`)).toEqual(ids.slice(-1));
    // Sorting by another column, then by row number within equal values.
    const byAmount = await call(server.url, 'Payments', find('OrderBy(Filter(Payments, TRUE), [Amount], FALSE, [_RowNumber])'));
    const amounts = byAmount.body.map((row: any) => Number(row.Amount.replace(/\./g, '').replace(',', '.')));
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
  });

  it('serves the sync its slices: every row once, and a deletion between two slices costs no row', async () => {
    server = await startDemoServer({ families: 10, today: '2026-11-21' });
    const client = createAppSheetClient({ baseUrl: server.url, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY });
    const ids = (rows: Record<string, unknown>[]) => rows.map((row) => row['Payment ID']);
    const all = ids(await client.find('Payments'));
    expect(all.length).toBeGreaterThan(100);
    expect(ids(await findInSlices(client, 'Payments', 'Payment ID', { sliceRows: 37 }))).toEqual(all);

    // The office deletes the second payment right after the first slice was read.
    let requests = 0;
    const deleting: AppSheetClient = {
      ...client,
      async find(table, selector) {
        requests += 1;
        if (requests === 2) await call(server!.url, 'Payments', { Action: 'Delete', Properties: {}, Rows: [{ 'Payment ID': all[1] }] });
        return client.find(table, selector);
      },
    };
    expect(ids(await findInSlices(deleting, 'Payments', 'Payment ID', { sliceRows: 37 }))).toEqual(all.filter((_, index) => index !== 1));
    expect(requests).toBeGreaterThan(Math.ceil(all.length / 37) + 1); // it read the table again
  });

  it('renumbers the rows below a deleted one, as a sheet does', async () => {
    server = await startDemoServer({ families: 5, today: '2026-11-21' });
    const before = (await call(server.url, 'Payments', find())).body as any[];
    const deleted = await call(server.url, 'Payments', { Action: 'Delete', Properties: {}, Rows: [{ 'Payment ID': before[1]['Payment ID'] }] });
    expect(deleted.status).toBe(200);
    const after = (await call(server.url, 'Payments', find())).body as any[];
    expect(after[1]['Payment ID']).toBe(before[2]['Payment ID']);
    expect(after[1]._RowNumber).toBe(before[1]._RowNumber);
  });

  it('rejects an expression it does not support with a 400 and a reason', async () => {
    server = await startDemoServer({ families: 3, today: '2026-11-21' });
    const unsupported = await call(server.url, 'Members', find('Unique(Members, 3)'));
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.error).toMatch(/Unsupported function Unique/);
    const top = await call(server.url, 'Members', find('Top(Filter(Members, TRUE), [Status])'));
    expect(top.status).toBe(400);
    expect(top.body.error).toMatch(/Expected number/);
    const column = await call(server.url, 'Members', find('Filter(Members, [Nope] >= "1")'));
    expect(column.status).toBe(400);
    expect(column.body.error).toMatch(/Unknown column \[Nope\]/);
    const other = await call(server.url, 'Members', find('Filter(Children, true)'));
    expect(other.status).toBe(400);
  });

  it('edits a row by key, stamps the change and keeps it across a restart', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'appsheet-')), 'store.json');
    server = await startDemoServer({ families: 3, today: '2026-11-21', dataFile });
    const before = Date.now();
    const edit = await call(server.url, 'Members', {
      Action: 'Edit',
      Properties: { Locale: 'de-DE' },
      Rows: [{ 'Member ID': 'M0002', Phone: '+49 30 555', 'Cancellation Requested': 'Y' }],
    });
    expect(edit.status).toBe(200);
    expect(edit.body.Rows[0]).toMatchObject({ 'Member ID': 'M0002', Phone: '+49 30 555', 'Cancellation Requested': 'Y' });
    await server.close();

    server = await startDemoServer({ dataFile });
    const row = (await call(server.url, 'Members', find())).body.find((r: any) => r['Member ID'] === 'M0002');
    expect(row.Phone).toBe('+49 30 555');
    const [date, time] = row['Last Changed'].split(' ');
    const [d, m, y] = date.split('.');
    expect(Date.parse(`${y}-${m}-${d}T${time}Z`)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
  });

  it('sets a kept file it cannot use aside, says so, and makes a new school', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'appsheet-')), 'store.json');
    for (const [content, problem] of [
      ['{"meta": {"seed"', /is not JSON/],
      ['[]', /is not a demo store/],
    ] as const) {
      writeFileSync(dataFile, content);
      const say = vi.fn();
      server = await startDemoServer({ families: 3, today: '2026-11-21', dataFile, say });
      expect(say).toHaveBeenCalledTimes(1);
      const line = say.mock.calls[0]?.[0] as string;
      expect(line).toMatch(problem);
      const aside = /set aside as (\S+\.unreadable-[\dTZ-]+), a new school made\.$/.exec(line)?.[1];
      expect(aside?.startsWith(`${dataFile}.unreadable-`)).toBe(true);
      expect(readFileSync(aside as string, 'utf8')).toBe(content);
      expect((await call(server.url, 'Members', find())).body).toHaveLength(3);
      expect(JSON.parse(readFileSync(dataFile, 'utf8')).meta).toMatchObject({ families: 3, booking: true });
      await server.close();
      server = undefined;
      rmSync(aside as string);
    }
  });

  it('rejects an Edit with an unknown key or a bad value and changes nothing', async () => {
    server = await startDemoServer({ families: 3, today: '2026-11-21' });
    const unknown = await call(server.url, 'Members', { Action: 'Edit', Properties: { Locale: 'de-DE' }, Rows: [{ 'Member ID': 'M9999', Phone: '1' }] });
    expect(unknown.status).toBe(400);
    const bad = await call(server.url, 'Members', {
      Action: 'Edit',
      Properties: { Locale: 'de-DE' },
      Rows: [{ 'Member ID': 'M0001', Phone: 'changed' }, { 'Member ID': 'M0002', Balance: 'viel' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/Balance/);
    const row = (await call(server.url, 'Members', find())).body.find((r: any) => r['Member ID'] === 'M0001');
    expect(row.Phone).not.toBe('changed');
  });

  it('injects faults per table', async () => {
    server = await startDemoServer({ families: 3, today: '2026-11-21' });
    const setFault = (table: string, fault: string | null) =>
      fetch(`${server!.url}/__demo/faults/${encodeURIComponent(table)}`, { method: 'PUT', body: JSON.stringify({ fault }) });

    await setFault('Payments', 'error');
    expect((await call(server.url, 'Payments', find())).status).toBe(500);
    expect((await call(server.url, 'Members', find())).status).toBe(200);

    await setFault('Payments', 'empty');
    expect((await call(server.url, 'Payments', find())).body).toEqual([]);

    await setFault('Payments', 'malformed');
    const malformed = (await call(server.url, 'Payments', find())).body;
    expect(malformed[0]['Payment ID']).toBe('');
    expect(malformed[2].Amount).toBe('zwölf');

    await setFault('Payments', 'hang');
    const hung = fetch(`${server.url}/api/v2/apps/${DEMO_APP_ID}/tables/Payments/Action`, {
      method: 'POST',
      headers: { ApplicationAccessKey: DEMO_ACCESS_KEY },
      body: JSON.stringify(find()),
      signal: AbortSignal.timeout(300),
    });
    await expect(hung).rejects.toThrow();

    await setFault('Payments', null);
    expect((await call(server.url, 'Payments', find())).body.length).toBeGreaterThan(0);
  });

  it('loses the answers from the first write on: the write lands, its answer and the next are 500', async () => {
    server = await startDemoServer({ families: 3, today: '2026-11-21' });
    server.setFault('Members', 'lost-answer', 3);
    // A Find before the write is answered as usual.
    expect((await call(server.url, 'Members', find())).status).toBe(200);
    const edit = await call(server.url, 'Members', { Action: 'Edit', Properties: { Locale: 'de-DE' }, Rows: [{ 'Member ID': 'M0001', Phone: '+49 30 999' }] });
    expect(edit.status).toBe(500);
    // The Find that checks it is lost too, and so is a refused write (it changes nothing).
    expect((await call(server.url, 'Members', find())).status).toBe(500);
    expect((await call(server.url, 'Members', { Action: 'Add', Properties: { Locale: 'de-DE' }, Rows: [{ 'Member ID': 'M0001' }] })).status).toBe(500);
    const rows = (await call(server.url, 'Members', find())).body as Array<Record<string, string>>;
    expect(rows.filter((row) => row['Member ID'] === 'M0001').map((row) => row.Phone)).toEqual(['+49 30 999']);
  });

  it('limits a fault to the next N requests, and slows a table down on request', async () => {
    server = await startDemoServer({ families: 3, today: '2026-11-21' });
    await fetch(`${server.url}/__demo/faults/Members`, { method: 'PUT', body: JSON.stringify({ fault: 'error', times: 2 }) });
    expect((await call(server.url, 'Members', find())).status).toBe(500);
    expect((await call(server.url, 'Members', find())).status).toBe(500);
    expect((await call(server.url, 'Members', find())).status).toBe(200);

    server.setFault('Members', 'slow', 1);
    const started = Date.now();
    expect((await call(server.url, 'Members', find())).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);

    const bad = await fetch(`${server.url}/__demo/faults/Members`, { method: 'PUT', body: JSON.stringify({ fault: 'fire' }) });
    expect(bad.status).toBe(400);
  });

  it('answers a slow Find with the rows of the moment it was asked, and a partial one with the first K rows', async () => {
    server = await startDemoServer({ families: 3, today: '2026-11-21' });
    server.setFault('Members', 'slow', 1);
    const slow = call(server.url, 'Members', find());
    // Changed once the server has the request, while the slow answer is on its way: not in it.
    await vi.waitFor(() => expect(server!.requestCount('Members')).toBe(1));
    expect((await call(server.url, 'Members', { Action: 'Edit', Properties: { Locale: 'de-DE' }, Rows: [{ 'Member ID': 'M0002', Phone: '+49 1' }] })).status).toBe(200);
    const answer = await slow;
    expect(answer.body.find((row: any) => row['Member ID'] === 'M0002').Phone).not.toBe('+49 1');

    await fetch(`${server.url}/__demo/faults/Payments`, { method: 'PUT', body: JSON.stringify({ fault: 'partial', rows: 2 }) });
    const partial = await call(server.url, 'Payments', find());
    expect(partial.body).toHaveLength(2);
    expect(partial.body.map((row: any) => row['Payment ID'])).toEqual(server.store.tables.Payments!.slice(0, 2).map((row) => row['Payment ID']));
  });

  it('holds a held answer until its fault is lifted, however long that takes, and answers with the rows of the moment it was asked', async () => {
    server = await startDemoServer({ families: 3, today: '2026-11-21' });
    await fetch(`${server.url}/__demo/faults/Members`, { method: 'PUT', body: JSON.stringify({ fault: 'held', times: 1 }) });
    let answered = false;
    const held = call(server.url, 'Members', find()).then((answer) => {
      answered = true;
      return answer;
    });
    await vi.waitFor(() => expect(server!.requestCount('Members')).toBe(1));
    // The next request (the fault was for one) and another table's lifting pass it by.
    expect((await call(server.url, 'Members', { Action: 'Edit', Properties: { Locale: 'de-DE' }, Rows: [{ 'Member ID': 'M0002', Phone: '+49 1' }] })).status).toBe(200);
    await fetch(`${server.url}/__demo/faults/Payments`, { method: 'PUT', body: JSON.stringify({ fault: null }) });
    expect(answered).toBe(false);

    await fetch(`${server.url}/__demo/faults/Members`, { method: 'PUT', body: JSON.stringify({ fault: null }) });
    const answer = await held;
    expect(answer.status).toBe(200);
    expect(answer.body.find((row: any) => row['Member ID'] === 'M0002').Phone).not.toBe('+49 1');

    // Lifting every fault delivers too, and so does closing the server.
    server.setFault('Children', 'held');
    const second = call(server.url, 'Children', find());
    await vi.waitFor(() => expect(server!.requestCount('Children')).toBe(1));
    await fetch(`${server.url}/__demo/faults`, { method: 'DELETE' });
    expect((await second).status).toBe(200);
  });

  describe('the request Timezone', () => {
    const BERLIN = 'W. Europe Standard Time';
    const member = (rows: any[], id: string) => rows.find((row) => row['Member ID'] === id);
    const setRaw = (id: string, column: string, value: string) => {
      const row = server!.store.tables.Members!.find((r) => r['Member ID'] === id)!;
      row[column] = value;
    };

    it('formats DateTimes as wall-clock time in that zone, UTC when none is named', async () => {
      server = await startDemoServer({ families: 3, today: '2026-11-21' });
      setRaw('M0001', 'Cancellation Requested At', '2026-02-28T23:30:00.000Z');
      setRaw('M0002', 'Cancellation Requested At', '2026-03-29T01:00:00.000Z');
      setRaw('M0003', 'Cancellation Requested At', '2026-10-25T01:30:00.000Z');
      const shown = async (timezone?: string) => {
        const rows = (await call(server!.url, 'Members', find(undefined, 'de-DE', timezone))).body;
        return ['M0001', 'M0002', 'M0003'].map((id) => member(rows, id)['Cancellation Requested At']);
      };
      expect(await shown(BERLIN)).toEqual(['01.03.2026 00:30:00', '29.03.2026 03:00:00', '25.10.2026 02:30:00']);
      expect(await shown('UTC')).toEqual(['28.02.2026 23:30:00', '29.03.2026 01:00:00', '25.10.2026 01:30:00']);
      expect(await shown()).toEqual(await shown('UTC'));
      expect(await shown('GMT Standard Time')).toEqual(['28.02.2026 23:30:00', '29.03.2026 02:00:00', '25.10.2026 01:30:00']);
    });

    it('reads DateTimes sent with Edit on that clock and stores UTC instants', async () => {
      server = await startDemoServer({ families: 3, today: '2026-11-21' });
      const edit = (id: string, value: string) =>
        call(server!.url, 'Members', { Action: 'Edit', Properties: { Locale: 'de-DE', Timezone: BERLIN }, Rows: [{ 'Member ID': id, 'Cancellation Requested At': value }] });
      const stored = (id: string) => server!.store.tables.Members!.find((r) => r['Member ID'] === id)!['Cancellation Requested At'];

      const answer = await edit('M0001', '01.03.2026 00:30:00');
      expect(answer.status).toBe(200);
      expect(answer.body.Rows[0]['Cancellation Requested At']).toBe('01.03.2026 00:30:00');
      expect(stored('M0001')).toBe('2026-02-28T23:30:00.000Z');
      await edit('M0002', '29.03.2026 02:30:00');
      expect(stored('M0002')).toBe('2026-03-29T01:30:00.000Z');
      await edit('M0003', '25.10.2026 02:30:00');
      expect(stored('M0003')).toBe('2026-10-25T00:30:00.000Z');
    });

    it('reads Selector literals on that clock', async () => {
      server = await startDemoServer({ families: 3, today: '2026-11-21' });
      setRaw('M0001', 'Last Changed', '2026-02-28T23:30:00.000Z'); // 1 March, 00:30 in Berlin
      setRaw('M0002', 'Last Changed', '2026-02-28T22:30:00.000Z'); // 28 February, 23:30 in Berlin
      const selector = 'Filter(Members, AND(OR([Member ID] = "M0001", [Member ID] = "M0002"), [Last Changed] >= "01.03.2026 00:00:00"))';
      const ids = async (timezone: string) => (await call(server!.url, 'Members', find(selector, 'de-DE', timezone))).body.map((row: any) => row['Member ID']);
      expect(await ids(BERLIN)).toEqual(['M0001']);
      expect(await ids('UTC')).toEqual([]);
    });

    it('refuses a Timezone it does not know, as AppSheet refuses a bad request', async () => {
      server = await startDemoServer({ families: 3, today: '2026-11-21' });
      const answer = await call(server.url, 'Members', find(undefined, 'de-DE', 'Europe/Berlin'));
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatch(/Invalid Timezone 'Europe\/Berlin'/);
    });
  });
});

describe('the booking tables', () => {
  it('serves Offers and Course Requests like any other table: Find, Add, Edit', async () => {
    server = await startDemoServer({ families: 10, today: '2026-11-21' });
    const offers = (await call(server.url, 'Offers', find())).body as any[];
    expect(offers.length).toBeGreaterThan(0);
    expect(offers[0]).toMatchObject({ 'Quarter ID': 'Q2027-1', 'Requests Until': expect.stringMatching(/^\d{2}\.\d{2}\.2026$/) });
    const selected = await call(server.url, 'Course Requests', find('Filter("Course Requests", [Status] = "Angefragt")'));
    expect(selected.status).toBe(200);
    expect(selected.body.length).toBeGreaterThan(0);

    const row = { 'Request ID': 'REQ-test', 'Child ID': 'C0003-1', 'Quarter ID': 'Q2027-1', 'Lesson ID': 'L002', 'Offer ID': 'OFFER-Q2027-1-L002', 'Room Hour IDs': 'RH002-1', Weeks: '12', Status: 'Angefragt' };
    const added = await call(server.url, 'Course Requests', { Action: 'Add', Properties: { Locale: 'de-DE' }, Rows: [row] });
    expect(added.status).toBe(200);
    expect(added.body.Rows[0]).toMatchObject({ ...row, Note: '' });
    expect((await call(server.url, 'Course Requests', { Action: 'Add', Properties: { Locale: 'de-DE' }, Rows: [row] })).status).toBe(400);
    const edited = await call(server.url, 'Course Requests', { Action: 'Edit', Properties: { Locale: 'de-DE' }, Rows: [{ 'Request ID': 'REQ-test', Status: 'Abgelehnt', Note: 'Voll' }] });
    expect(edited.body.Rows[0]).toMatchObject({ 'Request ID': 'REQ-test', Status: 'Abgelehnt', Note: 'Voll', 'Child ID': 'C0003-1' });
    const byKey = await call(server.url, 'Course Requests', { Action: 'Find', Properties: { Locale: 'de-DE' }, Rows: [{ 'Request ID': 'REQ-test' }] });
    expect(byKey.body).toEqual([expect.objectContaining({ Status: 'Abgelehnt' })]);
  });

  it('runs a school without them: AppSheet knows no such table (HTTP 404), and the rest is there', async () => {
    server = await startDemoServer({ families: 5, today: '2026-11-21', booking: false });
    for (const table of ['Offers', 'Course Requests']) {
      const answer = await call(server.url, table, find());
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe(`Table '${table}' not found in app`);
    }
    expect((await call(server.url, 'Members', find())).body).toHaveLength(5);
  });

  it('adds the booking tables to a store kept from before booking, and keeps its edits', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'appsheet-')), 'store.json');
    server = await startDemoServer({ families: 5, today: '2026-11-21', dataFile, booking: false });
    await server.close();
    // As a store written before booking existed (no booking mark), edited by hand since.
    const old = JSON.parse(readFileSync(dataFile, 'utf8'));
    delete old.meta.booking;
    old.tables.Members[1].Phone = '+49 30 555';
    writeFileSync(dataFile, JSON.stringify(old));

    const say = vi.fn();
    server = await startDemoServer({ families: 5, dataFile, say });
    expect(say.mock.calls).toEqual([[`AppSheet demo store ${dataFile} was made before booking: the tables were added, its rows kept.`]]);
    const member = (await call(server.url, 'Members', find())).body.find((row: any) => row['Member ID'] === 'M0002');
    expect(member.Phone).toBe('+49 30 555');
    expect((await call(server.url, 'Offers', find())).body.length).toBeGreaterThan(0);
    expect((await call(server.url, 'Course Requests', find())).body.length).toBeGreaterThan(0);
    await server.close();

    // Saved as the generator makes that school with booking, but for the edit; kept from then on.
    const saved = JSON.parse(readFileSync(dataFile, 'utf8'));
    const made = generateSchool({ families: 5, today: '2026-11-21' });
    (made.tables.Members as RawRow[])[1] = { ...(made.tables.Members as RawRow[])[1], Phone: '+49 30 555' };
    expect(saved.meta.booking).toBe(true);
    expect(saved.tables).toEqual(made.tables);
    server = await startDemoServer({ dataFile, say });
    expect(say).toHaveBeenCalledTimes(1);
    expect(server.store.tables).toEqual(made.tables);
  });

  it('adds the Closed Days table to a store kept from before it, and keeps its edits', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'appsheet-')), 'store.json');
    server = await startDemoServer({ families: 5, today: '2026-11-21', dataFile });
    await server.close();
    const old = JSON.parse(readFileSync(dataFile, 'utf8'));
    delete old.meta.closedDays;
    delete old.tables['Closed Days'];
    old.tables.Members[1].Phone = '+49 30 555';
    writeFileSync(dataFile, JSON.stringify(old));

    const say = vi.fn();
    server = await startDemoServer({ dataFile, say });
    expect(say.mock.calls).toEqual([[`AppSheet demo store ${dataFile} was made before closed days: the tables were added, its rows kept.`]]);
    const closed = (await call(server.url, 'Closed Days', find())).body as RawRow[];
    // Days as AppSheet writes them for the Locale de-DE.
    expect(closed.map((row) => [row.From, row.To, row.Name])).toContainEqual(['21.12.2026', '03.01.2027', 'Weihnachtsferien']);
    expect(closed.map((row) => [row.From, row.Name])).toContainEqual(['12.11.2026', 'Pädagogischer Tag']);
    expect((await call(server.url, 'Members', find())).body.find((row: any) => row['Member ID'] === 'M0002').Phone).toBe('+49 30 555');
  });

  it('adds the Mandates table to a store kept from before it: Olga Petrova pays by direct debit, Anna Müller not', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'appsheet-')), 'store.json');
    server = await startDemoServer({ families: 5, today: '2026-11-21', dataFile });
    await server.close();
    const old = JSON.parse(readFileSync(dataFile, 'utf8'));
    delete old.meta.mandates;
    delete old.tables.Mandates;
    writeFileSync(dataFile, JSON.stringify(old));

    const say = vi.fn();
    server = await startDemoServer({ dataFile, say });
    expect(say.mock.calls).toEqual([[`AppSheet demo store ${dataFile} was made before mandates: the tables were added, its rows kept.`]]);
    const mandates = (await call(server.url, 'Mandates', find())).body as RawRow[];
    expect(mandates.map((row) => [row['Member ID'], row['Account Holder'], row.IBAN, row.Status])).toEqual([['M0002', 'Olga Petrova', 'DE02120300000000202051', 'Aktiv']]);
  });

  it('serves the Direct Debits table, empty at first, like any other: Add, Edit, Find, amounts with the digits they were typed with', async () => {
    server = await startDemoServer({ families: 5, today: '2026-11-21' });
    expect(await call(server.url, 'Direct Debits', find())).toEqual({ status: 200, body: [] });

    const row = { 'End To End ID': 'RUN-20261215-M0002', 'Run ID': 'RUN-20261215', 'Member ID': 'M0002', 'Mandate Reference': 'MNDT-M0002-DEMO1', Amount: '87,5', 'Collection Date': '15.12.2026', Status: 'Angekündigt' };
    const added = await call(server.url, 'Direct Debits', { Action: 'Add', Properties: { Locale: 'de-DE' }, Rows: [row, { ...row, 'End To End ID': 'RUN-20261215-M0004', Amount: '12,345' }] });
    expect(added.status).toBe(200);
    expect(added.body.Rows[0]).toMatchObject({ ...row, Amount: '87,50', 'Return Reason': '', 'Last Changed': expect.stringMatching(/^\d\d\.\d\d\.\d{4} \d\d:\d\d:\d\d$/) });
    // Rounded to cents, a slip of three decimals would reach the sync as a valid amount.
    expect(added.body.Rows[1].Amount).toBe('12,345');
    expect((await call(server.url, 'Direct Debits', { Action: 'Add', Properties: { Locale: 'de-DE' }, Rows: [row] })).status).toBe(400);

    const edited = await call(server.url, 'Direct Debits', { Action: 'Edit', Properties: { Locale: 'de-DE' }, Rows: [{ 'End To End ID': row['End To End ID'], Status: 'Zurückgegeben', 'Return Reason': 'AM04' }] });
    expect(edited.body.Rows[0]).toMatchObject({ 'End To End ID': row['End To End ID'], Status: 'Zurückgegeben', 'Return Reason': 'AM04', 'Member ID': 'M0002', Amount: '87,50' });
    const returned = await call(server.url, 'Direct Debits', find('Filter("Direct Debits", [Status] = "Zurückgegeben")', 'en-US'));
    expect(returned.body).toEqual([expect.objectContaining({ 'End To End ID': row['End To End ID'], Amount: '87.50', 'Collection Date': '12/15/2026' })]);
  });

  it('runs a school without the Direct Debits table: AppSheet knows no such table, and the rest is there', async () => {
    server = await startDemoServer({ families: 5, today: '2026-11-21', debits: false });
    const answer = await call(server.url, 'Direct Debits', find());
    expect(answer).toEqual({ status: 404, body: { error: "Table 'Direct Debits' not found in app", status: 404 } });
    expect((await call(server.url, 'Mandates', find())).body.length).toBeGreaterThan(0);
  });

  it('adds the Direct Debits table, empty, to a store kept from before it, and keeps its edits', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'appsheet-')), 'store.json');
    server = await startDemoServer({ families: 5, today: '2026-11-21', dataFile });
    await server.close();
    const old = JSON.parse(readFileSync(dataFile, 'utf8'));
    delete old.meta.debits;
    delete old.tables['Direct Debits'];
    old.tables.Members[1].Phone = '+49 30 555';
    writeFileSync(dataFile, JSON.stringify(old));

    const say = vi.fn();
    // Started without the table on purpose (--no-debits), the kept store is served as it is.
    server = await startDemoServer({ dataFile, say, debits: false });
    expect((await call(server.url, 'Direct Debits', find())).status).toBe(404);
    await server.close();
    expect(say).not.toHaveBeenCalled();

    server = await startDemoServer({ dataFile, say });
    expect(say.mock.calls).toEqual([[`AppSheet demo store ${dataFile} was made before direct debits: the tables were added, its rows kept.`]]);
    expect(await call(server.url, 'Direct Debits', find())).toEqual({ status: 200, body: [] });
    expect((await call(server.url, 'Members', find())).body.find((member: any) => member['Member ID'] === 'M0002').Phone).toBe('+49 30 555');
  });

  it('keeps a school made without booking on purpose so', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'appsheet-')), 'store.json');
    server = await startDemoServer({ families: 3, today: '2026-11-21', dataFile, booking: false });
    await server.close();
    server = await startDemoServer({ dataFile });
    expect((await call(server.url, 'Offers', find())).status).toBe(404);
  });
});
