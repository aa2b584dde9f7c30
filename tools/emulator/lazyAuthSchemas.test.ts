/**
 * The Auth emulator with its schemas compiled on first use (lazyAuthSchemas.cjs): it starts
 * without compiling them, and answers a malformed and a valid request as the emulator does that
 * compiles them all at start-up (the same 400 and message, checked side by side when this was
 * written; running the eager one here would cost this test 5 s of CPU on every run).
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { SUPPORTED } = require('./firebaseToolsVersion.cjs') as { SUPPORTED: RegExp };
const ROOT = join(import.meta.dirname, '../..');
const LAZY = join(import.meta.dirname, 'lazyAuthSchemas.cjs');

interface Run {
  compiledAtStart: number;
  malformed: { status: number; body: unknown };
  valid: { status: number; email: string };
}

/** Starts the CLI's Auth emulator app in a process of its own (with `preloads`) and sends it two sign-ups. */
function authEmulator(preloads: string[]): Run {
  const script = `
    const exegesisDir = require('node:path').dirname(require.resolve('exegesis/package.json', { paths: [require.resolve('firebase-tools/package.json')] }));
    const Ajv = require(require.resolve('ajv', { paths: [exegesisDir] })).default;
    let compiled = 0;
    const compile = Ajv.prototype.compile;
    Ajv.prototype.compile = function (...args) { compiled++; return compile.apply(this, args); };
    const { createApp } = require('firebase-tools/lib/emulator/auth/server');
    (async () => {
      const app = await createApp('demo-lazy-schemas');
      const compiledAtStart = compiled;
      const server = app.listen(0, '127.0.0.1', async () => {
        const url = 'http://127.0.0.1:' + server.address().port + '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake';
        const post = (body) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        const malformed = await post({ email: { not: 'a string' }, password: 'secret12' });
        const valid = await post({ email: 'parent@example.com', password: 'secret12' });
        console.log(JSON.stringify({
          compiledAtStart,
          malformed: { status: malformed.status, body: await malformed.json() },
          valid: { status: valid.status, email: (await valid.json()).email },
        }));
        server.close();
        process.exit(0);
      });
    })();`;
  const run = spawnSync(process.execPath, [...preloads.flatMap((file) => ['--require', file]), '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout) as Run;
}

describe("the Auth emulator's schemas compiled on first use", () => {
  it('is written for the installed firebase-tools (on another version it steps aside)', () => {
    expect((require('firebase-tools/package.json') as { version: string }).version).toMatch(SUPPORTED);
  });

  it('starts without compiling the API schemas, then refuses a malformed request as before and lets a valid one through', () => {
    const lazy = authEmulator([LAZY]);
    // Without the preload, several hundred validators are compiled here.
    expect(lazy.compiledAtStart).toBe(0);
    const message = 'Invalid JSON payload received. /email must be string';
    expect(lazy.malformed).toEqual({
      status: 400,
      body: { error: { code: 400, message, errors: [{ message, reason: 'invalid', domain: 'global' }], status: 'INVALID_ARGUMENT' } },
    });
    expect(lazy.valid).toEqual({ status: 200, email: 'parent@example.com' });
  });
});
