/** Shared pieces of the local stack: used by `npm start`, `npm test` and the benchmarks. */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEMO_ACCESS_KEY } from '../appsheet/constants';

export const ROOT = resolve(import.meta.dirname, '../..');
export const PROJECT_ID = 'demo-family-portal';
export const EMULATOR_HOST = '127.0.0.1';
export const PORTS = { auth: 9099, firestore: 8080, functions: 5001, appsheet: 8787, app: 5173 } as const;

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

/** Builds the functions and gives the Functions emulator the demo AppSheet key as its secret. */
export function prepareFunctions(): void {
  writeFileSync(join(ROOT, 'functions/.secret.local'), `APPSHEET_ACCESS_KEY=${DEMO_ACCESS_KEY}\n`);
  execFileSync('npm', ['run', 'build', '--silent', '-w', 'functions'], { cwd: ROOT, stdio: 'inherit' });
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
