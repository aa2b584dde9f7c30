// The repository's lint configuration keeps functions/src one way (eslint.config.js, functionsLayers), and src/lib a leaf:
// a module planted in each layer (or lint's view of config.ts with another text) that imports from above it, or from another feature, is refused.
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({
    cwd: root,
    ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
  });
  // The first lint loads the configuration and its plugins: seconds on a busy machine.
  await eslint.lintText('', { filePath: join(root, 'functions/src/lib/planted.ts') });
}, 60_000);

/** The messages lint gives a module at `path` (it need not exist) that imports `from`. */
async function refusals(path: string, from: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import * as planted from '${from}';\nexport default planted;\n`, { filePath: join(root, path) });
  return result!.messages.map((message) => message.message);
}

describe('the layers of functions/src and of src/lib', () => {
  it.each([
    ['a service importing a feature', 'functions/src/sync/run/planted.ts', '../../booking/holds', /sync\/ must not import from a layer above it/],
    ['mail importing a feature', 'functions/src/notifications/planted.ts', '../notices/noticeRecord', /notifications\/ must not import from a layer above it/],
    ['push importing mail', 'functions/src/push/planted.ts', '../notifications/mailBody', /push\/ must not import from a layer above it/],
    ['the settings importing the sync', 'functions/src/config.ts', './sync/appsheet/appsheetClient', /config.ts must not import from a layer above it/],
    ['a leaf importing the settings', 'functions/src/lib/planted.ts', '../config', /lib\/ and admin.ts must not import from a layer above it/],
    ['the edge importing a feature', 'functions/src/http/planted.ts', '../members/memberWrites', /http\/ must not import from a layer above it/],
    ['a feature importing the wiring', 'functions/src/booking/planted.ts', '../wiring/syncRuns', /the features must not import from a layer above it/],
    ['a feature importing another', 'functions/src/notices/planted.ts', '../booking/holds', /never imports another feature/],
    ["the web app's leaf importing Firebase's start", 'src/lib/planted.ts', '../data/firebase', /src\/lib is a leaf/],
    ["the web app's leaf importing the calls", 'src/lib/planted.ts', '../api/pushSubscription', /src\/lib is a leaf/],
  ])('refuses %s', async (_case, path, from, message) => {
    expect(await refusals(path, from)).toEqual([expect.stringMatching(message)]);
  });

  it.each([
    ['a feature importing a service and the edge', 'functions/src/booking/planted.ts', '../sync/appsheet/appsheetClient'],
    ['mail importing push', 'functions/src/notifications/planted.ts', '../push/pushTexts'],
    ['the wiring importing a feature', 'functions/src/wiring/planted.ts', '../booking/syncSteps'],
    ['a feature test importing another feature', 'functions/src/notices/planted.test.ts', '../booking/holds'],
    ["the web app's calls using Firebase's start", 'src/api/planted.ts', '../data/firebase'],
  ])('lets %s be', async (_case, path, from) => {
    expect(await refusals(path, from)).toEqual([]);
  });
});
