/**
 * Runs the emulator-backed suites in one `firebase emulators:exec` session (the emulators take
 * 15–20 s to start, so once per run): rules and functions tests, then the browser tests.
 *
 *   --no-browser     only the rules and functions tests
 *   --results <dir>  where the JSON reports go (default .cache/results)
 */
import { parseArgs } from 'node:util';
import { runInEmulators } from './lib/stack';

const { values: options } = parseArgs({
  options: { 'no-browser': { type: 'boolean', default: false }, results: { type: 'string', default: '.cache/results' } },
});

const suites: Array<[name: string, command: string]> = [
  ['rules and functions tests', `npx vitest run --config vitest.emulated.config.ts --reporter=default --reporter=json --outputFile.json=${options.results}/emulated.json`],
  ...(options['no-browser'] ? [] : ([['browser tests', 'npx playwright test']] as Array<[string, string]>)),
];
// Every suite runs even when an earlier one fails; the session fails if any did. Each suite's
// duration goes to suite-times.txt for tools/test.sh's closing lines (POSIX sh: the script runs in
// whatever shell firebase emulators:exec starts).
const times = `${options.results}/suite-times.txt`;
const script = suites.map(([name, command]) => `start=$(date +%s); ${command} || status=1; echo "${name}: $(($(date +%s) - start)) s" >> ${times}`);
process.exit(runInEmulators(`status=0; rm -f ${times}; ${script.join('; ')}; exit $status`));
