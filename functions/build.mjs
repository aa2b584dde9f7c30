/**
 * Bundles the functions into lib/index.js. The contract they share with the web app
 * (packages/contract) is a workspace package that Cloud Build cannot install, so it is bundled
 * in; the packages in package.json's dependencies stay external and are installed at deploy.
 */
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';

const { dependencies } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

rmSync(new URL('./lib', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: ['src/index.ts'],
  outfile: 'lib/index.js',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  // A package and its subpaths (firebase-admin/firestore, zod/mini) are resolved at run time.
  external: Object.keys(dependencies),
  logLevel: 'warning',
});
