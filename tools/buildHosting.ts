/**
 * The production build that every browser test loads (tests/e2e/support/hosting.ts): for the
 * demo project's emulators, whose ports the app knows (src/lib/endpoints.ts), and this process's
 * stack's local push service.
 *
 *   tsx tools/buildHosting.ts
 *
 * Playwright's web server runs it before serving the build. `npm test` runs it while the functions
 * build, before the lanes start (tools/test.sh), and tells Playwright so with HOSTING_BUILT=1: the
 * browser lane is the run's long pole, and the build was 8–10 s of its start.
 */
import { spawnSync } from 'node:child_process';
import { HOSTING_DIST } from '../tests/e2e/support/hosting.ts';
import { PORTS, ROOT } from './lib/stack.ts';

const build = spawnSync('node_modules/.bin/vite', ['build', '--logLevel', 'warn', '--manifest', '--outDir', HOSTING_DIST, '--emptyOutDir'], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, VITE_USE_EMULATORS: 'true', VITE_FIREBASE_PROJECT_ID: 'demo-family-portal', VITE_PUSH_SERVICE_URL: `http://127.0.0.1:${PORTS.push}` },
});
process.exit(build.status ?? 1);
