import { describe, expect, it } from 'vitest';
import { LOWERED_WAITS } from '../../../tools/lib/stack';
import { appSheetWriteWaits, syncAppSheetPauseMs } from './appSheetWaits';

describe('the waits on AppSheet', () => {
  it('are the production values in a project that sets none: 2 attempts of 15 s with 1 s between them, and 2 s before a sync tries again', () => {
    expect(appSheetWriteWaits({})).toEqual({ timeoutMs: 15_000, attempts: 2, backoffMs: 1_000 });
    expect(appSheetWriteWaits({ APPSHEET_WRITE_TIMEOUT_MS: ' ', APPSHEET_WRITE_PAUSE_MS: '' })).toEqual({ timeoutMs: 15_000, attempts: 2, backoffMs: 1_000 });
    expect(syncAppSheetPauseMs({})).toBe(2_000);
  });

  it("are lowered by the test stacks' settings, and only the waits: the attempts stay", () => {
    const env = Object.fromEntries(Object.entries(LOWERED_WAITS).map(([name, value]) => [name, String(value)]));
    expect(appSheetWriteWaits(env)).toEqual({ timeoutMs: LOWERED_WAITS.APPSHEET_WRITE_TIMEOUT_MS, attempts: 2, backoffMs: LOWERED_WAITS.APPSHEET_WRITE_PAUSE_MS });
    expect(syncAppSheetPauseMs(env)).toBe(LOWERED_WAITS.SYNC_APPSHEET_PAUSE_MS);
    expect(appSheetWriteWaits(env).timeoutMs).toBeLessThan(15_000);
    expect(syncAppSheetPauseMs({ SYNC_APPSHEET_PAUSE_MS: '0' })).toBe(0);
  });

  it.each([
    ['APPSHEET_WRITE_TIMEOUT_MS', '0', 1, 15_000],
    ['APPSHEET_WRITE_TIMEOUT_MS', '20000', 1, 15_000],
    ['APPSHEET_WRITE_TIMEOUT_MS', '2.5', 1, 15_000],
    ['APPSHEET_WRITE_PAUSE_MS', '-1', 0, 1_000],
    ['APPSHEET_WRITE_PAUSE_MS', '5 s', 0, 1_000],
    ['SYNC_APPSHEET_PAUSE_MS', '2001', 0, 2_000],
  ])('refuse %s=%s, naming the setting and what it may be', (name, value, least, most) => {
    const read = () => (name === 'SYNC_APPSHEET_PAUSE_MS' ? syncAppSheetPauseMs({ [name]: value }) : appSheetWriteWaits({ [name]: value }));
    expect(read).toThrow(`${name} must be a whole number of milliseconds from ${least} to ${most}, not "${value}"`);
  });
});
