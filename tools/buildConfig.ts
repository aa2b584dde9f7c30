/**
 * The build-time gate of the web app's settings. src/lib/config.ts falls back to demo values
 * (a demo bank account among them) only for `demo-*` projects; for any other project a build
 * with a missing or wrong setting would ship a portal that silently shows parents the wrong
 * IBAN, so `vite build` refuses it and lists every problem at once.
 */
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { resolve } from 'node:path';
import { loadEnv, type Plugin } from 'vite';
import { creditorIdProblem } from '@family-portal/contract/creditor';
import { checkLegalSetting } from './legalPages.ts';

export type BuildEnv = Readonly<Record<string, string | undefined>>;

/** Kept equal to the fallback in src/lib/config.ts: an unset project id builds the demo. */
const DEFAULT_PROJECT_ID = 'demo-family-portal';

/** The demo account of src/lib/config.ts: valid, and exactly what must never reach parents. */
const DEMO_IBAN = 'DE89370400440532013000';

/** EPC069-12 allows at most 70 characters for the recipient's name in a SEPA QR code. */
const MAX_RECIPIENT_LENGTH = 70;

/** `root`: the project's folder, against which settings that name files are resolved. */
type Check = (value: string, root: string) => string | undefined;

const REQUIRED: ReadonlyArray<readonly [name: string, what: string, check?: Check]> = [
  ['VITE_FIREBASE_API_KEY', 'the web API key (Firebase console → Project settings → Your apps)'],
  ['VITE_FIREBASE_AUTH_DOMAIN', 'the auth domain, e.g. <project>.firebaseapp.com', checkHostName],
  ['VITE_FIREBASE_APP_ID', 'the web app id (Firebase console → Project settings → Your apps)'],
  ['VITE_SEPA_RECIPIENT', "the account holder's name for SEPA transfers", checkRecipient],
  ['VITE_SEPA_IBAN', "the association's IBAN for parents' transfers", checkIban],
  ['VITE_SEPA_BIC', "the BIC of the association's bank", checkBic],
  ['VITE_SCHOOL_CONTACT_URL', "the school's public contact page (https://…)", checkHttpsUrl],
  ['VITE_IMPRINT_MARKDOWN', "the association's imprint, a Markdown file per language, e.g. legal/imprint.{lng}.md", checkLegalSetting],
  ['VITE_PRIVACY_MARKDOWN', "the association's privacy notice, a Markdown file per language, e.g. legal/privacy.{lng}.md (see docs/privacy-template.md)", checkLegalSetting],
];

/**
 * Every missing or invalid setting of a build for `env`, one message each; none for demo projects.
 * `root`: the project's folder, for the settings that name files.
 */
export function checkBuildConfig(env: BuildEnv, root = process.cwd()): string[] {
  if (isDemoProject(env)) return [];
  const required = REQUIRED.flatMap(([name, what, check]) => {
    const value = env[name]?.trim();
    if (!value) return [`${name} is missing: set ${what}.`];
    const problem = check?.(value, root);
    return problem ? [`${name} ${problem}`] : [];
  });
  return [...required, ...checkCreditor(env)];
}

/**
 * Direct debit is optional: without a creditor identifier the portal offers none. With one, it
 * must be valid (its own check digits), and the mandate text needs the creditor's address.
 */
function checkCreditor(env: BuildEnv): string[] {
  const creditorId = env.VITE_SEPA_CREDITOR_ID?.trim();
  if (!creditorId) return [];
  const problem = creditorIdProblem(creditorId);
  return [
    ...(problem ? [`VITE_SEPA_CREDITOR_ID ${problem}`] : []),
    ...(env.VITE_SEPA_CREDITOR_ADDRESS?.trim() ? [] : ['VITE_SEPA_CREDITOR_ADDRESS is missing: set the association\'s postal address for the direct debit mandate (docs/payments.md).']),
  ];
}

function checkHostName(value: string) {
  return /^[a-z0-9.-]+$/i.test(value) ? undefined : `"${value}" must be a host name without scheme or path.`;
}

function checkRecipient(value: string) {
  return value.length <= MAX_RECIPIENT_LENGTH
    ? undefined
    : `has ${value.length} characters; a SEPA QR code allows 1 to ${MAX_RECIPIENT_LENGTH}.`;
}

function checkIban(value: string) {
  const iban = electronicFormatIBAN(value) ?? '';
  if (!isValidIBAN(iban)) return `"${value}" is not a valid IBAN (country, length or check digits).`;
  return iban === DEMO_IBAN ? `"${value}" is the demo account: set the association's own IBAN.` : undefined;
}

function checkBic(value: string) {
  return isValidBIC(value.replace(/\s+/g, '').toUpperCase()) ? undefined : `"${value}" is not a valid BIC (8 or 11 characters).`;
}

function checkHttpsUrl(value: string) {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  return url?.protocol === 'https:' ? undefined : `"${value}" must be an https:// address.`;
}

/** Whether a build is for a local demo project; an unset project id builds the demo. */
export function isDemoProject(env: BuildEnv): boolean {
  return (env.VITE_FIREBASE_PROJECT_ID?.trim() || DEFAULT_PROJECT_ID).startsWith('demo-');
}

/**
 * Defines `__DEMO_PROJECT__` for src/lib/config.ts and fails `vite build` (never the dev server
 * or the tests) when checkBuildConfig finds problems.
 */
export function buildConfigGuard(): Plugin {
  return {
    name: 'family-portal:build-config',
    config(config, { mode }) {
      // A literal the minifier can fold: a production bundle then holds no demo value at all,
      // not even as dead code behind a runtime check of the project id.
      const env = loadEnv(mode, resolve(config.root ?? process.cwd(), config.envDir || '.'), 'VITE_');
      return { define: { __DEMO_PROJECT__: JSON.stringify(isDemoProject(env)) } };
    },
    configResolved(config) {
      if (config.command !== 'build') return;
      // config.env is what the bundle will see: the mode's .env files plus VITE_* of the environment.
      const problems = checkBuildConfig(config.env, config.root);
      if (problems.length === 0) return;
      throw new Error(
        [
          `The web app's settings for project "${config.env.VITE_FIREBASE_PROJECT_ID}" are incomplete (demo defaults apply only to demo-* projects):`,
          ...problems.map((problem) => `  - ${problem}`),
          'Set them in .env.production.local (see .env.example) or in the environment, then build again.',
        ].join('\n'),
      );
    },
  };
}
