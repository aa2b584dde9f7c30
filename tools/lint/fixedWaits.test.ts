// The repository's lint configuration refuses a fixed wait in a test (eslint.config.js, fixedWaits).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
let dir: string;

beforeAll(() => {
  mkdirSync(join(root, '.cache'), { recursive: true });
  dir = mkdtempSync(join(root, '.cache/fixed-waits-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('lint in tests', () => {
  it('refuses waitForTimeout and a fixed sleep, and lets a polling loop and a zero pause be', async () => {
    const file = join(dir, 'waits.spec.ts');
    writeFileSync(
      file,
      [
        'export async function waits(page: { waitForTimeout(ms: number): Promise<void> }, ready: () => boolean) {',
        '  await page.waitForTimeout(500);',
        '  await new Promise((resolve) => setTimeout(resolve, 300));',
        '  await new Promise((resolve) => setTimeout(resolve, 0));',
        '  while (!ready()) await new Promise((resolve) => setTimeout(resolve, 20));',
        '  for (;;) {',
        '    if (ready()) return;',
        '    await new Promise((resolve) => setTimeout(resolve, 100));',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    const eslint = new ESLint({
      cwd: root,
      // The file sits in .cache/, which lint ignores: no `npm run lint` running meanwhile sees it.
      ignore: false,
      ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax',
    });
    const [result] = await eslint.lintFiles([file]);
    expect(result?.messages.map((message) => [message.line, message.message.split(' ')[0]])).toEqual([
      [2, 'Wait'],
      [3, 'A'],
    ]);
    // Loading the repository's lint configuration and its plugins takes seconds when the other
    // lanes share the machine (5.3 s in a CI run with 2 cores), as in noCycle.test.ts.
  }, 30_000);
});
