/**
 * The Functions emulator's runtimes shared between functions (sharedRuntimes.cjs and
 * sharedRuntimeRouting.cjs). Every rules and functions test and every browser test runs through
 * them; these check the parts on their own: that they fit the installed firebase-tools, that the
 * CLI's emulator shares its runtimes, and that a real runtime runs the function a request names.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const ROOT = join(import.meta.dirname, '../..');
const SHARING = join(import.meta.dirname, 'sharedRuntimes.cjs');
const ROUTING = join(import.meta.dirname, 'sharedRuntimeRouting.cjs');
const { TARGET_HEADER, SIGNATURE_HEADER } = require('./sharedRuntimeHeaders.cjs') as { TARGET_HEADER: string; SIGNATURE_HEADER: string };

describe('shared function runtimes', () => {
  it('are written for the installed firebase-tools (on another version they step aside)', () => {
    expect((require('firebase-tools/package.json') as { version: string }).version).toMatch(/^14\.27\./);
  });

  it('make the CLI start one list of runtimes for all functions, told to take the function from each request', () => {
    const script = `
      const { FunctionsEmulator } = require('firebase-tools/lib/emulator/functionsEmulator');
      const emulator = new FunctionsEmulator({ projectId: 'demo-shared', projectDir: '.', emulatableBackends: [{ codebase: 'default', functionsDir: '.', env: {}, secretEnv: [] }] });
      const pool = emulator.workerPools.default;
      const trigger = { id: 'europe-west1-a', entryPoint: 'a', name: 'a', platform: 'gcfv2', httpsTrigger: {} };
      const envs = { ...emulator.getSystemEnvs(trigger), ...emulator.getEmulatorEnvs() };
      console.log(JSON.stringify({ sameKey: pool.getKey('europe-west1-a') === pool.getKey('europe-west1-b'), target: envs.FUNCTION_TARGET ?? null, debugMode: envs.FUNCTION_DEBUG_MODE, nodeOptions: envs.NODE_OPTIONS }));`;
    const run = spawnSync(process.execPath, ['--require', SHARING, '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ sameKey: true, target: null, debugMode: 'true', nodeOptions: expect.stringContaining(`--require ${ROUTING}`) });
  });

  describe('a runtime', () => {
    const dir = mkdtempSync(join(ROOT, '.cache/shared-runtime-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('runs the function that each request names in its headers, one after the other', async () => {
      const functionsDir = join(dir, 'functions');
      mkdirSync(functionsDir);
      writeFileSync(join(functionsDir, 'package.json'), JSON.stringify({ main: 'index.js', dependencies: { 'firebase-admin': '*', 'firebase-functions': '*' } }));
      writeFileSync(join(functionsDir, 'index.js'), `exports.first = (req, res) => res.send('first ' + req.path);\nexports.second = (req, res) => res.send('second ' + req.path);\n`);
      const socketPath = join(dir, 'runtime.sock');
      const runtime = spawn(process.execPath, [require.resolve('firebase-tools/lib/emulator/functionsEmulatorRuntime.js')], {
        cwd: functionsDir,
        env: { ...process.env, FUNCTION_DEBUG_MODE: 'true', FUNCTIONS_EMULATOR: 'true', GCLOUD_PROJECT: 'demo-shared', FIREBASE_CONFIG: '{"projectId":"demo-shared"}', PORT: socketPath, NODE_OPTIONS: `--require ${ROUTING}` },
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      });
      try {
        const call = (path: string, target?: string) =>
          new Promise<{ status: number; body: string }>((resolve, reject) => {
            const headers = target ? { [TARGET_HEADER]: target, [SIGNATURE_HEADER]: 'http' } : {};
            const req = request({ socketPath, path, headers }, (res) => {
              let body = '';
              res.on('data', (chunk: Buffer) => (body += chunk.toString()));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
            });
            req.on('error', reject);
            req.end();
          });
        await expect.poll(() => call('/__/health').then(({ status }) => status, () => 0), { timeout: 30_000 }).toBe(200);

        expect(await call('/one', 'first')).toEqual({ status: 200, body: 'first /one' });
        expect(await call('/two', 'second')).toEqual({ status: 200, body: 'second /two' });
        expect(await call('/three', 'first')).toEqual({ status: 200, body: 'first /three' });
        expect((await call('/four', 'third')).status).toBe(500);
      } finally {
        runtime.kill();
      }
    });
  });
});
