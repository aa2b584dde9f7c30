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
  /** booking, closedDays, mandates, debits: made with those optional tables (absent in stores made before them). */
  meta: { seed: number; families: number; today: string; generatedAt: string; booking?: boolean; closedDays?: boolean; mandates?: boolean; debits?: boolean };
  /** AppSheet table name → rows. */
  tables: Record<string, RawRow[]>;
}

/** The store kept in a file, or why it cannot be used: not readable, not JSON, not a store. */
export function readStore(path: string): { store: DemoStore } | { problem: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    return { problem: error instanceof SyntaxError ? `is not JSON (${error.message})` : `cannot be read (${(error as Error).message})` };
  }
  const store = parsed as Partial<DemoStore> | null;
  const isStore = typeof store?.meta?.seed === 'number' && typeof store.meta.today === 'string' && typeof store.tables === 'object' && store.tables !== null;
  return isStore ? { store: store as DemoStore } : { problem: 'is not a demo store (no meta with seed and today, or no tables)' };
}

/**
 * Moves a kept file that cannot be used out of the way, beside it as
 * `<file>.unreadable-<timestamp>`, so that making a new one loses nothing. Returns its new path.
 */
export function setAside(path: string, now = new Date()): string {
  const aside = `${path}.unreadable-${now.toISOString().replace(/[:.]/g, '-')}`;
  renameSync(path, aside);
  return aside;
}

/** Written to a temporary file and renamed, so a crash never leaves half a file behind. */
export function saveStore(path: string, store: DemoStore): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify(store));
  renameSync(temporary, path);
}
