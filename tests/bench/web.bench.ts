/**
 * Web benchmark (design §9, client budgets): the production build served as Firebase Hosting
 * serves it, against the emulators, with the demo school of 60 families and the 2,000-family
 * school. Prints, and asserts nothing:
 *   - every script `/login` fetches before the network is idle, in kB gzipped;
 *   - the documents a parent's session reads, for demo families 1–3, on both schools, and the
 *     chain of Firestore round trips that wait on each other before the family is shown;
 *   - the time from "Sign in" to the dashboard with the family's figures, first and repeat visit;
 *   - the time from a reload to each signed-in screen's content, opened by its address;
 *   - the signed-in dashboard's blocking time, opened with the CPU slowed down 4× (blockingTime.ts);
 *   - Lighthouse (mobile, its default simulated throttling) on /login and the signed-in dashboard,
 *     the median of three runs each.
 *
 * With `--only scripts`, only the build's JavaScript: /login's scripts and the signed-in entry
 * chunk with its static imports (webScripts.ts); no emulators, no school.
 *
 *   npm run bench:web [-- --only scripts]
 *   npm run bench:web -- --against <commit> [--runs 9] [--lighthouse-runs 9]
 *
 * `--lighthouse-reports <dir>` keeps each Lighthouse run's report and trace there, for
 * `npx tsx tests/bench/lighthouseTraces.ts <dir>` (where a build's main-thread time goes).
 * `--react-commits <file>` logs what React renders on each commit of the blocking-time loads,
 * for `npx tsx tests/bench/reactCommits.ts <file>`; it builds unminified (for the components'
 * names), so that run's figures are not a production build's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../tools/appsheet/generator';
import { seedAndSync } from '../../tools/lib/demoAccounts';
import { clearAuth, clearFirestore } from '../../tools/lib/emulators';
import { isPortOpen, run, stop, waitForPort } from '../../tools/lib/processes';
import { fullChromiumPath } from '../../tools/prerequisites';
import { CHROMIUM_ARGS } from '../e2e/support/chromium';
import { blockingTimes } from './blockingTime';
import { buildCommit, buildThisTree, keepNames, type Build } from './builds';
import { CATEGORIES, keepLighthouseReports, LIGHTHOUSE_RUNS, lighthouseRuns } from './lighthouse';
import { medianOfGoodRuns } from './lighthouseMedian';
import { compareSideBySide, median } from './sideBySide';
import { explainFailure, watchedPage } from './pageFailures';
import { firestoreWaits, paintedAfter, recordDashboardPaint, recordScreenShown, shiftAfterPaint, type Timed } from './pageMarks';
import { sessionReads } from './sessionReads';
import { entryChunks, kB, loginScripts } from './webScripts';

const DIST = '.cache/bench-web-dist';
const APP_PORT = 4175;
const APP = `http://127.0.0.1:${APP_PORT}`;
const APPSHEET_PORT = 8789;
// The full Chromium, as Lighthouse and a parent's browser have it (not the tests' headless shell).
const CHROMIUM = fullChromiumPath();
const launch = () => chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const SCHOOLS = [60, 2000];
const RUNS = 5;

/**
 * How the parent fills in the form: typed, at 10 keys a second (a quick typist; what comes after
 * sign-in loads meanwhile, see LoginPage), or filled at once as by a password manager.
 */
type Filling = 'typed' | 'autofilled';

