/**
 * The functions' settings of this process's stack, as the Functions emulator loaded them
 * (functions/.env.<project id>, written by tools/lib/stack.ts with the lowered waits), so that a
 * test bounds its wait by the value the functions run with, not by a figure of its own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appSheetWriteWaits } from '../../functions/src/lib/appSheetWaits';
import { PROJECT_ID, ROOT } from '../../tools/lib/stack';

export function stackSettings(): Record<string, string> {
  const text = readFileSync(join(ROOT, `functions/.env.${PROJECT_ID}`), 'utf8');
  const entries = text
    .split('\n')
    .filter((line) => /^[A-Z_][A-Z0-9_]*=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)] as const);
  return Object.fromEntries(entries);
}

/** The write-backs' AppSheet waits the emulated functions run with. */
export const stackWriteWaits = () => appSheetWriteWaits(stackSettings());
