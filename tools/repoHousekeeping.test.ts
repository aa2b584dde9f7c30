/**
 * What a fresh clone shows a newcomer before any code runs: `npm install` prints no warning about
 * install scripts, the README stays short enough to read, and comments say what, not which ticket.
 */
import { globSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

type Lock = { packages: Record<string, { hasInstallScript?: boolean }> };

/** The package names in the lock file whose install has a script for npm to run or skip. */
export function packagesWithInstallScripts(lock: Lock): string[] {
  const names = Object.entries(lock.packages)
    .filter(([path, entry]) => path !== '' && entry.hasInstallScript)
    .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
  return [...new Set(names)].sort();
}

/** "issue 59", "Issues 12 and 13", "#74": a ticket's number where the text should say what. */
const TICKET_NUMBER = /\bissues?\s+#?\d+|\(#\d+\)/i;

describe('a fresh clone', () => {
  it('finds the packages of the lock file that have install scripts', () => {
    const lock: Lock = { packages: { '': { hasInstallScript: true }, 'node_modules/a': {}, 'node_modules/@s/b': { hasInstallScript: true }, 'node_modules/x/node_modules/@s/b': { hasInstallScript: true } } };
    expect(packagesWithInstallScripts(lock)).toEqual(['@s/b']);
  });

  it('decides every install script in allowScripts, so npm install warns about none', () => {
    const decided = Object.keys((JSON.parse(read('package.json')) as { allowScripts?: Record<string, boolean> }).allowScripts ?? {});
    const undecided = packagesWithInstallScripts(JSON.parse(read('package-lock.json')) as Lock).filter((name) => !decided.includes(name));
    expect(undecided).toEqual([]);
  });

  it('has a README under 200 lines', () => {
    expect(read('README.md').trimEnd().split('\n').length).toBeLessThan(200);
  });

  it('names no ticket numbers in code', () => {
    expect(TICKET_NUMBER.test('the console speaks (issue 59: the language)')).toBe(true);
    expect(TICKET_NUMBER.test('a test for the hosting issue')).toBe(false);
    const files = globSync('{src,functions/src,packages/*/src,tools,tests}/**/*.{ts,tsx,mjs}', { cwd: new URL(root).pathname, exclude: (name) => name === 'node_modules' });
    const named = files.filter((file) => file !== 'tools/repoHousekeeping.test.ts' && TICKET_NUMBER.test(read(file)));
    expect(named).toEqual([]);
  });
});
