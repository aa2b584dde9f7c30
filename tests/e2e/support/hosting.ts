/** The production build that tests/e2e/hosting.spec.ts loads, served by tools/serveDist.ts. */
export const HOSTING_PORT = 4173;
export const HOSTING_ORIGIN = `http://127.0.0.1:${HOSTING_PORT}`;
/** Outside dist/, so that the test never overwrites what a developer is about to deploy. */
export const HOSTING_DIST = '.cache/hosting-dist';
/**
 * The demo build talks to the emulators; the test server adds them to the CSP's connect-src
 * (the only change to firebase.json's policy). Production's policy never names 127.0.0.1.
 */
export const EMULATOR_ORIGINS = 'http://127.0.0.1:9099 http://127.0.0.1:8080 http://127.0.0.1:5001';
