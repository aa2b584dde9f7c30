/**
 * A local stand-in for AppSheet API v2, for development, tests and benchmarks:
 *   POST /api/v2/apps/{appId}/tables/{table}/Action   (Find, Edit, Add, Delete)
 * with the ApplicationAccessKey header (or applicationAccessKey query) checked, values
 * formatted for the request Locale and Timezone (Windows zone names, as AppSheet documents
 * them; UTC when none is sent), and the store kept in a file so edits survive restarts.
 * Test-only controls under /__demo inject faults per table (faults.ts), optionally for the next
 * N requests only. A school made without booking (`booking: false`, `--no-booking`) has no
 * Offers and Course Requests tables, one without closed days (`closedDays: false`,
 * `--no-closed-days`) no Closed Days table, one without direct debit (`mandates: false`,
 * `--no-mandates`) no Mandates table, one without collection runs (`debits: false`,
 * `--no-debits`) no Direct Debits table: AppSheet's answer for those is 404, as for any unknown
 * table. The demo's Direct Debits table starts empty: the office's collection runs add its rows.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { APPSHEET_TABLES } from '@family-portal/contract';
import { COLUMN_TYPES, parseCell, requestTimeZone, supportedLocale } from './format';
import { formatRow, malform } from './rows';
import { FAULTS, HeldAnswers, reshapeRows, selectorRefusal, takeFault, type Fault, type FaultSetting } from './faults';
import { newSchool, openStore, type SchoolOptions } from './keptStore';
import { parseSelector, SelectorError } from './selector';
import { saveStore, type DemoStore, type RawRow } from './store';
import { DEMO_ACCESS_KEY, DEMO_APP_ID, DEMO_APPSHEET_PORT } from './constants';

export { DEMO_ACCESS_KEY, DEMO_APP_ID, DEMO_APPSHEET_PORT };

export type { Fault };
/** How long a 'slow' table takes to deliver an answer it computed when the request came in. */
const SLOW_MS = 1500;

export interface DemoServerOptions extends SchoolOptions {
  port?: number;
  appId?: string;
  accessKey?: string;
  /** File the store is kept in; generated there when missing. Without it the store lives in memory. */
  dataFile?: string;
}

export interface DemoServer {
  url: string;
  store: DemoStore;
  setFault(table: string, fault: Fault | null, times?: number, rows?: number, column?: string): void;
  /** Action requests to a table answered or being answered so far (tests wait on it). */
  requestCount(table: string): number;
  close(): Promise<void>;
}

const KEY_COLUMNS: Record<string, string> = Object.fromEntries(Object.values(APPSHEET_TABLES).map((t) => [t.appSheetTable, t.keyColumn]));
const CHANGED_COLUMNS: Record<string, string> = Object.fromEntries(Object.values(APPSHEET_TABLES).map((t) => [t.appSheetTable, t.changedColumn]));

class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  response.end(text);
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'Request body is not valid JSON');
  }
}

