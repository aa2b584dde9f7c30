/**
 * Serves a built app the way Firebase Hosting will: with the `hosting` section of firebase.json
 * (headers, rewrites, 404s) applied by superstatic, the engine of the Hosting emulator. The
 * emulator itself needs re2, whose native build the install skips; superstatic falls back to
 * JavaScript regular expressions, which is all the globs of this project need.
 *
 *   tsx tools/serveDist.ts [--dir .cache/hosting-dist] [--port 4173] [--connect-src "<origins>"]
 *
 * --connect-src adds origins to the CSP's connect-src, for a demo build that talks to the local
 * emulators; everything else of the policy is served exactly as firebase.json has it.
 */
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { server } from 'superstatic';

const ROOT = resolve(import.meta.dirname, '..');

/** The CSP with extra origins appended to its connect-src directive. */
export function widenConnectSrc(policy: string, origins: string): string {
  if (!origins.trim()) return policy;
  return policy
    .split(';')
    .map((directive) => (directive.trim().startsWith('connect-src ') ? `${directive.trimEnd()} ${origins.trim()}` : directive))
    .join(';');
}

function widenCspOf(response: ServerResponse, origins: string) {
  const setHeader = response.setHeader.bind(response);
  response.setHeader = (name, value) =>
    setHeader(name, name.toLowerCase() === 'content-security-policy' ? widenConnectSrc(String(value), origins) : value);
}

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist' },
    port: { type: 'string', default: '4173' },
    'connect-src': { type: 'string', default: '' },
  },
});

const { hosting } = JSON.parse(readFileSync(resolve(ROOT, 'firebase.json'), 'utf8')) as { hosting: Record<string, unknown> };
const port = Number(values.port);
// As the Hosting emulator starts it (firebase-tools' serve/hosting.js), minus the emulator's
// own reserved /__/ URLs, which this app does not use.
const app = server({
  // superstatic resolves `public` against cwd, so an absolute --dir must become relative.
  config: { ...hosting, public: relative(ROOT, resolve(values.dir)) },
  cwd: ROOT,
  stack: 'strict',
  compression: true,
  port,
  hostname: '127.0.0.1',
});
app.use((_request, response, next) => {
  widenCspOf(response, values['connect-src']);
  next();
});
app.listen(() => console.log(`Serving ${values.dir} with firebase.json's hosting settings on http://127.0.0.1:${port}`));
