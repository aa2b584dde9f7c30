/** `npm run bench`: the benchmarks in tests/bench, inside one Firestore emulator session. */
import { runInEmulators } from './lib/stack';

const args = process.argv.slice(2).join(' ');
process.exit(runInEmulators(`npx tsx tests/bench/sync.bench.ts ${args}`, 'firestore'));