async function signInAndWaitForDashboard(page: Page, app: string, email: string, filling: Filling): Promise<Timed> {
  const waited = firestoreWaits(page);
  return explainFailure(page, `sign-in of ${email}, form ${filling}, to the dashboard`, async () => {
    // Typing starts once the page's scripts are in: commits before 1064c9d (such as a05d1fd, the
    // usual --against) lost what was typed into the pre-rendered form before the app took it over.
    await page.goto(`${app}/login`, { waitUntil: 'networkidle' });
    for (const [label, value] of [['Email', email], ['Password', DEMO_PASSWORD]] as const) {
      const field = page.getByLabel(label, { exact: true });
      if (filling === 'typed') await field.pressSequentially(value, { delay: 100 });
      else await field.fill(value);
    }
    const signIn = page.getByRole('button', { name: 'Sign in', exact: true });
    // From when a parent can press it: the pre-rendered form's button waits for the app (LoginPage).
    await signIn.click({ trial: true });
    const start = Date.now();
    await signIn.click();
    const ms = await paintedAfter(page, 'sign-in');
    return { ms, emulatorMs: waited(start, start + ms), shift: await shiftAfterPaint(page) };
  });
}

/** The signed-in screens a parent may open by address (a bookmark, a link in a message). */
const SCREENS = ['/', '/family', '/plans', '/booking', '/absences', '/notices', '/transactions', '/book-deposits'] as const;

/**
 * From a reload of each signed-in screen, opened by its address on a repeat visit (signed in,
 * the screen seen once before), to the frame that shows its content.
 */
async function screenTimes(email: string, name: string): Promise<Record<(typeof SCREENS)[number], Timed[]>> {
  const browser = await launch();
  const runs = Object.fromEntries(SCREENS.map((screen) => [screen, [] as Timed[]])) as Record<(typeof SCREENS)[number], Timed[]>;
  try {
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ locale: 'en-GB' });
      await context.addInitScript(recordDashboardPaint(`Welcome, ${name}!`));
      await context.addInitScript(recordScreenShown);
      const page = await watchedPage(context);
      await signInAndWaitForDashboard(page, APP, email, 'autofilled');
      for (const screen of SCREENS) {
        const shown = () => page.waitForFunction(() => (window as { screenShownAt?: number }).screenShownAt !== undefined);
        await page.goto(`${APP}${screen}`);
        await explainFailure(page, `${screen} opened by its address`, shown);
        const waited = firestoreWaits(page);
        const start = Date.now();
        await page.reload();
        await explainFailure(page, `${screen} reloaded`, shown);
        const ms = Math.round(await page.evaluate(() => (window as { screenShownAt?: number }).screenShownAt!));
        runs[screen].push({ ms, emulatorMs: waited(start, start + ms) });
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return runs;
}

const medianOf = (runs: Timed[]) => median(runs.map((run) => run.ms));
const emulatorShare = (runs: Timed[]) => median(runs.map((run) => run.emulatorMs));

/**
 * From "Sign in" to the frame showing the welcome heading (rendered with the family's data), the
 * form typed or autofilled; and from a reload of the signed-in dashboard to that frame.
 */
