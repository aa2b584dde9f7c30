/**
 * The Auth e-mail templates' action URL must be the portal's own `/auth/action`: Firebase's
 * default handler (`https://<project>.firebaseapp.com/__/auth/action`) verifies an address for
 * whoever opens the link, which lets an account made with a member's address be verified by the
 * member's click while a squatter holds the password (docs/accounts-and-access.md). The deploy
 * cannot set it; the doctor reads it from the project's Auth configuration and fails without it.
 */
import { createRequire } from 'node:module';
import { error, parseUrl, type Finding } from './findings';

export const ACTION_PATH = '/auth/action';
const SETTING = 'Auth e-mail action URL';

/** What the project's Auth configuration says, or why it could not be read. */
export type ActionUrlLookup = { kind: 'found'; callbackUri: string | null } | { kind: 'unchecked'; reason: string };

/** Compares the configured action URL with the app's origins (APP_ORIGINS). Pure. */
export function checkActionUrl(lookup: ActionUrlLookup, appOrigins: readonly string[]): Finding[] {
  const wanted = appOrigins.map((origin) => `${origin.replace(/\/$/, '')}${ACTION_PATH}`);
  const setIt = `set it in the Firebase console, Authentication → Templates → edit a template → Customize action URL, to ${wanted[0] ?? `https://<your domain>${ACTION_PATH}`}`;
  if (lookup.kind === 'unchecked') return [error(SETTING, `could not be read (${lookup.reason}); check it by hand: ${setIt}`)];
  const configured = lookup.callbackUri ? parseUrl(lookup.callbackUri) : null;
  if (!configured || configured.pathname === '/__/auth/action') {
    return [error(SETTING, `is Firebase's default handler, which verifies an address for whoever opens the link: ${setIt}`)];
  }
  const served = `${configured.origin}${configured.pathname.replace(/\/$/, '')}`;
  if (!wanted.includes(served)) {
    return [error(SETTING, `is ${lookup.callbackUri}, not the portal's ${ACTION_PATH} on one of APP_ORIGINS: ${setIt}`)];
  }
  return [];
}

interface AuthConfig {
  notification?: { sendEmail?: { callbackUri?: string } };
}

const require = createRequire(import.meta.url);

/**
 * Reads the project's Auth configuration (Identity Toolkit admin API, read only) with the signed-in
 * firebase CLI's credentials, through its own API client as pinned in package-lock.json.
 */
export async function lookUpActionUrl(projectId: string): Promise<ActionUrlLookup> {
  try {
    const { requireAuth } = require('firebase-tools/lib/requireAuth') as { requireAuth: (options: object) => Promise<unknown> };
    const { Client } = require('firebase-tools/lib/apiv2') as { Client: new (options: object) => { get: <T>(path: string, options?: object) => Promise<{ body: T }> } };
    const { identityOrigin } = require('firebase-tools/lib/api') as { identityOrigin: () => string };
    await requireAuth({ project: projectId, nonInteractive: true });
    const client = new Client({ urlPrefix: identityOrigin(), auth: true });
    const { body } = await client.get<AuthConfig>(`/admin/v2/projects/${projectId}/config`, { headers: { 'x-goog-user-project': projectId } });
    return { kind: 'found', callbackUri: body.notification?.sendEmail?.callbackUri ?? null };
  } catch (failure) {
    return { kind: 'unchecked', reason: (failure as Error).message.split('\n')[0] ?? 'the firebase CLI could not tell' };
  }
}
