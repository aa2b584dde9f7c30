// Lint, part two: what is this project's own, and what oxlint lacks: the import boundaries of
// design.md section 2 (style.md items 1 and 16), written down once as zones; no import cycles;
// no fixed waits in tests; the pure folders' imports. Part one, oxlint (.oxlintrc.json), runs
// ESLint's and typescript-eslint's recommended rules, the type-aware ones included, React hooks
// and accessibility: `npm run lint` runs both (docs/testing.md, "Lint").
import { readdirSync } from 'node:fs';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import local from './tools/lint/noCycle.js';

const root = import.meta.dirname;
const features = readdirSync(`${root}/src/features`, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

/**
 * functions/src/sync, in the order of a run: the school's clock; mapping AppSheet rows to the
 * contract's documents; reading AppSheet; writing Firestore; what spans a family's tables (the
 * member index, plan owners, references); the run itself (engine, tables, lease, log).
 */
const syncFlow = ['time', 'mapping', 'appsheet', 'firestore', 'family', 'run'];

/**
 * A test waits for a condition, never for a fixed time: a pause that is long enough on one machine
 * is too short on a busy one, and the run fails by chance. Polling a condition in a loop with a
 * short pause between looks is waiting for the condition; a pause of 0 yields to the event loop.
 */
const LOOP = ':matches(WhileStatement, ForStatement, DoWhileStatement, ForOfStatement, ForInStatement)';
const fixedWaits = [
  {
    selector: "CallExpression[callee.property.name='waitForTimeout']",
    message: 'Wait for a condition (expect(...).toBeVisible(), expect.poll, waitForResponse), never for a fixed time.',
  },
  {
    selector: `NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout'][arguments.length=2][arguments.0.type='Identifier']:not([arguments.1.value=0]):not(${LOOP} CallExpression)`,
    message: 'A fixed sleep fails by chance on a busy machine: wait for the condition (vi.waitFor, expect.poll, a loop that checks it).',
  },
];

/**
 * functions/src reads one way (docs/architecture.md, "The functions' layers"), top to bottom:
 * index.ts wires; wiring/ starts what spans the features (a sync run with the features' steps);
 * the features, each a folder that imports no other; http/, the edge's tools (tokens, limits,
 * JSON errors); the services notifications/ (e-mail) → push/ (devices) → sync/ (AppSheet and the
 * stores); the leaves config.ts, lib/ and admin.ts. Every other folder is a feature.
 */
const functionsSrc = `${root}/functions/src`;
const functionsBelowFeatures = ['http', 'notifications', 'push', 'sync', 'lib'];
const functionsFeatures = readdirSync(functionsSrc, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !['wiring', ...functionsBelowFeatures].includes(entry.name))
  .map((entry) => `functions/src/${entry.name}`);
const functionsLayers = [
  { name: 'index.ts', paths: ['functions/src/index.ts'] },
  { name: 'wiring/', paths: ['functions/src/wiring'] },
  { name: 'the features', paths: functionsFeatures },
  { name: 'http/', paths: ['functions/src/http'] },
  { name: 'notifications/', paths: ['functions/src/notifications'] },
  { name: 'push/', paths: ['functions/src/push'] },
  { name: 'sync/', paths: ['functions/src/sync'] },
  { name: 'config.ts', paths: ['functions/src/config.ts'] },
  { name: 'lib/ and admin.ts', paths: ['functions/src/lib', 'functions/src/admin.ts'] },
];
const functionsOrder = functionsLayers.map((layer) => layer.name).join(' → ');
/** A folder's modules without their tests (a test may bring together what its subject sees from above). */
const sourcesOf = (path) => (path.endsWith('.ts') ? path : `${path}/**/!(*.test).ts`);

/** Zones of import-x/no-restricted-paths: files under `target` must not import from `from`. */
const boundaries = [
  {
    target: 'src/domain/**/!(*.test).ts',
    from: 'src',
    except: ['./domain'],
    message: 'src/domain is pure: it imports only from src/domain (design.md §2).',
  },
  {
    target: ['src/auth', 'src/components', 'src/data', 'src/api', 'src/domain', 'src/lib', 'src/i18n', 'src/routing'],
    from: ['src/app', 'src/features'],
    message: 'Shared pieces sit below the features and the shell: move what both need down (style.md §1).',
  },
  {
    target: 'src/lib/**/!(*.test).{ts,tsx}',
    from: 'src',
    except: ['./lib', './domain'],
    message: 'src/lib is a leaf: it imports only src/lib and src/domain. Firebase and the calls to the functions live in src/data and src/api (docs/architecture.md).',
  },
  {
    target: 'src/features',
    from: 'src/app',
    message: 'A feature never imports the app shell: move what it needs below the shell (style.md §16).',
  },
  ...features.map((feature) => ({
    target: `src/features/${feature}`,
    from: 'src/features',
    except: [`./${feature}`],
    message: 'Features never import each other: move what two features need into a shared folder (style.md §1).',
  })),
  {
    target: 'src',
    from: 'functions',
    message: 'The client never imports the functions: share code through packages/contract.',
  },
  // Each layer of functions/src imports only from the layers below it.
  ...functionsLayers.slice(1).map((layer, index) => ({
    target: layer.paths.map(sourcesOf),
    from: functionsLayers.slice(0, index + 1).flatMap((above) => above.paths),
    message: `functions/src reads one way (${functionsOrder}): ${layer.name} must not import from a layer above it. Move what both need down, or hand it over from above (docs/architecture.md).`,
  })),
  ...functionsFeatures.map((feature) => ({
    target: sourcesOf(feature),
    from: functionsFeatures.filter((other) => other !== feature),
    message: 'A feature of functions/src never imports another feature: move what two features need down into a service or lib/, or wire them in wiring/ (docs/architecture.md).',
  })),
  // The sync's folders in the order of its flow: each imports only from the folders before it.
  ...syncFlow.slice(0, -1).map((folder, index) => ({
    target: `functions/src/sync/${folder}`,
    from: syncFlow.slice(index + 1).map((later) => `functions/src/sync/${later}`),
    message: `functions/src/sync/${folder} comes before ${syncFlow.slice(index + 1).join(', ')} in the sync's flow (${syncFlow.join(' → ')}): it must not import them.`,
  })),
  {
    target: 'packages/contract',
    from: ['src', 'functions', 'tools', 'tests'],
    message: 'packages/contract imports only zod, ibantools, sepa and transliteration.',
  },
];

export default defineConfig([
  globalIgnores(['**/node_modules/', '**/dist/', 'functions/lib/', '.cache/', '.data/', 'coverage/', 'test-results/', 'playwright-report/', 'public/']),
  {
    // No type information: the rules that need it run in oxlint (.oxlintrc.json). TypeScript's
    // parser reads the syntax, which is all the rules below look at.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, local },
    languageOptions: { parser: tseslint.parser },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.js', '.json'] })],
      // import-x reads the imported modules too: TypeScript ones with TypeScript's parser (local/no-cycle with its own wrapper of it).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaries }],
      // No import cycles, type-only imports included (tools/lint/noCycle.js): settings and types sit
      // below the modules that use them. No package in node_modules imports this repository's
      // modules, so no cycle runs through one: the rule does not follow imports into them.
      'local/no-cycle': ['error', { ignoreExternal: true }],
      // In ESLint's recommended set, not yet in oxlint's stable rules.
      'no-useless-assignment': 'error',
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/*.spec.ts', 'tests/**', 'src/test/**'],
    rules: { 'no-restricted-syntax': ['error', ...fixedWaits] },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(react|firebase)([-/]|$)|^@firebase/', message: 'src/domain is pure: no React, no Firebase.' }] }],
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      // ibantools: the EPC payload's IBAN and BIC rules (epc.ts), shared by the payment block and the e-mails.
      // sepa: the creditor identifier's check digits (creditor.ts); transliteration: the Latin form
      // of a name for the bank (sepaName.ts). Each in a module of its own, so a page loads it only when it needs it.
      // (Here and not in oxlint: its regular expressions have no look-ahead.)
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod(/|$)|ibantools$|sepa$|transliteration$|\\.\\.?/)', message: 'packages/contract imports only zod, ibantools, sepa and transliteration.' }] },
      ],
    },
  },
  {
    // The few JavaScript files (configs, the lint rule, the emulator preloads): oxlint runs
    // ESLint's recommended set on them but for no-undef, among its rules in development.
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { 'no-undef': 'error', 'no-useless-assignment': 'error' },
  },
]);
