/**
 * Runs the emulator-backed suites in one `firebase emulators:exec` session (the emulators take
 * 15–20 s to start, so once per run): rules and functions tests, then the browser tests.
 *
 *   --no-browser     only the rules and functions tests (tools/testOnNode.sh runs these on other Node versions)
 *   --results <dir>  where the JSON reports go (default .cache/results)
 */
import { parseArgs } from 'node:util';
import { runInEmulators } from './lib/stack';

const { values: options } = parseArgs({
  options: { 'no-browser': { type: 'boolean', default: false }, results: { type: 'string', default: '.cache/results' } },
});

const suites = [
  `npx vitest run --config vitest.emulated.config.ts --reporter=default --reporter=json --outputFile.json=${options.results}/emulated.json`,
  ...(options['no-browser'] ? [] : ['npx playwright test']),
];
// Every suite runs even when an earlier one fails; the session fails if any did.
process.exit(runInEmulators(`status=0; ${suites.map((s) => `${s} || status=1`).join('; ')}; exit $status`));
