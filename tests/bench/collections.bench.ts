/**
 * A direct debit collection run on the 2,000-family demo school, every active family owing money
 * and paying by direct debit (the largest run the school can make), synced from the AppSheet demo
 * server into the emulators; the server stays up, as the run writes its Direct Debits rows there.
 * Prints, asserting nothing:
 * - the console's list (previewCollection's work): its time (goal ≤ 2 s) and the documents read;
 * - the announcement with every family's pre-notification: its function time (goal ≤ 10 s) and the
 *   writes, in proportion to the families;
 * - the bank's file: its time (goal ≤ 5 s), its size, and whether the DK's XSD takes it.
 *
 *   npm run bench -- --only collections [--families N]
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { APPSHEET_TABLES, earliestCollectionDate, MAIL } from '@family-portal/contract';
import { validateXML } from 'xmllint-wasm';
import { announceCollection, collectionCandidates } from '../../functions/src/payments/collectionRun';
import { fileCollection } from '../../functions/src/payments/collectionFile';
import { familyRecipients, preNotificationId, preNotificationMail, sendPreNotifications } from '../../functions/src/notifications/preNotificationMail';
import { createAppSheetClient } from '../../functions/src/sync/appsheet/appsheetClient';
import { dayIn } from '../../functions/src/lib/timeZone';
import { runFullSync } from '../../functions/src/wiring/syncRuns';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from '../../tools/appsheet/constants';
import { startDemoServer } from '../../tools/appsheet/server';
import { emulatorAdmin } from '../../tools/lib/emulators';
import { countReads, readsSoFar } from './support/readCounter';
import { emptyEmulators, familiesFromArguments } from './support/school';
import { countWrites, describeCommits, takeCommits, writesIn } from './support/writeCounter';

const { db } = emulatorAdmin();
const FAMILIES = familiesFromArguments();
const TIME_ZONE = 'Europe/Berlin';
const GOALS = { list: 2_000, announce: 10_000, file: 5_000 };
const CREDITOR = { name: 'Schulverein Bench e.V.', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', creditorId: 'DE98ZZZ09999999999' };
const MAIL_SETTINGS = { association: { name: CREDITOR.name, address: 'Benchstraße 1; 12345 Musterstadt' }, appOrigin: 'http://127.0.0.1:5173', creditorId: CREDITOR.creditorId, timeZone: TIME_ZONE };
const XSD = readFileSync(new URL('../../functions/src/payments/fixtures/pain.008.001.08_GBIC_4.xsd', import.meta.url), 'utf8');

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const verdict = (ms: number, goal: number) => `${seconds(ms)} (${ms <= goal ? 'within' : 'OVER'} ${seconds(goal)})`;

console.log(`Collection run: the ${FAMILIES.toLocaleString('en')}-family demo school, every active family owing and paying by direct debit`);
const server = await startDemoServer({ families: FAMILIES, seed: 1 });
const members = server.store.tables[APPSHEET_TABLES.members.appSheetTable] ?? [];
const mandates = server.store.tables[APPSHEET_TABLES.mandates.appSheetTable] ?? [];
const paying = new Set(mandates.filter((row) => row.Status === 'Aktiv').map((row) => String(row['Member ID'])));
members.forEach((member, index) => {
  if (member.Status !== 'Aktiv') return;
  member.Balance = -(10 + (index % 90) + (index % 100) / 100);
  if (paying.has(String(member['Member ID']))) return;
  mandates.push({
    'Mandate Reference': `MNDT-${String(member['Member ID'])}-BENCH`,
    'Member ID': member['Member ID'] ?? null,
    'Account Holder': member['Primary Name'] ?? null,
    IBAN: 'DE02120300000000202051',
    BIC: null,
    'Signed At': '2026-01-15T09:30:00.000Z',
    'Signed By': null,
    Status: 'Aktiv',
    'Revoked At': null,
    'First Used': null,
    'Last Used': null,
    'Last Changed': '2026-01-15T09:30:00.000Z',
  });
});
const appSheet = createAppSheetClient({ baseUrl: server.url, appId: DEMO_APP_ID, accessKey: DEMO_ACCESS_KEY });
await emptyEmulators();
const sync = await runFullSync({ db, appSheet }, { triggeredBy: 'manual' });
console.log(`  full sync: ${sync.status}, ${sync.totalMembers} members`);

countReads();
countWrites();
const today = dayIn(new Date(), TIME_ZONE);
const collectionDate = earliestCollectionDate(today, 14);

let start = performance.now();
let reads = readsSoFar();
const families = await collectionCandidates(db, today);
const listMs = performance.now() - start;
console.log(`  the console's list: ${families.length.toLocaleString('en')} families, ${verdict(listMs, GOALS.list)}, ${(readsSoFar() - reads).toLocaleString('en')} documents read`);

takeCommits();
start = performance.now();
const deps = { db, appSheet, creditorId: CREDITOR.creditorId, preNotificationDays: 14, timeZone: TIME_ZONE };
const announced = await announceCollection(deps, { collectionDate, purpose: 'Kursgebühren 2026 Q4', leaveOut: [], idempotencyKey: randomUUID(), announcedBy: 'bench' });
const runCommits = takeCommits();
// The pre-notifications as the endpoint queues them (collectionEndpoints.ts, notifyFamilies).
const owners = await db.getAll(...announced.debits.map((debit) => db.collection('members').doc(debit.memberId)));
const recipients = await familyRecipients(db, owners.map((member) => ({ memberId: member.id, primaryEmail: (member.get('primaryEmail') as string | null) ?? null })));
const mails = announced.debits.flatMap((debit, index) =>
  (recipients.get(debit.memberId) ?? []).map((to) => ({
    id: preNotificationId(debit, to),
    mail: preNotificationMail(debit, Math.round(debit.amount * 100), { name: String(owners[index]?.get('primaryName') ?? ''), ibanMasked: 'DE•• •••• •••• •••• ••20 51' }, to, MAIL_SETTINGS),
  })),
);
await sendPreNotifications(db, mails);
const announceMs = performance.now() - start;
const mailCommits = takeCommits();
console.log(`  announcing ${announced.run.debitCount.toLocaleString('en')} debits (${(announced.run.totalCents / 100).toLocaleString('de-DE', { style: 'currency', currency: 'EUR' })}): ${verdict(announceMs, GOALS.announce)}`);
console.log(`    ${writesIn(runCommits).toLocaleString('en')} writes for the run: ${describeCommits(runCommits)}`);
console.log(`    ${writesIn(mailCommits).toLocaleString('en')} writes for ${(await db.collection(MAIL).count().get()).data().count.toLocaleString('en')} pre-notifications: ${describeCommits(mailCommits)}`);

start = performance.now();
reads = readsSoFar();
const file = await fileCollection({ db, appSheet, creditor: CREDITOR, timeZone: TIME_ZONE }, announced.run.id);
const fileMs = performance.now() - start;
const { errors } = await validateXML({ xml: [{ fileName: file.fileName, contents: file.xml }], schema: [{ fileName: 'pain.008.001.08_GBIC_4.xsd', contents: XSD }] });
console.log(`  the bank's file: ${verdict(fileMs, GOALS.file)}, ${(file.xml.length / 1024).toFixed(0)} KiB, ${(readsSoFar() - reads).toLocaleString('en')} documents read; the DK's schema: ${errors.length === 0 ? 'valid' : `${errors.length} errors, first: ${errors[0]?.message}`}`);
await server.close();
process.exit(0);
