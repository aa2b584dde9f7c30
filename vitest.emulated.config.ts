import { defineConfig } from 'vitest/config';
import { splitByIsolation } from './tools/lib/unitIsolation.ts';

// Suites that talk to the Firebase emulators and the AppSheet demo server. They run inside
// one `firebase emulators:exec` session (tools/test.sh) and share one Firestore, so files
// run one after another. As the unit tests do, files that leave nothing behind share their
// worker's modules (the Admin SDK, the functions' code, Vitest's own), loaded once instead of
// once per file; the others get their own (tools/lib/unitIsolation.ts).
const files = splitByIsolation(['tests/rules/**/*.test.ts', 'tests/functions/**/*.test.ts'], import.meta.dirname);

export default defineConfig({
  test: {
    globalSetup: ['tests/support/globalSetup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'shared', include: files.shared, isolate: false } },
      { extends: true, test: { name: 'isolated', include: [...files.context, ...files.process] } },
    ],
  },
});
