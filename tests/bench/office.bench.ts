/**
 * The office's accounts tab on a school of 2,000 families: a third of the parents with
 * a verified portal account, a sixth with one not yet verified, the rest without; some invited,
 * some e-mail choices, a few shared addresses. Prints the time and the documents read for the
 * overview with the table's first page, and for a later page sorted by name (what the function
 * getAccounts does for each, without the HTTP hop). Budget: under 2 s for each.
 *
 *   npm run bench -- --only office [--families N]
 */
import { accountsQuery, INVITATIONS, MEMBER_EMAIL_DUPLICATES, MEMBER_EMAILS, NOTIFICATION_CHOICES } from '@family-portal/contract';
import { accountsPage } from '../../functions/src/office/school';
import { emulatorAdmin } from '../../tools/lib/emulators';
import { countReads, readsSoFar } from './support/readCounter';
import { emailOf, emptyEmulators, familiesFromArguments, memberId } from './support/school';

const { db, auth } = emulatorAdmin();
const FAMILIES = familiesFromArguments();
const BUDGET_MS = 2000;


async function seed(): Promise<void> {
  await emptyEmulators();
  const writer = db.bulkWriter();
  for (let family = 0; family < FAMILIES; family++) {
    const id = memberId(family);
    // Every 100th pair of families shares one address (the index refuses both).
    const shared = family % 100 === 1;
    const email = shared ? emailOf(family - 1) : emailOf(family);
    void writer.set(db.doc(`members/${id}`), { primaryName: `Parent ${family}`, primaryEmail: email, status: family % 20 === 0 ? 'inactive' : 'active', balance: 15 });
    if (shared) void writer.set(db.doc(`${MEMBER_EMAIL_DUPLICATES}/${email}`), { memberIds: [memberId(family - 1), id] });
    else if (family % 100 !== 0) void writer.set(db.doc(`${MEMBER_EMAILS}/${email}`), { memberId: id });
    if (family % 10 === 5) void writer.set(db.doc(`${INVITATIONS}/${id}`), { lastSentAt: '2026-11-01T09:00:00.000Z', lastSentBy: 'office@bench.example', count: 1 });
    if (family % 3 === 0) void writer.set(db.doc(`${NOTIFICATION_CHOICES}/u${family}`), { paymentDue: true, paymentReceived: family % 2 === 0, cancellationConfirmed: false });
  }
  await writer.close();
  const withAccounts = Array.from({ length: FAMILIES }, (_, family) => family).filter((family) => family % 2 === 0 || family % 3 === 0);
  for (let start = 0; start < withAccounts.length; start += 1000) {
    const users = withAccounts.slice(start, start + 1000).map((family) => ({ uid: `u${family}`, email: emailOf(family), emailVerified: family % 3 === 0 }));
    const result = await auth.importUsers(users);
    if (result.failureCount > 0) throw new Error(`importing accounts failed: ${result.errors[0]?.error.message}`);
  }
}

async function measure(label: string, query: Record<string, string>) {
  const before = readsSoFar();
  const started = performance.now();
  const page = await accountsPage(db, auth, accountsQuery.parse(query));
  const ms = performance.now() - started;
  const verdict = ms < BUDGET_MS ? 'within' : 'OVER';
  console.log(`  ${label}: ${(ms / 1000).toFixed(2)} s (${verdict} the 2 s budget), ${(readsSoFar() - before).toLocaleString('en')} documents read, ${page.rows.length} of ${page.total.toLocaleString('en')} rows`);
  return page;
}

console.log(`The office's accounts tab: ${FAMILIES.toLocaleString('en')} families (Firestore and Auth emulators)`);
await seed();
countReads();
// The emulator's first answers are slower than its later ones: one untimed run first.
await accountsPage(db, auth, accountsQuery.parse({}));
const first = await measure('overview and the first page (no account)', {});
console.log(`    active members: ${first.overview.active.verified} verified, ${first.overview.active.unverified} unverified, ${first.overview.active.none} without an account; ${first.overview.duplicates.length} shared addresses`);
await measure('page 3 of all members, sorted by name, descending', { account: 'all', sort: 'name', direction: 'desc', offset: '100' });
process.exit(0);
