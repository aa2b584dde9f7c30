/**
 * Where the web app's servers are, from its build-time settings (Vite `VITE_*` variables) and
 * their defaults. The app calls them (lib/config.ts), and its build's Content-Security-Policy
 * allows exactly them (tools/hostingConfig.ts): both read this file, so the policy cannot
 * drift from what the app calls.
 */
export type EndpointSettings = Pick<
  ImportMetaEnv,
  'VITE_FIREBASE_PROJECT_ID' | 'VITE_FUNCTIONS_REGION' | 'VITE_FUNCTIONS_BASE_URL' | 'VITE_USE_EMULATORS' | 'VITE_EMULATOR_HOST'
>;

/** The emulators' ports, as in firebase.json's `emulators` and data/firebase.ts. */
export const EMULATOR_PORTS = { auth: 9099, firestore: 8080, functions: 5001 } as const;

export interface Endpoints {
  projectId: string;
  functionsRegion: string;
  /** An explicit base URL of the functions (VITE_FUNCTIONS_BASE_URL), which wins. */
  functionsBaseUrl?: string;
  useEmulators: boolean;
  emulatorHost: string;
}

/** `demoProject` is the build's `__DEMO_PROJECT__` (tools/buildConfig.ts: a `demo-*` or unset project id). */
export function endpointsOf(env: EndpointSettings, demoProject: boolean): Endpoints {
  return {
    projectId: env.VITE_FIREBASE_PROJECT_ID || 'demo-family-portal',
    functionsRegion: env.VITE_FUNCTIONS_REGION || 'europe-west1',
    functionsBaseUrl: env.VITE_FUNCTIONS_BASE_URL || undefined,
    // Emulators are used for demo projects unless explicitly turned off, and when asked for.
    useEmulators: env.VITE_USE_EMULATORS ? env.VITE_USE_EMULATORS === 'true' : demoProject,
    emulatorHost: env.VITE_EMULATOR_HOST || '127.0.0.1',
  };
}

/** Base URL of the HTTP Cloud Functions: the explicit one, the emulator, or the project's own in its region. */
export function functionsBaseUrlOf({ projectId, functionsRegion, functionsBaseUrl, useEmulators, emulatorHost }: Endpoints): string {
  if (functionsBaseUrl) return functionsBaseUrl.replace(/\/$/, '');
  return useEmulators
    ? `http://${emulatorHost}:${EMULATOR_PORTS.functions}/${projectId}/${functionsRegion}`
    : `https://${functionsRegion}-${projectId}.cloudfunctions.net`;
}
