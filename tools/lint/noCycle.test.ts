// The repository's lint configuration counts type-only imports in an import cycle (noCycle.js).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
let dir: string;

/** eslint.config.js as `npm run lint` reads it, running only the cycle rule and without type information (faster). */
async function cycleErrors(files: Record<string, string>): Promise<Record<string, string[]>> {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const eslint = new ESLint({
    cwd: root,
    // The files sit in .cache/, which lint ignores: no `npm run lint` running meanwhile sees them.
    ignore: false,
    ruleFilter: ({ ruleId }) => ruleId === 'local/no-cycle',
  });
  const results = await eslint.lintFiles(Object.keys(files).map((name) => join(dir, name)));
  return Object.fromEntries(results.map((result) => [result.filePath.slice(dir.length + 1), result.messages.map((message) => `${message.ruleId}: ${message.message}`)]));
}

beforeAll(() => {
  mkdirSync(join(root, '.cache'), { recursive: true });
  dir = mkdtempSync(join(root, '.cache/no-cycle-'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('lint: import cycles', () => {
  it('reports two modules that import only types from each other', async () => {
    const errors = await cycleErrors({
      'settings.ts': "import type { Scope } from './mail';\nexport interface Settings { scope: Scope }\n",
      'mail.ts': "import type { Settings } from './settings';\nexport type Scope = 'all';\nexport const scopeOf = (settings: Settings): Scope => settings.scope;\n",
    });
    expect(errors).toEqual({ 'settings.ts': ['local/no-cycle: Dependency cycle detected'], 'mail.ts': ['local/no-cycle: Dependency cycle detected'] });
  }, 20_000);

  it('reports a cycle closed by an inline type import and a type re-export', async () => {
    const errors = await cycleErrors({
      'first.ts': "import { type Third } from './third';\nexport type First = Third;\n",
      'second.ts': "export type { First } from './first';\n",
      'third.ts': "import type { First } from './second';\nexport type Third = number;\nexport const first: First = 1;\n",
    });
    expect(Object.values(errors).every((messages) => messages.length === 1 && messages[0]?.startsWith('local/no-cycle: Dependency cycle via'))).toBe(true);
  }, 20_000);

  it('leaves types imported one way alone', async () => {
    const errors = await cycleErrors({
      'base.ts': 'export type Base = number;\n',
      'user.ts': "import type { Base } from './base';\nexport const base: Base = 1;\n",
    });
    expect(errors).toEqual({ 'base.ts': [], 'user.ts': [] });
  }, 20_000);
});
