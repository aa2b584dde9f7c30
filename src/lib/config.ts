/**
 * Build-time configuration of the web app (Vite `VITE_*` variables). Nothing here is secret:
 * every value ends up in the browser bundle. A `demo-*` project id means the local emulators.
 */
const env = import.meta.env;

/** Set at build time by tools/buildConfig.ts from the same rule: a `demo-*` (or unset) project id. */
declare const __DEMO_PROJECT__: boolean;

const projectId = env.VITE_FIREBASE_PROJECT_ID || 'demo-family-portal';
const usesDemoProject = __DEMO_PROJECT__;

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
  /** Emulators are used for demo projects unless explicitly turned off, and when asked for. */
  useEmulators: env.VITE_USE_EMULATORS ? env.VITE_USE_EMULATORS === 'true' : usesDemoProject,
  emulatorHost: env.VITE_EMULATOR_HOST || '127.0.0.1',
  functionsRegion: env.VITE_FUNCTIONS_REGION || 'europe-west1',
  /** The association's account for SEPA transfers (public payment details, not secrets). */
  sepa: {
    recipientName: env.VITE_SEPA_RECIPIENT || demo?.recipientName || '',
    iban: env.VITE_SEPA_IBAN || demo?.iban || '',
    bic: env.VITE_SEPA_BIC || demo?.bic || '',
  },
  /**
   * The school's IANA time zone: instants (a cancellation request, a sync run) are shown on the
   * school's clock, whatever the device's zone. Keep it equal to the functions' SCHOOL_TIME_ZONE.
   */
  schoolTimeZone: env.VITE_SCHOOL_TIME_ZONE || 'Europe/Berlin',
  /** The school's public contact page, linked from the 'not a member' box. */
  schoolContactUrl: env.VITE_SCHOOL_CONTACT_URL || demo?.schoolContactUrl || '',
} as const;

/** Base URL of the HTTP Cloud Functions (emulator or production). */
export function functionsBaseUrl(): string {
  if (env.VITE_FUNCTIONS_BASE_URL) return env.VITE_FUNCTIONS_BASE_URL.replace(/\/$/, '');
  const { projectId: id } = appConfig.firebase;
  return appConfig.useEmulators
    ? `http://${appConfig.emulatorHost}:5001/${id}/${appConfig.functionsRegion}`
    : `https://${appConfig.functionsRegion}-${id}.cloudfunctions.net`;
}
