/** Shared pieces of the local stack: used by `npm start`, `npm test` and the benchmarks. */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DEMO_ACCESS_KEY } from '../appsheet/constants';

export const ROOT = resolve(import.meta.dirname, '../..');
export const EMULATOR_HOST = '127.0.0.1';

/**
 * Two local stacks that can run at the same time: `demo` for `npm start`, the browser tests and
 * the benchmarks, and `tests` for the rules and functions tests, which `npm test` runs beside the
 * browser tests (their files clear the whole database, and half their time is spent waiting on
 * timeouts and retries, which the browser tests fill). Each has its own project id, so its own
 * functions settings (functions/.env.<project id>), and its own ports. A process takes the stack
 * named by PORTAL_STACK (default `demo`).
 */
const TESTS_PORTS = {
  auth: 9189,
  firestore: 8180,
  functions: 5101,
  appsheet: 8797,
  app: 5173,
  smtp: 1035,
  inbox: 1090,
  push: 8800,
  hub: 4410,
  logging: 4510,
  // The emulators' own helpers, which firebase-tools starts on its default ports and moves to
  // the next free one: two stacks starting at the same moment took the same one, and one failed.
  eventarc: 9309,
  tasks: 9509,
  firestoreWebsocket: 9160,
};
/**
 * More stacks like `tests`, each `offset` ports above it (app too): `stop` for the test that
 * starts `npm start`'s whole stack beside a running suite, `dev1` and `dev2` for a developer's
 * second and third emulator session beside `npm test` or `npm start`.
 */
function testsLike(name: string, offset: number) {
  const ports = Object.fromEntries(Object.entries(TESTS_PORTS).map(([key, port]) => [key, port + offset])) as typeof TESTS_PORTS;
  return { projectId: `demo-family-portal-${name}`, ports, firebaseConfig: `firebase.${name}.json` };
}
const STACKS = {
  demo: {
    projectId: 'demo-family-portal',
    ports: {
      auth: 9099,
      firestore: 8080,
      functions: 5001,
      appsheet: 8787,
      app: 5173,
      smtp: 1025,
      inbox: 1080,
      push: 8790,
      hub: 4400,
      logging: 4500,
      eventarc: 9299,
      tasks: 9499,
      firestoreWebsocket: 9150,
    },
    firebaseConfig: 'firebase.json',
  },
  tests: {
    projectId: 'demo-family-portal-tests',
    ports: TESTS_PORTS,
    // Written by prepareTestsStack(): firebase.json with the ports above (firebase-tools reads the
    // ports from its config only, and takes the project's directory from where the file is).
    firebaseConfig: 'firebase.tests.json',
  },
  stop: testsLike('stop', 20),
  dev1: testsLike('dev1', 40),
  dev2: testsLike('dev2', 60),
};
type StackName = keyof typeof STACKS;
function stackName(): StackName {
  const name = process.env.PORTAL_STACK ?? 'demo';
  if (!(name in STACKS)) throw new Error(`PORTAL_STACK must be one of ${Object.keys(STACKS).join(', ')}, not "${name}"`);
  return name as StackName;
}

export const STACK_NAME = stackName();
export const STACK = STACKS[STACK_NAME];
export const PROJECT_ID = STACK.projectId;
/**
 * A second project on the same emulators, for test files that need neither the functions'
 * triggers nor the documents of the others: the rules matrices and the syncs run in the test
 * use it beside the other files (vitest.emulated.config.ts). The Firestore emulator keeps each project's
 * documents and rules apart; single-project mode only warns about a second one.
 */
export const APART_PROJECT_ID = `${PROJECT_ID}-apart`;
export const PORTS = STACK.ports;
/** The ports of another stack than this process's (a test that starts one beside it). */
export const portsOf = (name: StackName) => STACKS[name].ports;

const DEBIAN_FIRESTORE_JAR = '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';

/**
 * Where Debian's google-cloud-cli-firestore-emulator is installed, firebase-tools can use it
 * offline through a launcher jar (the packaged jar has no Main-Class). Elsewhere firebase-tools
 * downloads its own emulator as usual.
 */
export function firestoreEmulatorEnv(): Record<string, string> {
  if (process.env.FIRESTORE_EMULATOR_BINARY_PATH || !existsSync(DEBIAN_FIRESTORE_JAR)) return {};
  const cache = join(ROOT, '.cache');
  const launcher = join(cache, 'firestore-emulator-launcher.jar');
  if (!existsSync(launcher)) {
    mkdirSync(cache, { recursive: true });
    const manifest = join(cache, 'firestore-emulator.manifest');
    writeFileSync(
      manifest,
      `Main-Class: com.google.cloud.datastore.emulator.firestore.CloudFirestore\nClass-Path: ${DEBIAN_FIRESTORE_JAR}\n`,
    );
    execFileSync('jar', ['cfm', launcher, manifest]);
  }
  return { FIRESTORE_EMULATOR_BINARY_PATH: launcher };
}

