/**
 * Which unit test files may share their Vitest worker's modules with the files before them
 * (`isolate: false`, about 40 % less time for the unit tests on a 2-core machine) and which need a
 * fresh module graph of their own: the jsdom component tests (the i18n language, React Testing
 * Library's document) and every file that replaces a module, a global, a variable of the
 * environment or the clock, whose changes would reach the next file in the worker.
 */
import { globSync, readFileSync } from 'node:fs';

/** Marks of a file that changes what other files in its worker would see. */
const CHANGES_SHARED_STATE =
  /vitest-environment jsdom|vi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(|process\.env(\.\w+|\[[^\]]+\]) (=|\?\?=)|Object\.assign\(process\.env|delete process\.env/;

export function needsIsolation(source: string): boolean {
  return CHANGES_SHARED_STATE.test(source);
}

/** The files of `include` (globs, relative to `root`) split into those that share and those isolated. */
export function splitByIsolation(include: string[], root: string): { shared: string[]; isolated: string[] } {
  const files = include.flatMap((pattern) => globSync(pattern, { cwd: root, exclude: (name) => name === 'node_modules' }));
  const split = { shared: [] as string[], isolated: [] as string[] };
  for (const file of files) split[needsIsolation(readFileSync(`${root}/${file}`, 'utf8')) ? 'isolated' : 'shared'].push(file);
  return split;
}
