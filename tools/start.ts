/**
 * `npm start`: the whole local stack on loopback, offline, with one command:
 * AppSheet demo server, Auth/Firestore/Functions emulators, demo accounts, an initial full
 * sync through the real sync code, a notice and a cancelled lesson sent through the real
 * endpoints, the local inbox with the sender of the `mail` collection,
 * and the Vite dev server pointed at the emulators, on the stack PORTAL_STACK names (`demo` by
 * default; tools/lib/stack.ts). Ctrl-C stops everything it started.
 *
 * npm start runs it with `node --import tsx`, in one process: the tsx command's parent process
 * kills its child outright when the child does not confirm a signal within 30 ms, as a busy
 * machine may not, and then nothing would stop the emulators.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_ACCESS_KEY, DEMO_APP_ID } from './appsheet/constants';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './appsheet/generator';
import { startDemoServer } from './appsheet/server';
import { emulatorAdmin } from './lib/adminSdk';
import { seedAndSync } from './lib/demoAccounts';
import { runDemoNotices, startLines } from './lib/demoNotices';
import { startInbox } from './mail/inbox';
import { startLocalSender } from './mail/localSender';
import { startPushService } from './push/pushService';
import { killIfThere, portInUse, run, stop, waitForHttp, waitForPort } from './lib/processes';
import { describeProcess, processesWithEnv } from './lib/procfs';
import { checkPrerequisites } from './prerequisites';
import { EMULATOR_HOST, firebaseCliArgs, firebaseCliEnv, PORTS, prepareFunctions, prepareTestsStack, PROJECT_ID, ROOT, STACK, STACK_NAME } from './lib/stack';

/**
 * `--keep-functions-build`: start with functions/lib as it is when there is one. For a test that
 * starts this stack beside running emulator sessions: their Functions emulators reload on every build.
 */
const { values: options } = parseArgs({ options: { 'keep-functions-build': { type: 'boolean', default: false } } });

/** Every process this run starts inherits the mark, so that none of them outlives it. */
const RUN_MARK = 'PORTAL_START_RUN';
const runId = randomUUID();
process.env[RUN_MARK] = runId;

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
    const taken = await portInUse(name, port);
    if (taken) {
      console.error(taken);
      process.exit(1);
    }
  }
  // Another stack's files apart from the demo's: its emulator log, inbox and AppSheet school.
  const dataDir = STACK_NAME === 'demo' ? join(ROOT, '.data') : join(ROOT, '.data', STACK_NAME);
  mkdirSync(dataDir, { recursive: true });

  const build = !options['keep-functions-build'] || !existsSync(join(ROOT, 'functions/lib/index.js'));
  step(build ? 'Building functions' : 'Using the functions as built');
  prepareFunctions({ build });
  if (STACK_NAME !== 'demo') prepareTestsStack(STACK_NAME);

  step('Starting the AppSheet demo server');
  const appSheet = await startDemoServer({ port: PORTS.appsheet, dataFile: join(dataDir, 'appsheet-demo-60.json'), families: 60 });
  const stopping: Array<() => Promise<void>> = [() => appSheet.close()];
  let shuttingDown = false;
  const shutdown = async (code: number) => {
    if (shuttingDown) {
      console.log('Still stopping the local stack…');
      return;
    }
    shuttingDown = true;
    console.log('\nStopping the local stack…');
    for (const stopOne of stopping.reverse()) await stopOne().catch(() => undefined);
    // Whatever a child left behind when it stopped (the Firestore emulator, when firebase-tools
    // quit without stopping it) carries this run's mark.
    for (const left of processesWithEnv(RUN_MARK, runId)) {
      if (left.pid === process.pid) continue;
      console.log(`  ended ${describeProcess(left)}, left running`);
      killIfThere(left.pid);
    }
    process.exit(code);
  };
  // The emulators run in a process group of their own, out of reach of the terminal's Ctrl-C and
  // hang-up: this process stops them, whatever signal it gets and however often.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void shutdown(0));
  // A closed terminal must not stop the shutdown halfway through with an error on writing to it.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);

  try {
    const logFile = relative(ROOT, join(dataDir, 'emulators.log'));
    step(`Starting the Auth, Firestore and Functions emulators (log: ${logFile})`);
    const log = createWriteStream(join(ROOT, logFile));
    const emulators = run(
      process.execPath,
      firebaseCliArgs(['emulators:start', '--config', STACK.firebaseConfig, '--only', 'auth,firestore,functions', '--project', PROJECT_ID]),
      { cwd: ROOT, env: { ...process.env, ...firebaseCliEnv() }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    emulators.stdout?.pipe(log);
    emulators.stderr?.pipe(log);
    stopping.push(() => stop(emulators));
    emulators.once('exit', (code) => {
      if (!shuttingDown) {
        console.error(`The emulators stopped (exit ${code}); see ${logFile}`);
        void shutdown(1);
      }
    });
    await Promise.all([PORTS.auth, PORTS.firestore, PORTS.functions].map((port) => waitForHttp(`http://${EMULATOR_HOST}:${port}/`)));

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
