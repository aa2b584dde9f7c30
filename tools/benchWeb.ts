/**
 * `npm run bench:web`: tests/bench/web.bench.ts inside one Auth and Firestore emulator session.
 * `-- --only scripts` measures the build's JavaScript only, which needs neither emulators nor
 * functions: it runs without them, in seconds rather than minutes.
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { ROOT, runInEmulators } from './lib/stack';

const { only } = parseArgs({ options: { only: { type: 'string' } } }).values;
if (only !== undefined && only !== 'scripts') throw new Error(`--only ${only}: the only part is "scripts"`);
const bench = ['tsx', 'tests/bench/web.bench.ts', ...(only === undefined ? [] : ['--only', only])];

if (only === 'scripts') process.exit(spawnSync('npx', bench, { cwd: ROOT, stdio: 'inherit' }).status ?? 1);
process.exit(runInEmulators(`npx ${bench.join(' ')}`, 'auth,firestore'));
