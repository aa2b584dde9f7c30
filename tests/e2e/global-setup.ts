/**
 * The browser tests run against the same stack as `npm start`: the emulators (from
 * `firebase emulators:exec`), the AppSheet demo server and Vite (Playwright's webServer), and
 * here the demo accounts and a full sync through the real sync code.
 */
import { execFileSync } from 'node:child_process';

export default function globalSetup() {
  execFileSync(process.execPath, ['--import', 'tsx', 'tools/seed.ts'], { stdio: 'inherit' });
}
