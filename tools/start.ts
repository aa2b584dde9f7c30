/**
 * `npm start`: the whole local stack on loopback, offline, with one command:
 * AppSheet demo server, Auth/Firestore/Functions emulators, demo accounts, an initial full
 * sync through the real sync code, a notice and a cancelled lesson sent through the real
 * endpoints, the local inbox with the sender of the `mail` collection,
 * and the Vite dev server pointed at the emulators.
 * Ctrl-C stops everything it started.
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from './appsheet/constants';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './appsheet/generator';
import { startDemoServer } from './appsheet/server';
import { emulatorAdmin } from './lib/adminSdk';
import { seedAndSync } from './lib/demoAccounts';
import { runDemoNotices, startLines } from './lib/demoNotices';
import { startInbox } from './mail/inbox';
import { startLocalSender } from './mail/localSender';
import { startPushService } from './push/pushService';
import { isPortOpen, run, stop, waitForPort } from './lib/processes';
import { checkPrerequisites } from './prerequisites';
import { EMULATOR_HOST, firebaseCliEnv, PORTS, prepareFunctions, PROJECT_ID, ROOT } from './lib/stack';

const step = (text: string) => console.log(`\n▸ ${text}`);

/** The local stand-in for the extension's "Default FROM address". */
const LOCAL_MAIL_FROM = 'Family Portal <portal@example.org>';

/** The demo notices are optional: when they cannot be sent, a warning, and the stack comes up without them. */
async function demoNoticeLines(): Promise<string[]> {
  try {
    return startLines(await runDemoNotices(emulatorAdmin().db));
  } catch (error) {
    return [`warning: the demo notices were not sent (the stack runs without them): ${(error as Error).message}`];
  }
}

async function main(): Promise<void> {
  // What the stack needs beyond node_modules (Java and its jar tool for the emulators), as npm test checks it.
  if (!checkPrerequisites('start')) process.exit(1);
  for (const [name, port] of Object.entries(PORTS)) {
    if (await isPortOpen(port)) throw new Error(`Port ${port} (${name}) is already in use. Is another \`npm start\` running?`);
  }
  const dataDir = join(ROOT, '.data');
  mkdirSync(dataDir, { recursive: true });

  step('Building functions');
  prepareFunctions();

  step('Starting the AppSheet demo server');
  const appSheet = await startDemoServer({ port: PORTS.appsheet, dataFile: join(dataDir, 'appsheet-demo-60.json'), families: 60 });
  const stopping: Array<() => Promise<void>> = [() => appSheet.close()];
  let shuttingDown = false;
  const shutdown = async (code: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log('\nStopping the local stack…');
    for (const stopOne of stopping.reverse()) await stopOne().catch(() => undefined);
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    step('Starting the Auth, Firestore and Functions emulators (log: .data/emulators.log)');
    const log = createWriteStream(join(dataDir, 'emulators.log'));
    const emulators = run(
      join(ROOT, 'node_modules/.bin/firebase'),
      ['emulators:start', '--only', 'auth,firestore,functions', '--project', PROJECT_ID],
      { cwd: ROOT, env: { ...process.env, ...firebaseCliEnv() }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    emulators.stdout?.pipe(log);
    emulators.stderr?.pipe(log);
    stopping.push(() => stop(emulators));
    emulators.once('exit', (code) => {
      if (!shuttingDown) {
        console.error(`The emulators stopped (exit ${code}); see .data/emulators.log`);
        void shutdown(1);
      }
    });
    await Promise.all([waitForPort(PORTS.auth), waitForPort(PORTS.firestore), waitForPort(PORTS.functions)]);

    step('Starting the local inbox (MailDev) and the sender of the mail collection');
    const inbox = await startInbox({ host: EMULATOR_HOST, smtpPort: PORTS.smtp, webPort: PORTS.inbox, mailDirectory: join(dataDir, 'maildev') });
    stopping.push(() => inbox.stop());
    stopping.push(
      startLocalSender({
        db: emulatorAdmin().db,
        smtp: inbox.smtp,
        defaultFrom: LOCAL_MAIL_FROM,
        onDelivered: (id, outcome) =>
          console.log(`  e-mail ${id} ${outcome.state === 'SUCCESS' ? 'delivered' : `failed (${outcome.error})`}: "${outcome.subject ?? ''}" to ${outcome.to.join(', ')}`),
      }),
    );

    step('Starting the local push service (what the functions push to the demo parents\' devices)');
    const pushService = await startPushService({ host: EMULATOR_HOST, port: PORTS.push });
    stopping.push(() => pushService.stop());

    step('Creating demo accounts and running the initial full sync');
    const sync = await seedAndSync(appSheet.url);
    console.log(
      `  full sync ${sync.status} in ${sync.duration} ms: ${sync.totalMembers} members, ${sync.totalChildren} children` +
        (sync.error ? `\n  ${sync.error}` : ''),
    );

    step("Sending the office's demo notice and cancelling one of the demo parent's lessons");
    for (const line of await demoNoticeLines()) console.log(`  ${line}`);

    step('Starting the app');
    const vite = run(join(ROOT, 'node_modules/.bin/vite'), ['--host', EMULATOR_HOST, '--port', String(PORTS.app), '--strictPort'], {
      cwd: ROOT,
      env: { ...process.env, VITE_USE_EMULATORS: 'true', VITE_FIREBASE_PROJECT_ID: PROJECT_ID, VITE_PUSH_SERVICE_URL: pushService.url },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    stopping.push(() => stop(vite, 5_000));
    await waitForPort(PORTS.app);

    console.log(`
  Family portal:       http://${EMULATOR_HOST}:${PORTS.app}/
  AppSheet demo:       ${appSheet.url}  (app ${DEMO_APP_ID}, key ${DEMO_ACCESS_KEY})
  Emulators:           auth ${PORTS.auth}, firestore ${PORTS.firestore}, functions ${PORTS.functions}
  E-mail inbox:        ${inbox.url}/  (every e-mail of the mail collection, SMTP on ${PORTS.smtp})
  Push service:        ${pushService.url}/  (every push to a device turned on under Family → E-mails)

  Demo accounts (password ${DEMO_PASSWORD}):
${DEMO_ACCOUNTS.map((account) => `    ${account.email.padEnd(28)} ${account.role}`).join('\n')}

  Press Ctrl-C to stop everything.`);
  } catch (error) {
    console.error(`\nnpm start failed: ${(error as Error).message}`);
    await shutdown(1);
  }
}

void main();
