/**
 * Runs the emulator-backed suites in one `firebase emulators:exec` session (the emulators take
 * 15–20 s to start, so once per run): rules and functions tests, then the browser tests.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { emulatorClientEnv, firestoreEmulatorEnv, prepareFunctions, PROJECT_ID, ROOT } from './lib/stack';

prepareFunctions();

const suites = [
  'npx vitest run --config vitest.emulated.config.ts --reporter=default --reporter=json --outputFile.json=.cache/results/emulated.json',
  'npx playwright test',
];
// Both suites run even when the first fails; the session fails if either did.
const script = `status=0; ${suites.map((s) => `${s} || status=1`).join('; ')}; exit $status`;

const result = spawnSync(
  join(ROOT, 'node_modules/.bin/firebase'),
  ['emulators:exec', '--only', 'auth,firestore,functions', '--project', PROJECT_ID, script],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...firestoreEmulatorEnv(), METADATA_SERVER_DETECTION: emulatorClientEnv().METADATA_SERVER_DETECTION },
  },
);
process.exit(result.status ?? 1);
