import { defineConfig } from 'vitest/config';

// Suites that talk to the Firebase emulators and the AppSheet demo server. They run inside
// one `firebase emulators:exec` session (tools/test.sh) and share one Firestore, so files
// run one after another.
export default defineConfig({
  test: {
    include: ['tests/rules/**/*.test.ts', 'tests/functions/**/*.test.ts'],
    globalSetup: ['tests/support/globalSetup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
