/**
 * How long the functions wait on AppSheet before they give up on an attempt or try again. Each is
 * a plain variable of the functions' .env, like SYNC_SLICE_ROWS, and unset in a real project,
 * which then runs with the production values below. The test stacks set lower ones
 * (tools/lib/stack.ts writes them into their functions/.env.<project id>; never the demo's), so
 * that a test of a hung or failing AppSheet waits seconds, not the minute a parent would.
 * A value may only lower its bound: the functions' own time limits (MEMBER_WRITE_TIMEOUT_SECONDS,
 * SYNC_TIMEOUT_SECONDS) were sized for the production values.
 */

/**
 * A parent waits for a write-back: each AppSheet call gets at most 15 s and 2 attempts, with 1 s
 * between them, so a cancellation (Find, then Edit) takes at most about 65 s and every answer is
 * the function's own JSON, never the platform's timeout page.
 */
export const APPSHEET_WRITE_TIMEOUT_MS = 15_000;
export const APPSHEET_WRITE_ATTEMPTS = 2;
export const APPSHEET_WRITE_PAUSE_MS = 1_000;
/** A sync's AppSheet reads and writes: 3 attempts, 2 s before the second and 4 s before the third. */
export const SYNC_APPSHEET_PAUSE_MS = 2_000;

export const APPSHEET_WRITE_TIMEOUT_SETTING = 'APPSHEET_WRITE_TIMEOUT_MS';
export const APPSHEET_WRITE_PAUSE_SETTING = 'APPSHEET_WRITE_PAUSE_MS';
export const SYNC_APPSHEET_PAUSE_SETTING = 'SYNC_APPSHEET_PAUSE_MS';

type Environment = Record<string, string | undefined>;

/** The setting's milliseconds, from `least` up to the production value, which it is when unset. */
function lowered(env: Environment, name: string, production: number, least: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return production;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < least || ms > production) {
    throw new Error(`${name} must be a whole number of milliseconds from ${least} to ${production}, not "${raw}"`);
  }
  return ms;
}

/** What an AppSheet client of a write-back is built with (sync/appsheet/configured.ts). */
export function appSheetWriteWaits(env: Environment = process.env) {
  return {
    // An attempt of 0 ms would fail every call before it is sent.
    timeoutMs: lowered(env, APPSHEET_WRITE_TIMEOUT_SETTING, APPSHEET_WRITE_TIMEOUT_MS, 1),
    attempts: APPSHEET_WRITE_ATTEMPTS,
    backoffMs: lowered(env, APPSHEET_WRITE_PAUSE_SETTING, APPSHEET_WRITE_PAUSE_MS, 0),
  };
}

/** The pause before a sync's second AppSheet attempt (doubled before the third). */
export function syncAppSheetPauseMs(env: Environment = process.env): number {
  return lowered(env, SYNC_APPSHEET_PAUSE_SETTING, SYNC_APPSHEET_PAUSE_MS, 0);
}
