/**
 * Every npm script the README and docs/ name exists, in the root package.json or, with `-w <name>`,
 * in that workspace's: a newcomer who copies a command from them never meets "Missing script".
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const scriptsOf = (path: string) => Object.keys((JSON.parse(read(path)) as { scripts?: Record<string, string> }).scripts ?? {});

const DOCUMENTS = ['README.md', ...readdirSync(new URL('docs/', root)).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** Each `npm run <script> [-w <workspace>]`, `npm start` and `npm test` a text names. */
export function namedScripts(text: string): Array<{ script: string; workspace: string | null }> {
  const named = [...text.matchAll(/\bnpm run ([\w:.-]*\w)(?:\s+(?:-w|--workspace)[ =]([\w@/.-]+))?/g)].map((match) => ({ script: match[1]!, workspace: match[2] ?? null }));
  const lifecycle = [...text.matchAll(/\bnpm (start|test)\b/g)].map((match) => ({ script: match[1]!, workspace: null }));
  return [...named, ...lifecycle];
}

describe('the npm scripts the README and docs name', () => {
  it('finds the commands as they are written', () => {
    expect(namedScripts('run `npm run bench -- --only mail`, then `npm run build -w functions`; `npm test`, `npm start` (npm run doctor: checks)')).toEqual([
      { script: 'bench', workspace: null },
      { script: 'build', workspace: 'functions' },
      { script: 'doctor', workspace: null },
      { script: 'test', workspace: null },
      { script: 'start', workspace: null },
    ]);
  });

  it.each(DOCUMENTS)('%s names only scripts that exist', (document) => {
    const missing = namedScripts(read(document)).filter(({ script, workspace }) => !scriptsOf(workspace ? `${workspace}/package.json` : 'package.json').includes(script));
    expect(missing).toEqual([]);
  });

  it('the README names the commands a newcomer needs', () => {
    const named = namedScripts(read('README.md')).map(({ script }) => script);
    expect(named).toEqual(expect.arrayContaining(['start', 'test', 'bench', 'doctor']));
  });
});
