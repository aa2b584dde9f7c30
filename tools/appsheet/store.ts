/**
 * The demo AppSheet app's data: tables of rows keyed by AppSheet column names, with typed raw
 * values (numbers, ISO dates "YYYY-MM-DD", ISO instants, booleans, string lists, German enum
 * texts). The server formats them per request locale, as AppSheet does.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export type RawCell = string | number | boolean | string[] | null;
export type RawRow = Record<string, RawCell>;

export interface DemoStore {
  /** booking: made with the optional booking tables (absent in stores made before them). */
  meta: { seed: number; families: number; today: string; generatedAt: string; booking?: boolean };
  /** AppSheet table name → rows. */
  tables: Record<string, RawRow[]>;
}

export function loadStore(path: string): DemoStore {
  return JSON.parse(readFileSync(path, 'utf8')) as DemoStore;
}

/** Written to a temporary file and renamed, so a crash never leaves half a file behind. */
export function saveStore(path: string, store: DemoStore): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(store));
  renameSync(temporary, path);
}
