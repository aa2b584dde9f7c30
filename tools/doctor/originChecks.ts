/**
 * APP_ORIGINS against every address that serves the app: Hosting serves each site under
 * `<site>.web.app` and `<site>.firebaseapp.com` and under each custom domain, and a call from an
 * origin the functions do not list fails on CORS. The project's own sites and domains are known
 * only when the firebase CLI is signed in; otherwise the project id's two default names stand in.
 */
import { error, warning, type Finding } from './findings';

export type ServedLookup =
  /** Every host name the project's Hosting sites answer to. */
  | { kind: 'found'; hosts: string[] }
  | { kind: 'unchecked'; reason: string };

const SETTING = 'APP_ORIGINS';

/** The origins a browser sends from pages of these hosts. */
const originsOf = (hosts: readonly string[]) => hosts.map((host) => `https://${host}`);

export function checkServedOrigins(appOrigins: readonly string[], projectId: string, lookup: ServedLookup): Finding[] {
  const listed = new Set(appOrigins);
  if (lookup.kind === 'unchecked') {
    const defaults = originsOf([`${projectId}.web.app`, `${projectId}.firebaseapp.com`]);
    return [
      ...defaults.filter((origin) => !listed.has(origin)).map((origin) => warning(SETTING, `lacks ${origin}, where Hosting also serves the app: a page opened there cannot call the functions`)),
      warning(
        'Hosting sites',
        `not checked (${lookup.reason}): the default site may have another name than the project, and custom domains are origins too; ` +
          `sign in (npx firebase login) and run the doctor again, or compare with Hosting in the Firebase console`,
      ),
    ];
  }
  const served = originsOf(lookup.hosts);
  const findings = served
    .filter((origin) => !listed.has(origin))
    .map((origin) => warning(SETTING, `lacks ${origin}, which serves the app: a page opened there cannot call the functions`));
  const servedSet = new Set(served);
  for (const origin of appOrigins) {
    if (origin.startsWith('https://') && !servedSet.has(origin)) {
      findings.push(warning(SETTING, `${origin} is not one of this project's Hosting sites or domains (${lookup.hosts.join(', ')})`));
    }
  }
  if (!appOrigins.some((origin) => servedSet.has(origin))) {
    findings.push(error(SETTING, `names none of the addresses that serve the app (${served.join(', ')}): every call would fail on CORS`));
  }
  return findings;
}
