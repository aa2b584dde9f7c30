/**
 * `npm run bench`: the benchmarks in tests/bench, inside one emulator session: the sync, the
 * parents' e-mails after a sync, the office's accounts tab, booking (a request, the office's
 * list), notices (a send to every family and to one lesson, the dashboard with 200 notices),
 * collections (a direct debit run of every family: the list, the announcement, the bank's file).
 * `-- --only sync|mail|office|booking|notices|collections` runs one of them; other arguments go to each
 * (`--families N`).
 */
import { runInEmulators } from './lib/stack';

const args = process.argv.slice(2);
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? args.splice(onlyAt, 2)[1] : undefined;
const benches = { sync: 'tests/bench/sync.bench.ts', mail: 'tests/bench/parentMail.bench.ts', office: 'tests/bench/office.bench.ts', booking: 'tests/bench/booking.bench.ts', notices: 'tests/bench/notices.bench.ts', collections: 'tests/bench/collections.bench.ts' };
const chosen = Object.entries(benches).filter(([name]) => !only || name === only);
if (chosen.length === 0) {
  console.error(`--only takes one of: ${Object.keys(benches).join(', ')}`);
  process.exit(2);
}
const rest = args.join(' ');
process.exit(runInEmulators(chosen.map(([, file]) => `npx tsx ${file} ${rest}`).join(' && '), 'auth,firestore'));
