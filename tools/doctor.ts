/**
 * `npm run doctor -- --project <id>`: checks a real project's settings before a deploy and
 * prints every missing or suspicious item at once. Exit code 1 when any is an error.
 *
 *   --offline    skip what asks the firebase CLI, which needs a login: the secrets, the
 *                Hosting sites and custom domains that APP_ORIGINS must name, and the Auth
 *                e-mail templates' action URL
 *   --dir <path> where the settings live (default: this checkout)
 *   --appsheet   instead: the connection check against the school's AppSheet app, read only,
 *                with functions/.env.<project> and APPSHEET_ACCESS_KEY from the environment
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { error, warning, type Finding } from './doctor/findings';
import { checkFunctionSettings, checkSecret, parseList, SECRETS } from './doctor/functionChecks';
import { lookUpServedHosts } from './doctor/hostingSites';
import { checkServedOrigins } from './doctor/originChecks';
import { checkProjectId, REMINDERS } from './doctor/projectChecks';
import { checkCreditorIdsAgree, checkTimeZonesAgree, checkWebSettings } from './doctor/webChecks';
import { lookUpSecret } from './doctor/secrets';
import { loadFunctionSettings, loadWebSettings } from './doctor/settings';
import { checkAppSheetConnection } from './doctor/appSheetCheck';
import { ACTION_PATH, checkActionUrl, lookUpActionUrl } from './doctor/authActionUrl';
import { checkAppSheetSettings } from './doctor/functionChecks';

const USAGE = 'usage: npm run doctor -- --project <firebase-project-id> [--offline | --appsheet] [--dir <path>]';

const MARKS = { error: '✗', warning: '!', note: 'i' } as const;

function printSection(title: string, findings: readonly Finding[]): void {
  console.log(`\n${title}`);
  if (findings.length === 0) console.log('  ✓ nothing to fix');
  for (const finding of findings) console.log(`  ${MARKS[finding.level]} ${finding.setting}: ${finding.message}`);
}

/** Counts, the closing line and the exit code: 1 when any finding is an error. */
function conclude(findings: readonly Finding[], ready: string): number {
  const errors = findings.filter((f) => f.level === 'error').length;
  const warnings = findings.filter((f) => f.level === 'warning').length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  console.log(`\n${plural(errors, 'error')}, ${plural(warnings, 'warning')}: ` + (errors > 0 ? 'fix the errors first.' : warnings > 0 ? `read the warnings; ${ready}` : ready));
  return errors > 0 ? 1 : 0;
}

async function checkAppSheet(dir: string, projectId: string): Promise<number> {
  const { env, file, exists } = loadFunctionSettings(dir, projectId);
  console.log(`Checking the AppSheet app of ${file} (read only)`);
  const settings = checkAppSheetSettings(env, process.env.APPSHEET_ACCESS_KEY);
  if (!exists || 'findings' in settings) {
    printSection('Settings', exists ? (settings as { findings: Finding[] }).findings : [error(file, 'is missing: create it first (docs/deploy.md)')]);
    return 1;
  }
  const report = await checkAppSheetConnection(settings);
  console.log('');
  for (const line of report.lines) console.log(`  ${line}`);
  printSection('What the sync would meet', report.findings);
  return conclude(report.findings, 'the first sync can run.');
}

async function main(): Promise<number> {
  let options;
  try {
    options = parseArgs({
      options: { project: { type: 'string' }, offline: { type: 'boolean', default: false }, appsheet: { type: 'boolean', default: false }, dir: { type: 'string' } },
    }).values;
  } catch (failure) {
    console.error(`${(failure as Error).message}\n${USAGE}`);
    return 2;
  }
  const projectId = options.project?.trim();
  if (!projectId) {
    console.error(USAGE);
    return 2;
  }
  const dir = resolve(options.dir ?? resolve(import.meta.dirname, '..'));
  if (options.appsheet) return checkAppSheet(dir, projectId);

  console.log(`Checking the settings for a deploy to ${projectId}`);
  const projectFindings = checkProjectId(projectId);
  if (projectFindings.length > 0) {
    printSection('Project', projectFindings);
    return 1;
  }

  const web = loadWebSettings(dir);
  const functions = loadFunctionSettings(dir, projectId);
  const missingFile = functions.exists ? [] : [error(functions.file, 'is missing: create it (see functions/.env.demo-family-portal for its form)')];
  const secrets = options.offline
    ? [warning('secrets', `not checked (--offline): ${SECRETS.join(', ')} must exist`)]
    : (await Promise.all(SECRETS.map(async (name) => checkSecret(name, projectId, await lookUpSecret(name, projectId))))).flat();

  const listedOrigins = parseList(functions.env.APP_ORIGINS ?? '');
  const servedHosts = options.offline ? ({ kind: 'unchecked', reason: '--offline' } as const) : await lookUpServedHosts(projectId);
  const origins = listedOrigins ? checkServedOrigins(listedOrigins, projectId, servedHosts) : [];
  const actionUrl = options.offline
    ? [warning('Auth e-mail action URL', `not checked (--offline): Authentication → Templates must point to ${ACTION_PATH} on the app's origin`)]
    : checkActionUrl(await lookUpActionUrl(projectId), listedOrigins ?? []);

  const sections: Array<[string, Finding[]]> = [
    [`Web app (${web.sources.join(', ') || 'no .env file found'})`, [...checkWebSettings(web.env, projectId), ...checkTimeZonesAgree(web.env, functions.env), ...checkCreditorIdsAgree(web.env, functions.env)]],
    [`Functions (${functions.file})`, [...missingFile, ...checkFunctionSettings(functions.env, projectId)]],
    ['Origins (APP_ORIGINS and the Hosting sites that serve the app)', origins],
    ['Secrets (Secret Manager)', secrets],
    ['Authentication (the account-takeover protection)', actionUrl],
    ['Reminders', [...REMINDERS]],
  ];
  for (const [title, findings] of sections) printSection(title, findings);

  return conclude(sections.flatMap(([, findings]) => findings), 'ready to deploy.');
}

process.exit(await main());
