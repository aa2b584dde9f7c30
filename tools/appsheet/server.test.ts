import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ACCESS_KEY, DEMO_APP_ID, startDemoServer, type DemoServer } from './server';

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
  return { status: response.status, body: (await response.json()) as any };
}

const find = (selector?: string, locale = 'de-DE') => ({
  Action: 'Find',
  Properties: { Locale: locale, ...(selector ? { Selector: selector } : {}) },
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

  it('rejects an expression it does not support with a 400 and a reason', async () => {
    server = await startDemoServer({ families: 3, today: '2026-11-21' });
    const top = await call(server.url, 'Members', find('Top(Members, 3)'));
    expect(top.status).toBe(400);
    expect(top.body.error).toMatch(/Unsupported function Top/);
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
});