export async function startDemoServer(options: DemoServerOptions = {}): Promise<DemoServer> {
  const appId = options.appId ?? DEMO_APP_ID;
  const accessKey = options.accessKey ?? DEMO_ACCESS_KEY;
  const { dataFile } = options;
  const store = dataFile ? openStore(dataFile, options) : newSchool(options);
  const persist = () => {
    if (dataFile) saveStore(dataFile, store);
  };
  const faults = new Map<string, FaultSetting>();
  const requests = new Map<string, number>();
  const hanging = new Set<ServerResponse>();
  const held = new HeldAnswers();
  /** A table's fault set, or lifted (null): lifting delivers its held answers. */
  const setFault = (table: string, setting: FaultSetting | null) => {
    if (setting) faults.set(table, setting);
    else {
      faults.delete(table);
      held.lift(table);
    }
  };

  function handleAction(table: string, body: Record<string, unknown>, setting: FaultSetting | undefined): { status: number; body: unknown } {
    const fault = setting?.fault;
    const rows = store.tables[table];
    if (!rows) throw new HttpError(404, `Table '${table}' not found in app`);
    const properties = (body.Properties ?? {}) as Record<string, unknown>;
    const locale = supportedLocale(properties.Locale);
    const zone = requestTimeZone(properties.Timezone);
    if (zone === null) throw new HttpError(400, `Invalid Timezone '${String(properties.Timezone)}': use a Windows time zone name such as 'W. Europe Standard Time'`);
    const types = COLUMN_TYPES[table] ?? {};
    const keyColumn = KEY_COLUMNS[table] as string;
    const inputRows = Array.isArray(body.Rows) ? (body.Rows as Record<string, unknown>[]) : [];

    const keyOf = (row: Record<string, unknown>) => {
      const key = row[keyColumn];
      const text = typeof key === 'string' ? key.trim() : typeof key === 'number' ? String(key) : '';
      if (text === '') throw new HttpError(400, `Row has no value for key column '${keyColumn}'`);
      return text;
    };
    const applyValues = (target: RawRow, input: Record<string, unknown>) => {
      for (const [column, value] of Object.entries(input)) {
        if (column === keyColumn || column === '_RowNumber') continue;
        const type = types[column];
        if (!type) throw new HttpError(400, `Column '${column}' does not exist in table '${table}'`);
        try {
          target[column] = parseCell(value, type, locale, zone);
        } catch (error) {
          throw new HttpError(400, `Invalid value for '${column}': ${(error as Error).message}`);
        }
      }
      target[CHANGED_COLUMNS[table] as string] = new Date().toISOString();
    };

    switch (body.Action) {
      case 'Find': {
        let selected = rows.map((row, index) => ({ row, index }));
        if (typeof properties.Selector === 'string' && properties.Selector.trim() !== '') {
          const refusal = selectorRefusal(setting, properties.Selector);
          if (refusal) throw new HttpError(400, `Invalid Selector expression: ${refusal}`);
          let parsed;
          try {
            parsed = parseSelector(properties.Selector, types, locale, zone);
          } catch (error) {
            if (error instanceof SelectorError) throw new HttpError(400, `Invalid Selector expression: ${error.message}`);
            throw new HttpError(400, `Invalid Selector expression: ${(error as Error).message}`);
          }
          if (parsed.table !== table) throw new HttpError(400, `Selector refers to table '${parsed.table}', not '${table}'`);
          selected = parsed.select(selected);
        } else if (inputRows.length > 0) {
          const keys = new Set(inputRows.map(keyOf));
          selected = selected.filter(({ row }) => keys.has(String(row[keyColumn])));
        }
        // Only the selected rows are formatted: a slice of a large table costs its own size.
        let out = selected.map(({ row, index }) => formatRow(table, row, index, locale, zone));
        if (fault === 'empty') out = [];
        if (fault === 'malformed') out = malform(table, out);
        if (fault === 'partial') out = out.slice(0, setting?.rows ?? 1);
        out = reshapeRows(setting, table, out);
        return { status: 200, body: out };
      }
      case 'Edit':
      case 'Add':
      case 'Delete': {
        const changed: Record<string, string>[] = [];
        // Validate everything first, then apply: a bad row changes nothing.
        const plan = inputRows.map((input) => {
          const key = keyOf(input);
          const index = rows.findIndex((row) => String(row[keyColumn]) === key);
          if (body.Action === 'Add' && index >= 0) throw new HttpError(400, `A row with key '${key}' already exists`);
          if (body.Action !== 'Add' && index < 0) throw new HttpError(400, `No row with key '${key}' in table '${table}'`);
          const updated: RawRow = index >= 0 ? { ...(rows[index] as RawRow) } : { [keyColumn]: key };
          if (body.Action !== 'Delete') applyValues(updated, input);
          return { index, updated };
        });
        for (const { index, updated } of plan) {
          if (body.Action === 'Delete') {
            const at = rows.findIndex((row) => row[keyColumn] === updated[keyColumn]);
            rows.splice(at, 1);
          } else if (index >= 0) {
            rows[index] = updated;
          } else {
            rows.push(updated);
          }
          changed.push(formatRow(table, updated, index >= 0 ? index : rows.length - 1, locale, zone));
        }
        if (plan.length > 0) persist();
        return { status: 200, body: { Rows: changed } };
      }
      default:
        throw new HttpError(400, `Unsupported Action '${String(body.Action)}'`);
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/__demo/health') {
      send(response, 200, { ok: true, meta: store.meta, rows: Object.fromEntries(Object.entries(store.tables).map(([t, r]) => [t, r.length])) });
      return;
    }
    const faultRoute = /^\/__demo\/faults(?:\/(.+))?$/.exec(url.pathname);
    if (faultRoute) {
      if (request.method === 'DELETE') {
        faults.clear();
        held.lift();
      }
      if (request.method === 'PUT' && faultRoute[1]) {
        const table = decodeURIComponent(faultRoute[1]);
        const { fault, times, rows, column } = (await readJson(request)) as { fault?: Fault | null; times?: number; rows?: number; column?: string };
        if (fault !== null && !FAULTS.includes(fault as Fault)) throw new HttpError(400, `fault must be one of ${FAULTS.join(', ')} or null`);
        if (times !== undefined && !(Number.isInteger(times) && times > 0)) throw new HttpError(400, 'times must be a positive whole number');
        setFault(table, fault ? { fault, times, rows, column } : null);
      }
      send(response, 200, Object.fromEntries(faults));
      return;
    }
    const route = /^\/api\/v2\/apps\/([^/]+)\/tables\/([^/]+)\/Action$/.exec(url.pathname);
    if (!route || request.method !== 'POST') throw new HttpError(404, 'Not found');
    const key = request.headers.applicationaccesskey ?? url.searchParams.get('applicationAccessKey');
    if (key !== accessKey) throw new HttpError(403, 'Invalid or missing ApplicationAccessKey');
    if (decodeURIComponent(route[1] as string) !== appId) throw new HttpError(404, `App '${route[1]}' not found`);
    const table = decodeURIComponent(route[2] as string);
    const body = (await readJson(request)) as Record<string, unknown>;
    const setting = takeFault(faults, table, body.Action);
    requests.set(table, (requests.get(table) ?? 0) + 1);
    if (setting?.fault === 'error') throw new HttpError(500, 'Internal server error (injected fault)');
    if (setting?.fault === 'hang') {
      hanging.add(response);
      response.on('close', () => hanging.delete(response));
      return;
    }
    if (setting?.fault === 'lost-answer') {
      // Carried out as asked (a refusal changes nothing, as always), but nobody hears the answer.
      try {
        handleAction(table, body, undefined);
      } catch {
        // The refusal is lost too.
      }
      throw new HttpError(500, 'Internal server error (injected fault: the answer was lost)');
    }
    // The answer is what the table held when the request came in, however late it arrives.
    const answer = handleAction(table, body, setting);
    if (setting?.fault === 'slow') await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
    if (setting?.fault === 'held') await held.hold(table);
    send(response, answer.status, answer.body);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500;
      send(response, status, { error: (error as Error).message, status });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    store,
    requestCount: (table) => requests.get(table) ?? 0,
    setFault: (table, fault, times, rows, column) => setFault(table, fault ? { fault, times, rows, column } : null),
    close: () =>
      new Promise<void>((resolve) => {
        held.lift();
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function argValue(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function main(): Promise<void> {
  const families = Number(argValue('families') ?? 60);
  const server = await startDemoServer({
    port: Number(argValue('port') ?? DEMO_APPSHEET_PORT),
    families,
    seed: Number(argValue('seed') ?? 1),
    dataFile: argValue('data') ?? `.data/appsheet-demo-${families}.json`,
    fresh: process.argv.includes('--fresh'),
    booking: !process.argv.includes('--no-booking'),
    closedDays: !process.argv.includes('--no-closed-days'),
    mandates: !process.argv.includes('--no-mandates'),
    debits: !process.argv.includes('--no-debits'),
  });
  const total = Object.values(server.store.tables).reduce((sum, rows) => sum + rows.length, 0);
  console.log(`AppSheet demo server on ${server.url} (app ${DEMO_APP_ID}, ${server.store.meta.families} families, ${total} rows)`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
