/**
 * What `npm test` needs beyond `npm install`, checked before anything runs: without it the
 * emulator and browser suites fail in dozens of confusing ways (68 browser tests with a launch
 * error each, for one missing Chromium). Prints one line per missing program with the command
 * that installs it, and exits 1.
 *
 *   npx tsx tools/prerequisites.ts
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { satisfies } from 'semver';

export interface Prerequisite {
  name: string;
  /** Why `npm test` needs it. */
  usedFor: string;
  install: string;
  present: () => boolean;
}

const runs = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const executable = (path: string) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** Chromium where playwright.config.ts looks for it. */
export const chromiumPath = (env: NodeJS.ProcessEnv = process.env) => env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The Node.js versions package.json's engines field accepts, e.g. "^22.22.0 || ^24.15.0". */
const SUPPORTED_NODE = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { engines: { node: string } }).engines.node;

export function prerequisites(env: NodeJS.ProcessEnv = process.env, nodeVersion = process.versions.node): Prerequisite[] {
  return [
    {
      name: `Node.js ${SUPPORTED_NODE} (this is ${nodeVersion})`,
      usedFor: 'the current majors of Vitest, jsdom, i18next, firebase-admin and Lighthouse',
      install: 'install Node 24 (the functions\' runtime), or take it from the npm registry for this shell: export PATH="$(tools/node.sh 24):$PATH"',
      present: () => satisfies(nodeVersion, SUPPORTED_NODE),
    },
    {
      name: 'Java (17 or newer)',
      usedFor: 'the Firestore and Auth emulators',
      install: 'apt-get install -y openjdk-17-jre-headless',
      present: () => runs('java', ['-version']),
    },
    {
      name: 'the JDK\'s jar tool',
      usedFor: 'building the Firestore emulator\'s launcher offline (tools/lib/stack.ts)',
      install: 'apt-get install -y openjdk-17-jdk-headless',
      present: () => runs('jar', ['--version']),
    },
    {
      name: `Chromium at ${chromiumPath(env)}`,
      usedFor: 'the browser tests',
      install: env.CHROMIUM_PATH ? `install Chromium there, or unset CHROMIUM_PATH and apt-get install -y chromium` : 'apt-get install -y chromium (or set CHROMIUM_PATH to a Chromium binary)',
      present: () => executable(chromiumPath(env)),
    },
    {
      name: 'poppler-utils (pdftotext, pdffonts)',
      usedFor: 'reading the yearly statement PDF in the browser tests (tests/e2e/statement.spec.ts)',
      install: 'apt-get install -y poppler-utils',
      present: () => runs('pdftotext', ['-v']) && runs('pdffonts', ['-v']),
    },
  ];
}

/** One line per missing prerequisite, saying how to install it. */
export function missingLines(list: Prerequisite[]): string[] {
  return list.filter((item) => !item.present()).map((item) => `Missing ${item.name}, needed for ${item.usedFor}: ${item.install}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const lines = missingLines(prerequisites());
  for (const line of lines) console.error(line);
  if (lines.length > 0) {
    console.error('npm test stopped before running anything; install what is missing (apt packages as root, after apt-get update) and run it again.');
    process.exit(1);
  }
}
