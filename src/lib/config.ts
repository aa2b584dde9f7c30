/**
 * Build-time configuration of the web app (Vite `VITE_*` variables). Nothing here is secret:
 * every value ends up in the browser bundle. A `demo-*` project id means the local emulators.
 */
const env = import.meta.env;

const projectId = env.VITE_FIREBASE_PROJECT_ID || 'demo-family-portal';
const usesDemoProject = projectId.startsWith('demo-');

export const appConfig = {
  firebase: {
    apiKey: env.VITE_FIREBASE_API_KEY || 'demo-api-key',
    authDomain: env.VITE_FIREBASE_AUTH_DOMAIN || `${projectId}.firebaseapp.com`,
    projectId,
    appId: env.VITE_FIREBASE_APP_ID || undefined,
  },
  /** Emulators are used for demo projects unless explicitly turned off, and when asked for. */
  useEmulators: env.VITE_USE_EMULATORS ? env.VITE_USE_EMULATORS === 'true' : usesDemoProject,
  emulatorHost: env.VITE_EMULATOR_HOST || '127.0.0.1',
  functionsRegion: env.VITE_FUNCTIONS_REGION || 'europe-west1',
  /** The association's account for SEPA transfers (public payment details, not secrets). */
  sepa: {
    recipientName: env.VITE_SEPA_RECIPIENT || 'Schulverein Lindenhof e.V.',
    iban: env.VITE_SEPA_IBAN || 'DE89370400440532013000',
    bic: env.VITE_SEPA_BIC || 'COBADEFFXXX',
  },
  /**
   * The school's IANA time zone: instants (a cancellation request, a sync run) are shown on the
   * school's clock, whatever the device's zone. Keep it equal to the functions' SCHOOL_TIME_ZONE.
   */
  schoolTimeZone: env.VITE_SCHOOL_TIME_ZONE || 'Europe/Berlin',
  /** The school's public contact page, linked from the 'not a member' box. */
  schoolContactUrl: env.VITE_SCHOOL_CONTACT_URL || 'https://example.org/kontakt',
} as const;

/** Base URL of the HTTP Cloud Functions (emulator or production). */
export function functionsBaseUrl(): string {
  if (env.VITE_FUNCTIONS_BASE_URL) return env.VITE_FUNCTIONS_BASE_URL.replace(/\/$/, '');
  const { projectId: id } = appConfig.firebase;
  return appConfig.useEmulators
    ? `http://${appConfig.emulatorHost}:5001/${id}/${appConfig.functionsRegion}`
    : `https://${appConfig.functionsRegion}-${id}.cloudfunctions.net`;
}
