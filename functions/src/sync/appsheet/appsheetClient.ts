/**
 * A small client for AppSheet API v2: POST {base}/api/v2/apps/{appId}/tables/{table}/Action.
 * It speaks only what AppSheet documents, so the same code runs against the real service and
 * against the demo server in tools/appsheet.
 */
import { withRetry } from '../../lib/retry';
import type { AppSheetRow } from '../mapping/mapRow';
import { column, text } from './selector';
import { schoolTimeZone } from '../../lib/timeZone';
import { instantsOfWallClock, wallClockOf } from '../time/wallClock';
import { windowsTimeZone } from '../time/windowsZones';

/**
 * The sync always asks for German formatting and the school's clock (the `Timezone` property,
 * a Windows zone name); values.ts parses exactly that.
 */
export const APPSHEET_LOCALE = 'de-DE';

export interface AppSheetClientOptions {
  baseUrl: string;
  appId: string;
  accessKey: string;
  /** Per attempt; a large table is read in slices (slices.ts), each its own request. */
  timeoutMs?: number;
  /** Attempts in all for AppSheet 5xx/429 answers, network errors and timeouts (4xx is final). */
  attempts?: number;
  /** Pause before the second attempt; doubled for each further one. */
  backoffMs?: number;
  /** IANA zone of AppSheet's DateTimes; the school's zone unless a test says otherwise. */
  timeZone?: string;
}

export class AppSheetError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
    /** Worth another attempt: a server error, a network error or a timeout. */
    readonly transient = false,
  ) {
    super(message);
    this.name = 'AppSheetError';
  }
}

export interface AppSheetClient {
  find(table: string, selector?: string): Promise<AppSheetRow[]>;
  edit(table: string, rows: AppSheetRow[]): Promise<AppSheetRow[]>;
}

/** The client that also adds rows (a booking request, the plan its confirmation makes). */
export interface AppSheetWriter extends AppSheetClient {
  /** Adds new rows; AppSheet refuses a key that exists (HTTP 400): Find first where that may be. */
  add(table: string, rows: AppSheetRow[]): Promise<AppSheetRow[]>;
}

type ActionName = 'Find' | 'Edit' | 'Add';

function rowsOf(body: unknown): AppSheetRow[] {
  // Find answers with a JSON array of rows; Add/Edit/Delete with {"Rows": [...]}. Accept both.
  const rows = Array.isArray(body) ? body : (body as { Rows?: unknown } | null)?.Rows;
  if (!Array.isArray(rows)) throw new AppSheetError('AppSheet answered with something that is not a list of rows');
  return rows as AppSheetRow[];
}

export function createAppSheetClient(options: AppSheetClientOptions): AppSheetWriter {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 120_000;
  const attempts = Math.max(1, options.attempts ?? 3);
  const backoffMs = options.backoffMs ?? 2_000;
  // Resolved once, so that a zone without an AppSheet name fails before any request is sent.
  const timezone = windowsTimeZone(options.timeZone ?? schoolTimeZone());

  async function send(table: string, action: ActionName, properties: object, rows: AppSheetRow[]) {
    const url = `${base}/api/v2/apps/${encodeURIComponent(options.appId)}/tables/${encodeURIComponent(table)}/Action`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ApplicationAccessKey: options.accessKey },
        body: JSON.stringify({
          Action: action,
          Properties: { Locale: APPSHEET_LOCALE, Timezone: timezone, ...properties },
          Rows: rows,
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? `timed out after ${timeoutMs} ms` : 'network error';
      throw new AppSheetError(`AppSheet ${action} on ${table}: ${reason}`, null, true);
    }
    const text = await response.text();
    if (!response.ok) {
      // The body may echo data; keep only a short, single-line excerpt for the log.
      const excerpt = text.replace(/\s+/g, ' ').slice(0, 200);
      const transient = response.status >= 500 || response.status === 429;
      throw new AppSheetError(`AppSheet ${action} on ${table}: HTTP ${response.status} ${excerpt}`.trim(), response.status, transient);
    }
    if (text.trim() === '') throw new AppSheetError(`AppSheet ${action} on ${table}: empty response`, response.status);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new AppSheetError(`AppSheet ${action} on ${table}: response is not JSON`, response.status);
    }
  }

  /** Retries transient failures with exponential backoff; at most `attempts` tries in all. */
  async function action(table: string, name: ActionName, properties: object, rows: AppSheetRow[]) {
    let tried = 0;
    try {
      return await withRetry(
        (attempt) => {
          tried = attempt;
          return send(table, name, properties, rows);
        },
        { attempts, backoffMs, retryable: (error) => error instanceof AppSheetError && error.transient },
      );
    } catch (error) {
      if (error instanceof AppSheetError && tried > 1) error.message += ` (after ${tried} attempts)`;
      throw error;
    }
  }

  return {
    async find(table, selector) {
      return rowsOf(await action(table, 'Find', selector ? { Selector: selector } : {}, []));
    },
    async edit(table, rows) {
      return rowsOf(await action(table, 'Edit', {}, rows));
    },
    async add(table, rows) {
      return rowsOf(await action(table, 'Add', {}, rows));
    },
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The instant as the school's clock shows it, in de-DE: "29.03.2026 03:30:00". */
export function formatAppSheetDateTime(instant: Date, zone = schoolTimeZone()): string {
  const wall = wallClockOf(instant, zone);
  return `${pad(wall.day)}.${pad(wall.month)}.${wall.year} ${pad(wall.hour)}:${pad(wall.minute)}:${pad(wall.second)}`;
}

/**
 * Condition for rows changed at or after an instant: [Changed] >= "…", with the literal in the
 * request's Locale (de-DE) and on the school's clock. A reading inside the hour repeated when
 * clocks go back stands for two instants; then the reading from before that hour is used, so
 * that no interpretation of it can skip a changed row.
 */
export function changedSinceCondition(changedColumn: string, since: Date, zone = schoolTimeZone()): string {
  const readings = instantsOfWallClock(wallClockOf(since, zone), zone);
  const first = readings[0] as number;
  const last = readings.at(-1) as number;
  const bound = readings.length > 1 ? new Date(first - (last - first)) : since;
  return `${column(changedColumn)} >= ${text(formatAppSheetDateTime(bound, zone))}`;
}
