/**
 * `npm run test:changed [-- <commit>]`: the inner loop. Runs the tests that the files changed
 * since <commit> (default: HEAD, i.e. what is not committed yet) touch: Vitest's --changed for the
 * unit and component tests and for the rules and functions tests (a test runs when it imports a
 * changed file, however deeply), and Playwright's --only-changed for the browser tests (a spec
 * that changed or imports a changed file of tests/e2e). The emulators start only when an emulator
 * suite has something to run. `npm test` still runs everything before a change lands.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { changedFiles, needsEmulators } from './lib/changedFiles';
import { runInEmulators, ROOT } from './lib/stack';

const since = process.argv[2] ?? 'HEAD';
const changed = changedFiles(execFileSync('git', ['diff', '--name-only', since], { cwd: ROOT, encoding: 'utf8' }), execFileSync('git', ['ls-files', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' }));
if (changed.length === 0) {
  console.log(`Nothing changed since ${since}: no test to run.`);
  process.exit(0);
}
console.log(`${changed.length} file(s) changed since ${since}.`);

const vitest = (config: string[]) => ['npx', 'vitest', 'run', ...config, '--changed', since, '--passWithNoTests'].join(' ');
let status = spawnSync(vitest([]), { cwd: ROOT, shell: true, stdio: 'inherit' }).status ?? 1;
if (needsEmulators(changed)) {
  const only = since === 'HEAD' ? '--only-changed' : `--only-changed=${since}`;
  const emulated = `${vitest(['--config', 'vitest.emulated.config.ts'])}; a=$?; npx playwright test ${only} --pass-with-no-tests; b=$?; [ $a -eq 0 ] && [ $b -eq 0 ]`;
  status = runInEmulators(emulated) || status;
} else {
  console.log('No file the rules, functions or browser tests depend on changed: the emulators are not started.');
}
process.exit(status);