/**
 * The Firestore emulator's JVM (the one Java process of a stack) with the client compiler only
 * and the serial collector: a stack lives minutes, and the server compiler's and the parallel
 * collector's threads spent CPU that the tests beside them wanted. The rules and the fault
 * matrix's files twice: the JVM's CPU 86 s before, 50 s after, the tests' time the same
 * (docs/testing.md).
 */
const FIRESTORE_JVM_OPTIONS = '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC';

/**
 * Node's compile cache for the emulators' processes, filled after each build of the functions
 * (tools/warmCompileCache.cjs): a new function runtime then reads the compiled code of
 * firebase-tools' runtime module, the Admin SDK and the functions instead of compiling them, about
 * 0.2 s of the 2.1 s of CPU that each new runtime costs (docs/testing.md).
 */
const FUNCTIONS_COMPILE_CACHE = join(ROOT, '.cache/node-compile');

/**
 * Environment for the firebase CLI when it runs the emulators: the offline Firestore emulator,
 * no probing of the GCE metadata server, and a CLI config whose message of the day counts as
 * fetched, so that the CLI does not try to reach firebaseio.com on every start.
 */
export function firebaseCliEnv(): Record<string, string> {
  const configHome = join(ROOT, '.cache/firebase-cli-config');
  const configFile = join(configHome, 'configstore/firebase-tools.json');
  if (!existsSync(configFile)) {
    mkdirSync(dirname(configFile), { recursive: true });
    writeFileSync(configFile, JSON.stringify({ motd: { fetched: Date.UTC(2100, 0, 1) }, usage: false }));
  }
  // FUNCTIONS_DISCOVERY_TIMEOUT (seconds) is also how long the Functions emulator waits for a new
  // worker process to answer: past its default 30 s (20 requests at once on a busy 2-core machine)
  // it drops the request with "Failed to load function." and the caller never gets an answer.
  return {
    ...firestoreEmulatorEnv(),
    XDG_CONFIG_HOME: configHome,
    METADATA_SERVER_DETECTION: 'none',
    FUNCTIONS_DISCOVERY_TIMEOUT: '120',
    // The Functions emulator reads the functions' manifest from a file their process writes, not
    // from a server that process runs on a port picked at random from 8000–8999: that port was
    // once a stack's push port (stop 88), and a stack stopped while the server ran left it behind.
    FIREBASE_FUNCTIONS_DISCOVERY_OUTPUT_PATH: 'true',
    JAVA_TOOL_OPTIONS: [process.env.JAVA_TOOL_OPTIONS, FIRESTORE_JVM_OPTIONS].filter(Boolean).join(' '),
    NODE_COMPILE_CACHE: FUNCTIONS_COMPILE_CACHE,
  };
}

/**
 * Node's arguments for the firebase CLI, run by this process's Node: with its Functions emulator
 * sharing runtime processes between functions (tools/emulator/sharedRuntimes.cjs), and its Auth
 * emulator compiling each API schema when a request first needs it (tools/emulator/lazyAuthSchemas.cjs).
 */
export function firebaseCliArgs(args: string[]): string[] {
  const preloads = ['sharedRuntimes.cjs', 'lazyAuthSchemas.cjs'].flatMap((file) => ['--require', join(ROOT, 'tools/emulator', file)]);
  return [...preloads, join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js'), ...args];
}

/** The local stand-in for the secret RATE_LIMIT_HMAC_KEY; tests use it to find a client's counter. */
export const DEMO_RATE_LIMIT_HMAC_KEY = 'demo-rate-limit-hmac-key';
/** The local stand-in for the secret NOTIFICATION_LINK_KEY (unsubscribe links). */
export const DEMO_NOTIFICATION_LINK_KEY = 'demo-notification-link-key';

/** The local stand-in for the secret VAPID_PRIVATE_KEY, the pair of the demo's VAPID_PUBLIC_KEY (functions/.env.demo-family-portal). */
export const DEMO_VAPID_PRIVATE_KEY = 'IIge2Ck479yGd6cXaUEdXCrU16h-R00d5H4jKkvAcFY';

/**
 * Builds the functions and gives the Functions emulator its secrets (fixed demo values).
 * `build: false`: the secrets only (every running Functions emulator reloads on a build).
 */
export function prepareFunctions({ build = true } = {}): void {
  writeFileSync(
    join(ROOT, 'functions/.secret.local'),
    `APPSHEET_ACCESS_KEY=${DEMO_ACCESS_KEY}\nRATE_LIMIT_HMAC_KEY=${DEMO_RATE_LIMIT_HMAC_KEY}\nNOTIFICATION_LINK_KEY=${DEMO_NOTIFICATION_LINK_KEY}\nVAPID_PRIVATE_KEY=${DEMO_VAPID_PRIVATE_KEY}\n`,
  );
  if (!build) return;
  execFileSync('npm', ['run', 'build', '--silent', '-w', 'functions'], { cwd: ROOT, stdio: 'inherit' });
  execFileSync(process.execPath, [join(ROOT, 'tools/warmCompileCache.cjs')], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_COMPILE_CACHE: FUNCTIONS_COMPILE_CACHE } });
}

