/** `npm run bench:web`: tests/bench/web.bench.ts inside one Auth and Firestore emulator session. */
import { runInEmulators } from './lib/stack';

process.exit(runInEmulators('npx tsx tests/bench/web.bench.ts', 'auth,firestore'));
