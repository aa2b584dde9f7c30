// The first part of `npm run lint`, oxlint with .oxlintrc.json, finds what the type-aware
// typescript-eslint rules, React hooks and jsx-a11y found when ESLint ran them, with the options
// this project gave them (docs/testing.md, "Lint in two parts").
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
let dir: string;

/** One line per rule it breaks, and a few that the project's options allow. */
const PROBE = `import { useEffect, useState } from 'react';

declare const anyValue: any;
declare function fetchIt(): Promise<number>;
declare const notAPromise: number;
enum Colour { Red = 'red' }
class Holder { method() { return this; } }

export async function probe(list: string[], colour: Colour, _unused: number) {
  fetchIt();
  const unsafe: string = anyValue;
  Math.max(anyValue);
  const { skipped, ...rest } = { skipped: 1, kept: 2 };
  await notAPromise;
  const asserted = list as string[];
  const unbound = new Holder().method;
  const objectText = \`\${{}}\`;
  if (colour === 'red') return;
  [1, 2].forEach(async () => {});
  for (const key in list) console.log(key);
  delete list[0];
  if (list.length === 0) throw 'literal';
  return [unsafe, asserted, unbound, objectText, rest, anyValue.size, anyValue()];
}
export async function noAwait() { return 1; }
export function returnsAny(): number { return anyValue; }
export function Hooked({ value }: { value: number }) {
  const [state, setState] = useState(0);
  useEffect(() => { setState(value + state); }, []);
  if (value) { useState(1); }
  return (
    <div onClick={() => setState(1)}>
      <img src="x" />
      <button type="button" onClick={async () => { await fetchIt(); }}>ok</button>
      <div aria-label="x" role="region" tabIndex={0}><input autoFocus /></div>
    </div>
  );
}
`;

beforeAll(() => {
  mkdirSync(join(root, '.cache'), { recursive: true });
  // In .cache/, which lint ignores, so no `npm run lint` running meanwhile sees it (`--no-ignore`
  // below lifts that for the probe): a src/ of its own, the project's oxlint configuration, and a
  // tsconfig that extends the root one.
  dir = mkdtempSync(join(root, '.cache/oxlint-'));
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src/probe.tsx'), PROBE);
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ extends: '../../tsconfig.json', include: ['src'] }));
  copyFileSync(join(root, '.oxlintrc.json'), join(dir, '.oxlintrc.json'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("finds each rule's fault on its line, type-aware ones included, and lets the project's exceptions be", () => {
  let output = '';
  try {
    execFileSync(join(root, 'node_modules/.bin/oxlint'), ['--no-ignore', '--format', 'unix', 'src/probe.tsx'], { cwd: dir, encoding: 'utf8' });
  } catch (error) {
    output = (error as { stdout: string }).stdout;
  }
  const found = [...output.matchAll(/probe\.tsx:(\d+):\d+: .* \[Error\/([\w-]+)\(([\w-]+)\)\]/g)].map(([, line, plugin, rule]) => `${line} ${plugin}/${rule}`);
  expect(found.sort()).toEqual(
    [
      '3 typescript/no-explicit-any',
      '10 typescript/no-floating-promises',
      '11 typescript/no-unsafe-assignment',
      '12 typescript/no-unsafe-argument',
      '14 typescript/await-thenable',
      '15 typescript/no-unnecessary-type-assertion',
      '16 typescript/unbound-method',
      '17 typescript/restrict-template-expressions',
      '17 typescript/no-base-to-string',
      '18 typescript/no-unsafe-enum-comparison',
      '19 typescript/no-misused-promises',
      '20 typescript/no-for-in-array',
      '21 typescript/no-array-delete',
      '22 typescript/only-throw-error',
      '23 typescript/no-unsafe-member-access',
      '23 typescript/no-unsafe-call',
      '23 typescript/no-unsafe-return',
      '25 typescript/require-await',
      '26 typescript/no-unsafe-return',
      '29 react-hooks/exhaustive-deps',
      '30 react-hooks/rules-of-hooks',
      '32 jsx-a11y/click-events-have-key-events',
      '32 jsx-a11y/no-static-element-interactions',
      '33 jsx-a11y/alt-text',
      '35 jsx-a11y/no-autofocus',
    ].sort(),
  );
  // The probe's own file name in every finding: nothing else of the tree was linted.
  expect(output).not.toMatch(/^(?!src\/probe\.tsx)[^\s].*\[Error/m);
}, 60_000);
