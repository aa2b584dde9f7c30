/**
 * Runs emulator-backed suites in one `firebase emulators:exec` session of the stack that
 * PORTAL_STACK names (tools/lib/stack.ts; the emulators take 15–20 s to start, so once per suite
 * at most): the rules and functions tests, the browser tests, or both one after the other.
 *
 *   --suite emulated|browser|all  which suites (default all)
 *   --prepared                    the functions are built and the stack's files written already
 *   --prepare-only                build the functions and write both stacks' files, run nothing
 *   --results <dir>               where the JSON reports go (default .cache/results)
 *
 * npm test (tools/test.sh) runs the rules and functions tests on the `tests` stack and the
 * browser tests on the `demo` stack at the same time.
 */
import { parseArgs } from 'node:util';
import { firebaseCliEnv, prepareFunctions, prepareTestsStack, runInEmulators } from './lib/stack';

const { values: options } = parseArgs({
  options: {
    suite: { type: 'string', default: 'all' },
    prepared: { type: 'boolean', default: false },
    'prepare-only': { type: 'boolean', default: false },
    results: { type: 'string', default: '.cache/results' },
  },
});
if (options['prepare-only']) {
  prepareFunctions();
  prepareTestsStack();
  // Makes the Firestore emulator's launcher jar once, before two sessions would both make it.
  firebaseCliEnv();
  process.exit(0);
}
if (!['emulated', 'browser', 'all'].includes(options.suite)) throw new Error(`--suite must be emulated, browser or all, not "${options.suite}"`);

const suites: Array<[name: string, command: string]> = [];
if (options.suite !== 'browser') {
  // Two Vitest processes at once: the files of the stack's project, one after another, and beside
  // them the project apart's (vitest.emulated.config.ts), whose output follows when both are done.
  const vitest = (projects: string[], report: string) =>
    `node_modules/.bin/vitest run --config vitest.emulated.config.ts ${projects.map((name) => `--project ${name}`).join(' ')} --reporter=default --reporter=json --outputFile.json=${options.results}/${report}.json`;
  const apartLog = `${options.results}/emulated-apart.log`;
  suites.push([
    'rules and functions tests',
    `(${vitest(['apart'], 'emulated-apart')} > ${apartLog} 2>&1; echo $? > ${apartLog}.status) & ${vitest(['shared', 'isolated'], 'emulated')} || status=1; wait; cat ${apartLog}; [ "$(cat ${apartLog}.status)" = 0 ]`,
  ]);
}
if (options.suite !== 'emulated') suites.push(['browser tests', 'node_modules/.bin/playwright test']);
// Every suite runs even when an earlier one fails; the session fails if any did. Each suite's
// duration is added to suite-times.txt for tools/test.sh's closing lines (POSIX sh: the script
// runs in whatever shell firebase emulators:exec starts).
const times = `${options.results}/suite-times.txt`;
const script = suites.map(([name, command]) => `start=$(date +%s); ${command} || status=1; echo "${name}: $(($(date +%s) - start)) s" >> ${times}`);
process.exit(runInEmulators(`status=0; mkdir -p ${options.results}; ${script.join('; ')}; exit $status`, undefined, { prepared: options.prepared }));
