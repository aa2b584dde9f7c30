/**
 * `npm run bench:web`: tests/bench/web.bench.ts inside one Auth and Firestore emulator session.
 * `-- --only scripts` measures the build's JavaScript only, which needs neither emulators nor
 * functions: it runs without them, in seconds rather than minutes. `-- --against <commit>` builds
 * that commit as well and measures both in turn, side by side (tests/bench/sideBySide.ts), with
 * `--runs N` sign-ins and blocking loads per build and `--lighthouse-runs N` Lighthouse runs per
 * build (web.bench.ts checks both).
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { ROOT, runInEmulators } from './lib/stack';

// Only the options this script acts on; every option goes on to the bench, which checks them all.
const { only, against } = parseArgs({ options: { only: { type: 'string' }, against: { type: 'string' } }, strict: false }).values;
if (only !== undefined && only !== 'scripts') throw new Error(`--only ${only}: the only part is "scripts"`);
if (only !== undefined && against !== undefined) throw new Error('--against compares the whole run; it does not go with --only');
const bench = ['tsx', 'tests/bench/web.bench.ts', ...process.argv.slice(2)];

if (only === 'scripts') process.exit(spawnSync('npx', bench, { cwd: ROOT, stdio: 'inherit' }).status ?? 1);
process.exit(runInEmulators(`npx ${bench.join(' ')}`, 'auth,firestore'));
