/**
 * Runs the emulator-backed suites in one `firebase emulators:exec` session (the emulators take
 * 15–20 s to start, so once per run): rules and functions tests, then the browser tests.
 */
import { runInEmulators } from './lib/stack';

const suites = [
  'npx vitest run --config vitest.emulated.config.ts --reporter=default --reporter=json --outputFile.json=.cache/results/emulated.json',
  'npx playwright test',
];
// Both suites run even when the first fails; the session fails if either did.
process.exit(runInEmulators(`status=0; ${suites.map((s) => `${s} || status=1`).join('; ')}; exit $status`));
