/**
 * Which unit test files may share their Vitest worker's modules with the files before them
 * (`isolate: false`, about 40 % less time for the unit tests on a 2-core machine) and which need a
 * fresh module graph of their own: the jsdom component tests (the i18n language, React Testing
 * Library's document) and every file that replaces a module, a global, a variable of the
 * environment or the clock, whose changes would reach the next file in the worker.
 *
 * A file of its own gets a fresh VM context in a worker that Vitest keeps (`vmForks`): new
 * modules and globals without a new process, about a fifth less CPU for the unit lane. What a VM
 * context does not renew is the process: a file that changes `process.env` (by hand or with
 * `vi.stubEnv`) would hand the change to the next file in the worker, and a native bundler
 * (Vite's build, through rolldown) or jsdom's unforgeable `window.location` refuses objects of
 * another realm. Those files get a process of their own (`forks`), as every isolated file did.
 */
import { globSync, readFileSync } from 'node:fs';

/** Marks of a file that changes the process's environment: by hand, or with vi.stubEnv. */
const CHANGES_ENVIRONMENT = /vi\.stubEnv\(|process\.env(\.\w+|\[[^\]]+\]) (=|\?\?=)|Object\.assign\(process\.env|delete process\.env/;

/** Marks of a file that changes what other files in its worker would see. */
const CHANGES_SHARED_STATE = new RegExp(`vitest-environment jsdom|vi\\.(mock|doMock|stubGlobal|useFakeTimers)\\(|${CHANGES_ENVIRONMENT.source}`);

/** Marks of a file that changes the process itself, or needs Node's own realm. */
const NEEDS_OWN_PROCESS = new RegExp(`${CHANGES_ENVIRONMENT.source}|from 'vite'|defineProperty\\(window, 'location'`);

/** How a file is kept apart from the others in its worker. */
export type Isolation = 'shared' | 'context' | 'process';

export function isolationOf(source: string): Isolation {
  if (!CHANGES_SHARED_STATE.test(source)) return 'shared';
  return NEEDS_OWN_PROCESS.test(source) ? 'process' : 'context';
}

/** The files of `include` (globs, relative to `root`) by how each is kept apart. */
export function splitByIsolation(include: string[], root: string): Record<Isolation, string[]> {
  const files = include.flatMap((pattern) => globSync(pattern, { cwd: root, exclude: (name) => name === 'node_modules' }));
  const split: Record<Isolation, string[]> = { shared: [], context: [], process: [] };
  for (const file of files) split[isolationOf(readFileSync(`${root}/${file}`, 'utf8'))].push(file);
  return split;
}
