/**
 * Checks of the web app's build settings (VITE_*): pure functions from settings to findings, so
 * that every rule is unit-tested without a Firebase project.
 */
import { extractBIC, electronicFormatIBAN, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';
import { REGION, schoolTimeZoneParam } from '../../functions/src/config';
import { assertTimeZone, DEFAULT_SCHOOL_TIME_ZONE } from '../../functions/src/lib/timeZone';
import { creditorIdProblem } from '@family-portal/contract/creditor';
import { checkLegalSetting } from '../legalPages';
import { error, parseUrl, warning, type Env, type Finding } from './findings';

/** Values from .env.example and the demo defaults of src/lib/config.ts: set, but not the school's. */
const PLACEHOLDERS: Readonly<Record<string, readonly string[]>> = {
  VITE_FIREBASE_API_KEY: ['your-web-api-key', 'demo-api-key'],
  VITE_FIREBASE_APP_ID: ['1:000000000000:web:0000000000000000'],
  VITE_SEPA_RECIPIENT: ['Your Association e.V.', 'Schulverein Lindenhof e.V.'],
  VITE_SEPA_IBAN: ['DE00000000000000000000', 'DE89370400440532013000'],
  VITE_SEPA_BIC: ['XXXXDEXXXXX', 'COBADEFFXXX'],
};

/** The web settings without a production default, and where to find each. */
const REQUIRED_WEB_SETTINGS: Readonly<Record<string, string>> = {
  VITE_FIREBASE_API_KEY: 'Firebase console → Project settings → Your apps → the web app',
  VITE_FIREBASE_AUTH_DOMAIN: 'Firebase console → Project settings → Your apps → the web app',
  VITE_FIREBASE_PROJECT_ID: 'the project id',
  VITE_FIREBASE_APP_ID: 'Firebase console → Project settings → Your apps → the web app',
  VITE_SEPA_RECIPIENT: "the account holder's name, as the bank knows it",
  VITE_SEPA_IBAN: "the association's account for parents' transfers",
  VITE_SEPA_BIC: "the BIC of the association's bank",
  VITE_SCHOOL_CONTACT_URL: "the school's public contact page, https://…",
  VITE_IMPRINT_MARKDOWN: "the association's imprint, one Markdown file per language, e.g. legal/imprint.{lng}.md",
  VITE_PRIVACY_MARKDOWN: "the association's privacy notice, one Markdown file per language (docs/privacy-template.md)",
};

/** The Bundesbank's test creditor identifier, which the demo uses: valid, and never the school's. */
const DEMO_CREDITOR_ID = 'DE98ZZZ09999999999';

/** EPC069-12 limits the recipient name of a SEPA QR code to 70 characters. */
const MAX_RECIPIENT_LENGTH = 70;

const isExampleHost = (host: string) => /(^|\.)example\.(com|org|net)$/.test(host);

/** One web setting's value → what is wrong with it, if anything. */
function checkWebValue(name: string, value: string, projectId: string): Finding[] {
  if (PLACEHOLDERS[name]?.includes(value)) return [error(name, `"${value}" is the example or demo value: set the school's own`)];
  switch (name) {
    case 'VITE_FIREBASE_PROJECT_ID':
      return value === projectId ? [] : [error(name, `is "${value}", not "${projectId}": the app would talk to another project`)];
    case 'VITE_FIREBASE_API_KEY':
      return /^AIza[\w-]{35}$/.test(value)
        ? []
        : [warning(name, 'does not look like a Firebase Web API key (AIza…, 39 characters): copy it from Project settings → Your apps')];
    case 'VITE_FIREBASE_AUTH_DOMAIN':
      if (/[/:]/.test(value)) return [error(name, `must be a host name without scheme or path, e.g. ${projectId}.firebaseapp.com`)];
      return [`${projectId}.firebaseapp.com`, `${projectId}.web.app`].includes(value)
        ? []
        : [warning(name, `is not ${projectId}.firebaseapp.com: fine only for a custom domain that this project's Hosting serves`)];
    case 'VITE_FIREBASE_APP_ID':
      return /^1:\d+:web:[0-9a-f]+$/.test(value) ? [] : [warning(name, 'does not look like a web app id (1:<number>:web:<hex>)')];
    case 'VITE_SEPA_RECIPIENT':
      return value.trim().length <= MAX_RECIPIENT_LENGTH
        ? []
        : [error(name, `has ${value.trim().length} characters; a SEPA QR code allows ${MAX_RECIPIENT_LENGTH}`)];
    case 'VITE_SEPA_IBAN': {
      const iban = electronicFormatIBAN(value) ?? '';
      if (!isValidIBAN(iban)) return [error(name, `"${value}" is not a valid IBAN (length, format or check digits)`)];
      return isSEPACountry(iban.slice(0, 2)) ? [] : [error(name, `${iban.slice(0, 2)} is not a SEPA country: no SEPA transfer can reach it`)];
    }
    case 'VITE_SEPA_CREDITOR_ID': {
      if (value.replace(/\s+/g, '').toUpperCase() === DEMO_CREDITOR_ID) return [error(name, `"${value}" is the Bundesbank's test identifier: set the association's own`)];
      const problem = creditorIdProblem(value);
      return problem ? [error(name, problem)] : [];
    }
    case 'VITE_SEPA_BIC':
      return isValidBIC(value.replace(/\s+/g, '').toUpperCase()) ? [] : [error(name, `"${value}" is not a valid BIC (8 or 11 characters)`)];
    case 'VITE_SCHOOL_CONTACT_URL': {
      const url = parseUrl(value);
      if (!url || url.protocol !== 'https:') return [error(name, `"${value}" must be an https:// address`)];
      return isExampleHost(url.hostname) ? [error(name, `"${value}" is an example address: link the school's contact page`)] : [];
    }
    case 'VITE_IMPRINT_MARKDOWN':
    case 'VITE_PRIVACY_MARKDOWN': {
      if (value.startsWith('legal/demo/')) return [error(name, `"${value}" names the demo texts: set the association's own`)];
      const problem = checkLegalSetting(value, process.cwd());
      return problem ? [error(name, problem)] : [];
    }
    case 'VITE_USE_EMULATORS':
      return value === 'true' ? [error(name, 'is true: the production app would talk to local emulators; remove it')] : [];
    case 'VITE_FUNCTIONS_REGION':
      return value === REGION ? [] : [error(name, `is "${value}", but the functions run in ${REGION} (functions/src/config.ts)`)];
    case 'VITE_FUNCTIONS_BASE_URL':
      return parseUrl(value)?.protocol === 'https:' ? [] : [error(name, `"${value}" must be an https:// address`)];
    default:
      return [];
  }
}

/** The web app's build settings (VITE_*), as Vite loads them for a production build. */
export function checkWebSettings(env: Env, projectId: string): Finding[] {
  const missing = Object.entries(REQUIRED_WEB_SETTINGS)
    .filter(([name]) => !env[name]?.trim())
    .map(([name, where]) => error(name, `is missing (${where})`));
  const invalid = Object.entries(env).flatMap(([name, value]) => (value?.trim() ? checkWebValue(name, value.trim(), projectId) : []));
  return [...missing, ...invalid, ...checkBicMatchesIban(env)];
}

function checkBicMatchesIban(env: Env): Finding[] {
  const iban = electronicFormatIBAN(env.VITE_SEPA_IBAN ?? '') ?? '';
  const bic = (env.VITE_SEPA_BIC ?? '').replace(/\s+/g, '').toUpperCase();
  if (!isValidIBAN(iban) || !isValidBIC(bic)) return [];
  const bicCountry = extractBIC(bic).countryCode;
  return bicCountry === iban.slice(0, 2)
    ? []
    : [warning('VITE_SEPA_BIC', `is a bank in ${bicCountry}, the IBAN an account in ${iban.slice(0, 2)}: check both belong to the same account`)];
}

/** Dates on the web and in the functions must be on one clock; both default to the same zone. */
export function checkTimeZonesAgree(web: Env, functions: Env): Finding[] {
  const webZone = web.VITE_SCHOOL_TIME_ZONE?.trim() || DEFAULT_SCHOOL_TIME_ZONE;
  const functionsZone = functions[schoolTimeZoneParam.name]?.trim() || DEFAULT_SCHOOL_TIME_ZONE;
  try {
    assertTimeZone(webZone);
  } catch {
    return [error('VITE_SCHOOL_TIME_ZONE', `"${webZone}" is not an IANA time zone name such as Europe/Berlin`)];
  }
  return webZone === functionsZone
    ? []
    : [error('VITE_SCHOOL_TIME_ZONE', `is ${webZone}, the functions' SCHOOL_TIME_ZONE ${functionsZone}: the app would show other dates than the sync writes`)];
}

/**
 * Direct debit needs one creditor identifier: the web app shows it in the mandate text, the
 * functions put it in the confirmation e-mails (docs/payments.md). One without the other, or two
 * different ones, would tell parents one creditor and the bank another.
 */
export function checkCreditorIdsAgree(web: Env, functions: Env): Finding[] {
  const normal = (value: string | undefined) => (value ?? '').replace(/\s+/g, '').toUpperCase();
  const webId = normal(web.VITE_SEPA_CREDITOR_ID);
  const functionsId = normal(functions.SEPA_CREDITOR_ID);
  if (webId === functionsId) return [];
  if (!functionsId) return [error('VITE_SEPA_CREDITOR_ID', `is ${webId}, but the functions have no SEPA_CREDITOR_ID: no mandate could be given`)];
  if (!webId) return [warning('VITE_SEPA_CREDITOR_ID', `is unset, the functions' SEPA_CREDITOR_ID ${functionsId}: the portal offers no direct debit`)];
  return [error('VITE_SEPA_CREDITOR_ID', `is ${webId}, the functions' SEPA_CREDITOR_ID ${functionsId}: parents would be told two creditors`)];
}