async function dashboardRuns(app: string, email: string, name: string, runs: number) {
  const browser = await launch();
  const timed: Record<Filling | 'repeat', Timed[]> = { typed: [], autofilled: [], repeat: [] };
  try {
    for (let i = 0; i < runs; i++) {
      for (const filling of ['typed', 'autofilled'] as const) {
        const context = await browser.newContext({ locale: 'en-GB' });
        await context.addInitScript(recordDashboardPaint(`Welcome, ${name}!`));
        const page = await watchedPage(context);
        timed[filling].push(await signInAndWaitForDashboard(page, app, email, filling));
        if (filling === 'typed') {
          const waited = firestoreWaits(page);
          const start = Date.now();
          await page.reload();
          const ms = await explainFailure(page, 'reload of the signed-in dashboard', () => paintedAfter(page, 'navigation'));
          timed.repeat.push({ ms, emulatorMs: waited(start, start + ms) });
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return timed;
}

const summary = (timed: Timed[]) => ({ ms: medianOf(timed), emulatorMs: emulatorShare(timed), all: timed.map((run) => run.ms) });

/** The dashboard's blocking time with the CPU slowed down 4× (blockingTime.ts), on a phone's screen. */
async function dashboardBlocking(app: string, email: string, name: string, runs: number) {
  const browser = await launch();
  try {
    // Lighthouse's mobile screen (a Moto G Power).
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    // On the sign-in tab only: the tabs measured run nothing of the bench's but the long-task log.
    const page = await watchedPage(context);
    await page.addInitScript(recordDashboardPaint(`Welcome, ${name}!`));
    await signInAndWaitForDashboard(page, app, email, 'autofilled');
    await page.close();
    return await blockingTimes(context, `${app}/`, `Welcome, ${name}!`, runs, { commitsTo: reactCommits });
  } finally {
    await browser.close();
  }
}

/** Lighthouse drives a Chromium that Playwright started, so that the dashboard runs are signed in. */
async function lighthouseOf(app: string, runs = LIGHTHOUSE_RUNS) {
  const port = 9333;
  const profile = mkdtempSync(join(tmpdir(), 'bench-web-'));
  let context: BrowserContext | undefined;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
      locale: 'en-GB',
    });
    const login = await lighthouseRuns(`${app}/login`, port, false, runs);
    // On the sign-in tab only, not in Lighthouse's: its observer would run on every change of the page.
    const page = await watchedPage(context);
    await page.addInitScript(recordDashboardPaint(`Welcome, ${DEMO_ACCOUNTS[0].name}!`));
    await signInAndWaitForDashboard(page, app, DEMO_ACCOUNTS[0].email, 'autofilled');
    // Lighthouse opens a tab of its own. With the signed-in tab still open, that would be a
    // second tab, which caches in memory and reads from the server (see the Firestore worker);
    // a parent on a phone opens the portal again in one tab, with the figures it kept.
    await page.close();
    const dashboard = await lighthouseRuns(`${app}/`, port, true, runs);
    return { login, dashboard };
  } finally {
    await context?.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

async function withSchool<T>(families: number, work: () => Promise<T>): Promise<T> {
  if (await isPortOpen(APPSHEET_PORT)) throw new Error(`port ${APPSHEET_PORT} is already in use`);
  const server = run(
    process.execPath,
    ['--import', 'tsx', 'tools/appsheet/server.ts', '--port', String(APPSHEET_PORT), '--families', String(families), '--fresh', '--data', `.cache/bench-web-appsheet-${families}.json`],
    { stdio: 'ignore' },
  );
  try {
    await waitForPort(APPSHEET_PORT);
    await Promise.all([clearFirestore(), clearAuth()]);
    const log = await seedAndSync(`http://127.0.0.1:${APPSHEET_PORT}`);
    if (log.status === 'error') throw new Error(`the sync of the ${families}-family school failed: ${log.error}`);
  } finally {
    await stop(server);
  }
  return work();
}

const { only, against, runs, 'lighthouse-runs': lighthouseRunsOption, 'lighthouse-reports': lighthouseReports, 'react-commits': reactCommits } = parseArgs({
  options: {
    only: { type: 'string' },
    against: { type: 'string' },
    runs: { type: 'string' },
    'lighthouse-runs': { type: 'string' },
    'lighthouse-reports': { type: 'string' },
    'react-commits': { type: 'string' },
  },
}).values;
if (lighthouseReports) keepLighthouseReports(lighthouseReports);
if (reactCommits) {
  keepNames();
  console.log(`--react-commits: unminified builds, React's commits logged to ${reactCommits}; this run's figures are not a production build's`);
}
if (only !== undefined && only !== 'scripts') throw new Error(`--only ${only}: the only part is "scripts"`);
/**
 * Side by side, the sign-ins and the blocking time per build (`--runs`, 5 unless told): on a
 * machine whose figures move by a tenth from run to run, five runs cannot tell 5 % apart.
 */
const SIDE_BY_SIDE_RUNS = sideBySideRuns('runs', runs, RUNS);
/** Lighthouse's runs per build side by side (`--lighthouse-runs`, 3 unless told): three move its TBT by half or more on the same code. */
const SIDE_BY_SIDE_LIGHTHOUSE_RUNS = sideBySideRuns('lighthouse-runs', lighthouseRunsOption, LIGHTHOUSE_RUNS);

function sideBySideRuns(option: string, value: string | undefined, fallback: number): number {
  const count = Number(value ?? fallback);
  if (!Number.isInteger(count) || count < 1) throw new Error(`--${option} ${value}: a whole number of runs, 1 or more`);
  if (value !== undefined && !against) throw new Error(`--${option} goes with --against`);
  return count;
}

/** The figures of the 2,000-family school, each build measured in turn, run after run (sideBySide.ts). */
async function sideBySide(builds: Array<Build & { app: string }>) {
  const [parent] = DEMO_ACCOUNTS;
  const each = async <T>(runs: number, measure: (app: string) => Promise<T[]>) => {
    const results = builds.map(() => [] as T[]);
    for (let i = 0; i < runs; i++) for (const [index, build] of builds.entries()) results[index]!.push(...(await measure(build.app)));
    return results;
  };
  // One build after the other: measured at once, the two pages' loads changed when the network
  // was idle, and one run counted 111.5 kB for a /login that fetches 123.3 kB.
  const scripts = [];
  for (const build of builds) scripts.push(await loginScripts(build.app, launch));
  const dashboard = await each(SIDE_BY_SIDE_RUNS, async (app) => [await dashboardRuns(app, parent.email, parent.name, 1)]);
  const blocking = await each(SIDE_BY_SIDE_RUNS, (app) => dashboardBlocking(app, parent.email, parent.name, 1));
  const lighthouse = await each(SIDE_BY_SIDE_LIGHTHOUSE_RUNS, async (app) => [await lighthouseOf(app, 1)]);
  compareSideBySide(builds, {
    scripts: scripts.map((sizes) => sizes.total),
    dashboard: dashboard.map((runs) => ({ typed: runs.flatMap((run) => run.typed), autofilled: runs.flatMap((run) => run.autofilled), repeat: runs.flatMap((run) => run.repeat) })),
    blocking,
    lighthouse: lighthouse.map((runs) => ({ login: runs.flatMap((run) => run.login), dashboard: runs.flatMap((run) => run.dashboard) })),
  });
}

const AGAINST_DIST = '.cache/bench-web-dist-against';
const AGAINST_PORT = 4176;
const builds: Array<Build & { app: string; port: number }> = [];
if (against) builds.push({ ...buildCommit(against, AGAINST_DIST), app: `http://127.0.0.1:${AGAINST_PORT}`, port: AGAINST_PORT });
builds.push({ ...buildThisTree(DIST), app: APP, port: APP_PORT });
for (const { port } of builds) if (await isPortOpen(port)) throw new Error(`port ${port} is already in use`);
const servers = builds.map(({ dir, port }) => run(process.execPath, ['--import', 'tsx', 'tools/serveDist.ts', '--dir', dir, '--port', String(port)], { stdio: 'ignore' }));
try {
  await Promise.all(builds.map(({ port }) => waitForPort(port)));
  console.log(`Web benchmark (production build served with its generated firebase.json, ${only ? '' : 'emulators, '}Debian Chromium, this machine)`);
  console.log('Budgets (design §9): /login ≤ 125 kB gz; Lighthouse mobile ≥ 98 / 100 / 100 / 100; dashboard ≤ 1.0 s after sign-in; every screen ≤ 1.0 s opened by address; reads independent of school size.\n');
  if (against) {
    await withSchool(SCHOOLS.at(-1)!, () => sideBySide(builds));
  } else {
    await measureThisTree();
  }
} finally {
  await Promise.all(servers.map(stop));
}
process.exit(0);

async function measureThisTree() {
  const login = await loginScripts(APP, launch);
  console.log(`/login JavaScript fetched before the network is idle: ${kB(login.total)} kB gzipped (${login.scripts.join(', ')})\n`);
  if (only === 'scripts') {
    const entry = entryChunks(DIST);
    console.log(`Signed-in entry chunk of index.html and its static imports (modulepreload): ${kB(entry.total)} kB gzipped (${entry.scripts.join(', ')})`);
  }

  for (const families of only === 'scripts' ? [] : SCHOOLS) {
    await withSchool(families, async () => {
      console.log(`school of ${families.toLocaleString('en')} families:`);
      const parents = DEMO_ACCOUNTS.slice(0, 3);
      for (const [index, parent] of parents.entries()) {
        const { documents, queries, byCollection, roundTrips } = await sessionReads(parent.email);
        const parts = Object.entries(byCollection).map(([collection, count]) => `${collection} ${count}`).join(', ');
        console.log(`  demo family ${index + 1} (${parent.name}): ${documents} documents in ${queries} reads (${parts})`);
        console.log(`    sequential round trips before the family is shown: ${roundTrips.length} (${roundTrips.map((trip) => trip.join(', ')).join(' → ')})`);
      }
      const runs = await dashboardRuns(APP, DEMO_ACCOUNTS[0].email, DEMO_ACCOUNTS[0].name, RUNS);
      const line = (label: string, { ms, emulatorMs, all }: { ms: number; emulatorMs: number; all: number[] }) =>
        console.log(`    ${label}: ${ms} ms, of which ${emulatorMs} ms waiting for the Firestore emulator (every run: ${all.join(', ')} ms)`);
      console.log(`  dashboard with the family's figures painted, median of ${RUNS}:`);
      line('first visit, form typed (10 keys/s), after "Sign in"', summary(runs.typed));
      line('first visit, form autofilled, after "Sign in"', summary(runs.autofilled));
      line('repeat visit, after a reload', summary(runs.repeat));
      const screens = await screenTimes(DEMO_ACCOUNTS[0].email, DEMO_ACCOUNTS[0].name);
      console.log(`  each screen opened by its address on a repeat visit, reload to content, median of ${RUNS} (budget 1.0 s):`);
      for (const [screen, timed] of Object.entries(screens)) line(screen.padEnd(14), summary(timed));
      if (families === SCHOOLS.at(-1)) {
        const blocking = await dashboardBlocking(APP, DEMO_ACCOUNTS[0].email, DEMO_ACCOUNTS[0].name, RUNS);
        console.log(`  dashboard opened in a new tab, CPU slowed down 4× (phone screen), median of ${RUNS} (goal: as Lighthouse's TBT, 150 ms):`);
        console.log(`    blocking time ${median(blocking.map((run) => run.blockingMs))} ms, longest task ${median(blocking.map((run) => run.longestMs))} ms, layout shift ${median(blocking.map((run) => run.layoutShift))} (every run: ${blocking.map((run) => run.blockingMs).join(', ')} ms)`);
        const runs = await lighthouseOf(APP);
        for (const [page, run] of [['/login', medianOfGoodRuns(runs.login)], ['dashboard (signed in)', medianOfGoodRuns(runs.dashboard)]] as const) {
          if (!run) {
            console.log(`  Lighthouse mobile ${page}: all ${LIGHTHOUSE_RUNS} runs failed (errors above), no scores`);
            continue;
          }
          console.log(`  Lighthouse mobile ${page}, ${LIGHTHOUSE_RUNS} runs: ${CATEGORIES.map((category) => `${category} ${run.scores[category]}`).join(', ')} (performance: the median of the runs that did not fail; of every run ${run.performanceOfEachRun.join(', ')}; the others: the lowest)`);
          console.log(`    median run: ${run.metrics}${run.failing.length ? `; below full marks: ${run.failing.join(', ')}` : ''}`);
          console.log(`    JavaScript boot-up ${run.bootup}`);
        }
      }
    });
  }
}
