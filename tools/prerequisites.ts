/**
 * What `npm test` and `npm start` need beyond `npm install`, checked before anything runs: without
 * it the emulator and browser suites fail in dozens of confusing ways (68 browser tests with a
 * launch error each, for one missing Chromium), and the local stack dies deep in the emulators.
 * Prints one line per missing program with the command that installs it, and exits 1.
 *
 *   npx tsx tools/prerequisites.ts           # for npm test
 *   npx tsx tools/prerequisites.ts start     # for npm start: no browser, no PDF tools
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { HOW_TO_GET_NODE, satisfiesEngines, supportedNode } from './nodeVersion.mjs';

export type Command = 'test' | 'start';

export interface Prerequisite {
  name: string;
  /** The commands that cannot run without it. */
  neededBy: readonly Command[];
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

/** Chromium where playwright.config.ts looks for it: the headless shell. */
export const chromiumPath = (env: NodeJS.ProcessEnv = process.env) => env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
/** The full Chromium, for the tests of what the shell lacks: notifications (push.spec.ts). */
export const fullChromiumPath = (env: NodeJS.ProcessEnv = process.env) => env.CHROMIUM_FULL_PATH ?? '/usr/bin/chromium';

const SUPPORTED_NODE = supportedNode();
const BOTH: readonly Command[] = ['test', 'start'];

export function prerequisites(env: NodeJS.ProcessEnv = process.env, nodeVersion = process.versions.node): Prerequisite[] {
  return [
    {
      name: `Node.js ${SUPPORTED_NODE} (this is ${nodeVersion})`,
      neededBy: BOTH,
      usedFor: 'the Firebase SDKs, Vitest, jsdom, i18next and Lighthouse',
      install: HOW_TO_GET_NODE,
      present: () => satisfiesEngines(nodeVersion, SUPPORTED_NODE),
    },
    {
      name: 'Java (17 or newer)',
      neededBy: BOTH,
      usedFor: 'the Firestore and Auth emulators',
      install: 'apt-get install -y openjdk-17-jre-headless',
      present: () => runs('java', ['-version']),
    },
    {
      name: 'the JDK\'s jar tool',
      neededBy: BOTH,
      usedFor: 'building the Firestore emulator\'s launcher offline (tools/lib/stack.ts)',
      install: 'apt-get install -y openjdk-17-jdk-headless',
      present: () => runs('jar', ['--version']),
    },
    {
      name: `Chromium at ${chromiumPath(env)}`,
      neededBy: ['test'],
      usedFor: 'the browser tests',
      install: env.CHROMIUM_PATH ? `install Chromium there, or unset CHROMIUM_PATH and apt-get install -y chromium-headless-shell` : 'apt-get install -y chromium-headless-shell (or set CHROMIUM_PATH to a Chromium binary)',
      present: () => executable(chromiumPath(env)),
    },
    {
      name: `the full Chromium at ${fullChromiumPath(env)}`,
      neededBy: ['test'],
      usedFor: 'the Web Push tests (the headless shell shows no notifications)',
      install: env.CHROMIUM_FULL_PATH ? 'install Chromium there, or unset CHROMIUM_FULL_PATH and apt-get install -y chromium' : 'apt-get install -y chromium (or set CHROMIUM_FULL_PATH to a Chromium binary)',
      present: () => executable(fullChromiumPath(env)),
    },
    {
      name: 'poppler-utils (pdftotext, pdffonts)',
      neededBy: ['test'],
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

/** Prints what `command` lacks, one line each; true when nothing is missing. */
export function checkPrerequisites(command: Command): boolean {
  const lines = missingLines(prerequisites().filter((item) => item.neededBy.includes(command)));
  for (const line of lines) console.error(line);
  if (lines.length > 0) console.error(`npm ${command} stopped before running anything; install what is missing (apt packages as root, after apt-get update) and run it again.`);
  return lines.length === 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!checkPrerequisites(process.argv[2] === 'start' ? 'start' : 'test')) process.exit(1);
}