/**
 * The waits on AppSheet (functions/src/lib/appSheetWaits.ts) that the test stacks lower, so that
 * a test of a hung or failing AppSheet waits seconds instead of the production 15 s attempts and
 * 1-2 s pauses, yet an attempt still outlasts the demo server's answer on a busy machine. The
 * demo stack (`npm start`, the browser tests) and a real project keep the production values.
 */
export const LOWERED_WAITS = {
  APPSHEET_WRITE_TIMEOUT_MS: 5_000,
  APPSHEET_WRITE_PAUSE_MS: 100,
  SYNC_APPSHEET_PAUSE_MS: 100,
} as const;

/**
 * The `tests` stack's firebase.tests.json and functions/.env.demo-family-portal-tests, made from
 * firebase.json and the demo project's settings with the `tests` ports and LOWERED_WAITS, so that
 * neither is kept twice by hand.
 */
export function prepareTestsStack(name: Exclude<StackName, 'demo'> = 'tests'): void {
  const { demo } = STACKS;
  const tests = STACKS[name];
  const config = JSON.parse(readFileSync(join(ROOT, demo.firebaseConfig), 'utf8')) as { emulators: Record<string, { port?: number; websocketPort?: number }> };
  for (const name of ['auth', 'firestore', 'functions', 'hub', 'logging', 'eventarc', 'tasks'] as const) config.emulators[name] = { ...config.emulators[name], port: tests.ports[name] };
  config.emulators.firestore = { ...config.emulators.firestore, websocketPort: tests.ports.firestoreWebsocket };
  writeFileSync(join(ROOT, tests.firebaseConfig), `${JSON.stringify(config, null, 2)}\n`);

  let settings = readFileSync(join(ROOT, `functions/.env.${demo.projectId}`), 'utf8');
  const moves = [
    [`${EMULATOR_HOST}:${demo.ports.appsheet}`, `${EMULATOR_HOST}:${tests.ports.appsheet}`],
    [`${EMULATOR_HOST}:${demo.ports.functions}/${demo.projectId}/`, `${EMULATOR_HOST}:${tests.ports.functions}/${tests.projectId}/`],
    // The app's origins (CORS, and the links in e-mails), for `npm start` on this stack.
    [`//${EMULATOR_HOST}:${demo.ports.app}"`, `//${EMULATOR_HOST}:${tests.ports.app}"`],
    [`//localhost:${demo.ports.app}"`, `//localhost:${tests.ports.app}"`],
  ] as const;
  for (const [from, to] of moves) {
    // A setting written another way would leave the tests stack's functions calling the demo stack.
    if (!settings.includes(from)) throw new Error(`functions/.env.${demo.projectId} no longer names ${from}: update prepareTestsStack()`);
    settings = settings.replaceAll(from, to);
  }
  writeFileSync(
    join(ROOT, `functions/.env.${tests.projectId}`),
    `# Written by tools/lib/stack.ts from .env.${demo.projectId} for the tests stack: do not edit.\n${settings.replace(/\n?$/, '\n')}` +
      `# The waits on AppSheet, lowered for the test stacks (LOWERED_WAITS).\n${Object.entries(LOWERED_WAITS).map(([name, value]) => `${name}=${value}\n`).join('')}`,
  );
}

/** Environment for code that talks to the emulators through the Admin SDK. */
export function emulatorClientEnv(): Record<string, string> {
  return {
    GCLOUD_PROJECT: PROJECT_ID,
    FIRESTORE_EMULATOR_HOST: `${EMULATOR_HOST}:${PORTS.firestore}`,
    FIREBASE_AUTH_EMULATOR_HOST: `${EMULATOR_HOST}:${PORTS.auth}`,
    // Never probe the GCE metadata server from this machine: everything here is local.
    METADATA_SERVER_DETECTION: 'none',
  };
}

/**
 * Runs a shell command inside one `firebase emulators:exec` session of this process's stack;
 * returns its exit code. `prepared`: the functions are built and the stack's files written
 * already (npm test prepares once for both stacks, which then start at the same time).
 */
export function runInEmulators(script: string, only = 'auth,firestore,functions', { prepared = false } = {}): number {
  if (!prepared) {
    prepareFunctions();
    if (STACK_NAME !== 'demo') prepareTestsStack(STACK_NAME);
  }
  const result = spawnSync(
    process.execPath,
    firebaseCliArgs(['emulators:exec', '--config', STACK.firebaseConfig, '--only', only, '--project', PROJECT_ID, script]),
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...firebaseCliEnv() },
    },
  );
  return result.status ?? 1;
}
