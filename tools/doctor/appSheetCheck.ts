/**
 * `npm run doctor -- --project <id> --appsheet`: what the sync assumes of the school's AppSheet
 * app, checked against the real app before the first sync, and read only (Find, never Edit).
 * For each table: it answers; the key and every column of docs/appsheet.md are there and their
 * values readable; the rows read in one request and in `_RowNumber` slices are the same; the delta
 * selector's date literal selects what the `Last Changed` values say it should. Every problem at
 * once; errors are what would make the sync fail or read wrong rows. The optional tables (booking's
 * Offers and Course Requests, Closed Days, Mandates, Direct Debits) may be missing: that is a
 * warning per feature (no booking, no closed days, …), not an error. One of them may also be
 * empty, as Direct Debits is until the first collection run: said in its line, not a warning.
 */
import { APPSHEET_TABLES, type AppSheetTable, type TableDeclaration } from '@family-portal/contract';
import { AppSheetError, APPSHEET_LOCALE, changedSinceCondition, createAppSheetClient, type AppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { filter } from '../../functions/src/sync/appsheet/selector';
import { readInSlices } from '../../functions/src/sync/appsheet/slices';
import { mapRow, type AppSheetRow } from '../../functions/src/sync/mapping/mapRow';
import { parseDateTime } from '../../functions/src/sync/mapping/values';
import { windowsTimeZone } from '../../functions/src/sync/time/windowsZones';
import { error, warning, type Finding } from './findings';

export interface AppSheetCheckSettings {
  baseUrl: string;
  appId: string;
  accessKey: string;
  /** SCHOOL_TIME_ZONE, an IANA name. */
  zone: string;
  /** SYNC_SLICE_ROWS: rows per slice, 0 for one request per table. */
  sliceRows: number;
}

export interface AppSheetReport {
  /** One line per table and the closing figures, in the order they were measured. */
  lines: string[];
  findings: Finding[];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const SLICES_TO_TRY = 3;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

const keyOf = (row: AppSheetRow, keyColumn: string) => String(row[keyColumn] ?? '').trim();

/** The keys in `a` that `b` lacks. */
function missingFrom(a: Set<string>, b: Set<string>): string[] {
  return [...a].filter((key) => !b.has(key));
}

function describeDifference(expected: Set<string>, got: Set<string>): string {
  const missing = missingFrom(expected, got);
  const extra = missingFrom(got, expected);
  const examples = [...missing.slice(0, 3).map((key) => `${key} missing`), ...extra.slice(0, 3).map((key) => `${key} extra`)];
  return `${missing.length} missing, ${extra.length} extra (${examples.join(', ')})`;
}

interface TableResult {
  name: string;
  rows: number;
  bytes: number;
  ms: number;
}

async function checkTable(
  client: AppSheetClient,
  contractTable: AppSheetTable,
  settings: AppSheetCheckSettings,
  findings: Finding[],
  lines: string[],
): Promise<TableResult | 'refused' | 'absent' | null> {
  const table: TableDeclaration = contractTable;
  const name = table.appSheetTable;
  let whole: { value: AppSheetRow[]; ms: number };
  try {
    whole = await timed(() => client.find(name));
  } catch (failure) {
    const status = failure instanceof AppSheetError ? failure.status : null;
    if (status === 401 || status === 403) {
      findings.push(error('access key', `AppSheet refuses it (HTTP ${status}): check APPSHEET_ACCESS_KEY, the App Id and that the API is enabled (Settings → Integrations)`));
      return 'refused';
    }
    if (status === 404 && table.optional) {
      lines.push(`${name}: not in the app (optional)`);
      return 'absent';
    }
    if (status === 404) findings.push(error(name, `AppSheet knows no table "${name}" in app ${settings.appId}: create it as docs/appsheet.md describes, or check APPSHEET_APP_ID`));
    else findings.push(error(name, `does not answer: ${(failure as Error).message}`));
    lines.push(`${name}: no answer`);
    return null;
  }
  const rows = whole.value;
  const bytes = Buffer.byteLength(JSON.stringify(rows));
  const parts = [`${name}: ${rows.length.toLocaleString('en')} rows in one request, ${seconds(whole.ms)} (${megabytes(bytes)})`];
  const result = { name, rows: rows.length, bytes, ms: whole.ms };
  if (rows.length === 0) {
    // AppSheet sends no columns without rows. A table every school fills that is empty is a
    // wrong table; an optional one is new (the portal or the office adds its rows later).
    if (table.optional) parts.push('no rows yet: its columns are checked once it has some');
    else findings.push(warning(name, 'has no rows: its columns and values could not be checked'));
    lines.push(parts.join('; '));
    return result;
  }

  // AppSheet sends every column of the table in every row, blank ones as "".
  const present = new Set(rows.slice(0, 100).flatMap((row) => Object.keys(row)));
  if (!present.has(table.keyColumn)) {
    findings.push(error(name, `has no key column "${table.keyColumn}" (docs/appsheet.md); it has ${[...present].filter((c) => c !== '_RowNumber').slice(0, 8).join(', ')}`));
    lines.push(parts.join('; '));
    return result;
  }
  const columns = [...Object.values(table.columns), { column: table.changedColumn, presence: 'required' as const }];
  for (const column of columns.filter((col) => !present.has(col.column))) {
    const blocking = column.presence === 'required' || column.column === table.changedColumn;
    const consequence = column.column === table.changedColumn ? 'delta syncs cannot tell what changed' : blocking ? 'every row would be rejected' : 'its field would always be empty';
    findings.push((blocking ? error : warning)(name, `has no column "${column.column}" (docs/appsheet.md): ${consequence}`));
  }

  // Every value as the sync reads it.
  const mapped = rows.map((row) => mapRow(contractTable, row));
  const rejected = mapped.flatMap((result) => (result.ok ? [] : [result]));
  if (rejected.length > 0) {
    // Grouped by reason without the value, which is shown once: "8 × column "First Day": not a … (e.g. "01/04/2025")".
    const reasons = new Map<string, { count: number; example: string }>();
    for (const { reason } of rejected) {
      const [, kind = reason, value] = /^(.*): "([^"]*)"$/.exec(reason) ?? [];
      const seen = reasons.get(kind);
      reasons.set(kind, { count: (seen?.count ?? 0) + 1, example: seen?.example ?? (value === undefined ? '' : ` (e.g. "${value}")`) });
    }
    const common = [...reasons].sort((a, b) => b[1].count - a[1].count).slice(0, 3).map(([kind, { count, example }]) => `${count} × ${kind}${example}`);
    const all = rejected.length === rows.length;
    findings.push((all ? error : warning)(name, `${rejected.length} of ${rows.length} rows would not be synced: ${common.join('; ')}`));
  }
  const adjusted = mapped.filter((result) => result.ok && result.warnings).length;
  if (adjusted > 0) findings.push(warning(name, `${adjusted} rows have a value the sync stores empty or keeps as typed, with a warning in the sync log`));

  // The same rows in slices of `_RowNumber`, as the sync reads a table.
  const keys = new Set(rows.map((row) => keyOf(row, table.keyColumn)));
  if (settings.sliceRows > 0) {
    const size = Math.max(1, Math.min(settings.sliceRows, Math.ceil(rows.length / SLICES_TO_TRY)));
    let sliced: string[] = [];
    let requests = 0;
    try {
      const { ms } = await timed(() =>
        readInSlices(client, name, table.keyColumn, (slice) => {
          requests += 1;
          sliced = sliced.concat(slice.map((row) => keyOf(row, table.keyColumn)));
        }, { sliceRows: size, onRestart: () => (sliced = []) }),
      );
      const got = new Set(sliced);
      if (got.size !== keys.size || missingFrom(keys, got).length > 0) {
        findings.push(error(name, `slices by _RowNumber gave other rows than one request: ${describeDifference(keys, got)}; set SYNC_SLICE_ROWS=0, which reads each table in one request`));
      }
      parts.push(`${requests} slices of ${size}, ${seconds(ms)}`);
    } catch (failure) {
      findings.push(error(name, `cannot be read in slices by _RowNumber (${(failure as Error).message}): set SYNC_SLICE_ROWS=0, which reads each table in one request (a database source has no row numbers)`));
    }
  }

  // The delta selector: rows changed at or after the median `Last Changed` must be what it selects.
  const changed = rows.flatMap((row) => {
    try {
      const at = parseDateTime(row[table.changedColumn], settings.zone);
      return at ? [{ key: keyOf(row, table.keyColumn), at }] : [];
    } catch {
      return [];
    }
  });
  if (changed.length === 0) {
    findings.push(error(name, `no readable "${table.changedColumn}" value: delta syncs would never see a change (a ChangeTimestamp column, sent as DD.MM.YYYY HH:MM:SS)`));
  } else if (changed.length < rows.length) {
    findings.push(warning(name, `${rows.length - changed.length} rows have no readable "${table.changedColumn}" value: delta syncs miss their changes until the next full sync; the delta selector was not checked`));
  } else {
    const instants = changed.map(({ at }) => at).sort();
    const since = new Date(instants[Math.floor(instants.length / 2)] as string);
    const expected = new Set(changed.filter(({ at }) => at >= since.toISOString()).map(({ key }) => key));
    const condition = changedSinceCondition(table.changedColumn, since, settings.zone);
    try {
      const { value, ms } = await timed(() => client.find(name, filter(name, condition)));
      const got = new Set(value.map((row) => keyOf(row, table.keyColumn)));
      if (got.size !== expected.size || missingFrom(expected, got).length > 0) {
        findings.push(error(name, `the delta selector ${condition} selected other rows than its "${table.changedColumn}" values say: ${describeDifference(expected, got)}; AppSheet reads the literal differently, so delta syncs would miss or repeat changes`));
      }
      parts.push(`delta selector ${seconds(ms)} (${got.size} of ${rows.length} rows)`);
    } catch (failure) {
      findings.push(error(name, `the delta selector ${condition} is refused: ${(failure as Error).message}`));
    }
  }
  lines.push(parts.join('; '));
  return result;
}

