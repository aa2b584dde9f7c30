/**
 * Build-time configuration of the web app (Vite `VITE_*` variables). Nothing here is secret:
 * every value ends up in the browser bundle. A `demo-*` project id means the local emulators.
 */
import { endpointsOf, functionsBaseUrlOf } from './endpoints';

const env = import.meta.env;

/** Set at build time by tools/buildConfig.ts from the same rule: a `demo-*` (or unset) project id. */
declare const __DEMO_PROJECT__: boolean;

const usesDemoProject = __DEMO_PROJECT__;
const endpoints = endpointsOf(env, usesDemoProject);
const { projectId } = endpoints;

/**
 * Stand-ins for the local demo only. A real project gets exactly what it configured: an unset
 * IBAN must never become the demo account on a parent's QR code (tools/buildConfig.ts makes
 * such a build fail instead).
 */
const demo = usesDemoProject
  ? {
      apiKey: 'demo-api-key',
      authDomain: `${projectId}.firebaseapp.com`,
      recipientName: 'Schulverein Lindenhof e.V.',
      iban: 'DE89370400440532013000',
      bic: 'COBADEFFXXX',
      // The Bundesbank's test creditor identifier: valid check digits, nobody's.
      creditorId: 'DE98ZZZ09999999999',
      creditorAddress: 'Lindenstraße 1, 12345 Musterstadt',
      schoolContactUrl: 'https://example.org/kontakt',
    }
  : undefined;

export const appConfig = {
  firebase: {
    apiKey: env.VITE_FIREBASE_API_KEY || demo?.apiKey || '',
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN || demo?.authDomain || '',
    projectId,
    appId: env.VITE_FIREBASE_APP_ID || undefined,
  },
  useEmulators: endpoints.useEmulators,
  emulatorHost: endpoints.emulatorHost,
  functionsRegion: endpoints.functionsRegion,
  /** The association's account for SEPA transfers (public payment details, not secrets). */
  sepa: {
    recipientName: env.VITE_SEPA_RECIPIENT || demo?.recipientName || '',
    iban: env.VITE_SEPA_IBAN || demo?.iban || '',
    bic: env.VITE_SEPA_BIC || demo?.bic || '',
  },
  /**
   * The association as the creditor of direct debits (docs/payments.md); no identifier: the
   * portal offers no direct debit. tools/buildConfig.ts refuses a wrong one.
   */
  creditor: {
    id: env.VITE_SEPA_CREDITOR_ID || demo?.creditorId || '',
    address: env.VITE_SEPA_CREDITOR_ADDRESS || demo?.creditorAddress || '',
  },
  /**
   * The school's IANA time zone: instants (a cancellation request, a sync run) are shown on the
   * school's clock, whatever the device's zone. Keep it equal to the functions' SCHOOL_TIME_ZONE.
   */
  schoolTimeZone: env.VITE_SCHOOL_TIME_ZONE || 'Europe/Berlin',
  /** The school's public contact page, linked from the 'not a member' box. */
  schoolContactUrl: env.VITE_SCHOOL_CONTACT_URL || demo?.schoolContactUrl || '',
} as const;

/** Base URL of the HTTP Cloud Functions (emulator or production); the build's CSP allows exactly its origin. */
export function functionsBaseUrl(): string {
  return functionsBaseUrlOf(endpoints);
}
