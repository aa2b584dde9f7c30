/**
 * Empties the Firestore and Auth emulators, creates the demo accounts, runs a full sync from the
 * AppSheet demo server (port 8787) and sends the demo notice and cancelled lesson through the
 * functions, as `npm start` does: the starting state of the browser tests.
 */
import { clearAuth, clearFirestore, emulatorAdmin } from './lib/emulators';
import { seedAndSync } from './lib/demoAccounts';
import { seedDemoNotices } from './lib/demoNotices';
import { PORTS } from './lib/stack';

Promise.all([clearFirestore(), clearAuth()])
  .then(() => seedAndSync(`http://127.0.0.1:${PORTS.appsheet}`))
  .then(async (log) => {
    console.log(`demo accounts ready; full sync ${log.status}: ${log.totalMembers} members, ${log.totalChildren} children`);
    if (log.status !== 'success') process.exit(1);
    for (const line of await seedDemoNotices(emulatorAdmin().db)) console.log(`demo: ${line}`);
    process.exit(0);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
