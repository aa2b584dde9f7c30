/**
 * Empties the Firestore and Auth emulators, creates the demo accounts and runs a full sync from the
 * AppSheet demo server (port 8787): the starting state of the browser tests.
 */
import { clearAuth, clearFirestore } from './lib/emulators';
import { seedAndSync } from './lib/demoAccounts';
import { PORTS } from './lib/stack';

Promise.all([clearFirestore(), clearAuth()])
  .then(() => seedAndSync(`http://127.0.0.1:${PORTS.appsheet}`))
  .then((log) => {
    console.log(`demo accounts ready; full sync ${log.status}: ${log.totalMembers} members, ${log.totalChildren} children`);
    process.exit(log.status === 'success' ? 0 : 1);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
