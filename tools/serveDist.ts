/**
 * Serves a built app the way Firebase Hosting will: with the `hosting` section of the build's
 * deploy configuration (`<dir>.firebase.json`, written by tools/hostingConfig.ts: firebase.json
 * with the build's own origins in the CSP) applied by superstatic, the engine of the Hosting
 * emulator. The emulator itself needs re2, whose native build the install skips; superstatic
 * falls back to JavaScript regular expressions, which is all the globs of this project need.
 *
 *   tsx tools/serveDist.ts [--dir .cache/hosting-dist] [--port 4173] [--uncompressed]
 *
 * `--uncompressed` leaves out Hosting's compression, for the browser tests: every page load in a
 * fresh Playwright context fetches the whole bundle again, and gzipping it each time cost the
 * server a third of its CPU for a loopback connection; nothing they check depends on the
 * encoding. The benchmarks keep it: Lighthouse's simulated network counts the bytes sent.
 */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { server } from 'superstatic';
import { deployConfigPath } from './hostingConfig.ts';

const ROOT = resolve(import.meta.dirname, '..');

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist' },
    port: { type: 'string', default: '4173' },
    uncompressed: { type: 'boolean', default: false },
  },
});

const { hosting } = JSON.parse(readFileSync(deployConfigPath(resolve(ROOT, values.dir)), 'utf8')) as { hosting: Record<string, unknown> };
const port = Number(values.port);
// As the Hosting emulator starts it (firebase-tools' serve/hosting.js), minus the emulator's
// own reserved /__/ URLs, which this app does not use.
const app = server({
  // superstatic resolves `public` against cwd, so an absolute --dir must become relative.
  config: { ...hosting, public: relative(ROOT, resolve(values.dir)) },
  cwd: ROOT,
  stack: 'strict',
  compression: !values.uncompressed,
  port,
  hostname: '127.0.0.1',
});
app.listen(() => console.log(`Serving ${values.dir} with ${values.dir}.firebase.json's hosting settings on http://127.0.0.1:${port}`));
