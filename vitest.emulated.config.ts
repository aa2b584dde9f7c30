import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import { splitByIsolation } from './tools/lib/unitIsolation.ts';

// Suites that talk to the Firebase emulators and the AppSheet demo server. They run inside
// one `firebase emulators:exec` session (tools/test.sh) and share one Firestore, so files run one
// after another. As the unit tests do, files that leave nothing behind share their worker's
// modules (the Admin SDK, the functions' code, Vitest's own), loaded once instead of once per
// file; the others get their own (tools/lib/unitIsolation.ts).
//
// The rules matrices and the files that run the sync in the test keep to a project of their own
// on the same emulators (APART_PROJECT_ID, tools/lib/stack.ts). npm test runs them in a Vitest
// process of their own (`--project apart`) beside the others: the lane's worker mostly waits on
// the emulators, and a second one uses that time. One Vitest process runs its projects' files one
// after another.
const APART = [
  'tests/rules/access.test.ts',
  'tests/rules/notices.test.ts',
  // Syncs run in the test itself, against AppSheet demo servers of their own.
  'tests/functions/faultMatrix.test.ts',
  'tests/functions/syncEngine.test.ts',
  'tests/functions/syncSafety.test.ts',
  'tests/functions/bookingSync.test.ts',
  'tests/functions/memberReferences.test.ts',
  'tests/functions/memberIndex.test.ts',
];
const files = splitByIsolation(['tests/rules/**/*.test.ts', 'tests/functions/**/*.test.ts'], import.meta.dirname);
const changing = APART.filter((file) => !files.shared.includes(file));
if (changing.length > 0) throw new Error(`${changing.join(', ')} change what their worker shares, and cannot share a worker in the project apart`);
// A file apart that used the stack's project would clear the other files' documents under them.
const elsewhere = APART.filter((file) => !/APART_PROJECT_ID|rulesEnvironment\(/.test(readFileSync(join(import.meta.dirname, file), 'utf8')));
if (elsewhere.length > 0) throw new Error(`${elsewhere.join(', ')} must use APART_PROJECT_ID (tools/lib/stack.ts) to run in the project apart`);
const notApart = (list: string[]) => list.filter((file) => !APART.includes(file));

export default defineConfig({
  test: {
    // The AppSheet demo server the emulated functions call; not for the project apart alone.
    globalSetup: ['tests/support/globalSetup.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'shared', include: notApart(files.shared), isolate: false } },
      { extends: true, test: { name: 'apart', include: APART, isolate: false } },
      { extends: true, test: { name: 'isolated', include: notApart([...files.context, ...files.process]) } },
    ],
  },
});