export async function checkAppSheetConnection(settings: AppSheetCheckSettings): Promise<AppSheetReport> {
  const findings: Finding[] = [];
  const lines: string[] = [];
  // The sync's mapping reads the school's zone from the environment, as in the functions.
  process.env.SCHOOL_TIME_ZONE = settings.zone;
  let timezone: string;
  try {
    timezone = windowsTimeZone(settings.zone);
  } catch (failure) {
    return { lines, findings: [error('SCHOOL_TIME_ZONE', (failure as Error).message)] };
  }
  lines.push(`Requests ask for Locale ${APPSHEET_LOCALE} and Timezone "${timezone}" (SCHOOL_TIME_ZONE ${settings.zone}); nothing is written`);
  // One attempt per request: a check reports what fails instead of waiting it out.
  const client = createAppSheetClient({ baseUrl: settings.baseUrl, appId: settings.appId, accessKey: settings.accessKey, timeZone: settings.zone, attempts: 1 });
  const results: TableResult[] = [];
  const absent: TableDeclaration[] = [];
  for (const table of Object.values(APPSHEET_TABLES)) {
    const result = await checkTable(client, table, settings, findings, lines);
    if (result === 'refused') return { lines, findings };
    if (result === 'absent') absent.push(table);
    else if (result) results.push(result);
  }
  // One warning per feature the school goes without, naming its missing tables.
  for (const feature of new Set(absent.map((table) => table.optional?.feature))) {
    const missing = absent.filter((table) => table.optional?.feature === feature);
    const { doc, gives } = missing[0]!.optional!;
    const names = missing.map((table) => table.appSheetTable);
    const tables = names.length === 1 ? `the table ${names[0]}` : `the tables ${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
    findings.push(warning(String(feature), `no ${feature}: add ${tables} as docs/${doc} describes ${gives}`));
  }
  const largest = results.sort((a, b) => b.rows - a.rows)[0];
  if (largest) lines.push(`Largest table: ${largest.name}, ${largest.rows.toLocaleString('en')} rows, ${megabytes(largest.bytes)} in ${seconds(largest.ms)} as one answer`);
  return { lines, findings };
}
