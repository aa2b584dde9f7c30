/**
 * The local inbox and the sender of the `mail` collection as one process, for the browser tests
 * (a Playwright webServer inside the emulator session): `npx tsx tools/mail/serve.ts`.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { emulatorAdmin } from '../lib/adminSdk';
import { EMULATOR_HOST, PORTS, ROOT } from '../lib/stack';
import { startInbox } from './inbox';
import { startLocalSender } from './localSender';

// Each run starts with an empty inbox: MailDev would load the last run's e-mails from its folder.
const mailDirectory = join(ROOT, '.cache/maildev-e2e');
rmSync(mailDirectory, { recursive: true, force: true });
const inbox = await startInbox({ host: EMULATOR_HOST, smtpPort: PORTS.smtp, webPort: PORTS.inbox, mailDirectory });
const stopSender = startLocalSender({ db: emulatorAdmin().db, smtp: inbox.smtp, defaultFrom: 'Family Portal <portal@example.org>' });
console.log(`inbox at ${inbox.url}`);
const stop = () => void stopSender().then(() => inbox.stop()).finally(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
