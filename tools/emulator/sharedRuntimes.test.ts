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
const { SUPPORTED } = require('./firebaseToolsVersion.cjs') as { SUPPORTED: RegExp };
const ROOT = join(import.meta.dirname, '../..');
const SHARING = join(import.meta.dirname, 'sharedRuntimes.cjs');
const ROUTING = join(import.meta.dirname, 'sharedRuntimeRouting.cjs');
const { TARGET_HEADER, SIGNATURE_HEADER } = require('./sharedRuntimeHeaders.cjs') as { TARGET_HEADER: string; SIGNATURE_HEADER: string };

describe('shared function runtimes', () => {
  it('are written for the installed firebase-tools (on another version they step aside)', () => {
    expect((require('firebase-tools/package.json') as { version: string }).version).toMatch(SUPPORTED);
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

  it('give a busy runtime more requests of its own function, never of another, and free it after the last', () => {
    // The pool as the emulator makes it, with a runtime whose answers the script holds back.
    const script = `
      const http = require('node:http');
      const { EventEmitter } = require('node:events');
      const { PassThrough } = require('node:stream');
      const { FunctionsEmulator } = require('firebase-tools/lib/emulator/functionsEmulator');
      const emulator = new FunctionsEmulator({ projectId: 'demo-shared', projectDir: '.', emulatableBackends: [{ codebase: 'default', functionsDir: '.', env: {}, secretEnv: [] }] });
      const trigger = (name, options = {}) => ({ id: 'europe-west1-' + name, entryPoint: name, name, platform: 'gcfv2', httpsTrigger: {}, ...options });
      emulator.triggers = { a: { def: trigger('a') }, b: { def: trigger('b') }, firstGen: { def: trigger('firstGen', { platform: 'gcfv1' }) } };
      const pool = emulator.workerPools.default;
      const held = [];
      const server = http.createServer((req, res) => held.push({ target: req.headers['x-portal-function-target'], res }));
      server.listen(0, async () => {
        const child = Object.assign(new EventEmitter(), { kill: () => { killed += 1; return true; } });
        let killed = 0;
        const worker = pool.addWorker(undefined, { process: child, events: new EventEmitter(), conn: { httpReqOpts: () => ({ host: '127.0.0.1', port: server.address().port }) } }, {});
        worker.readyForWork();
        const send = (name) => {
          const resp = Object.assign(new PassThrough(), { writeHead() {} });
          return pool.submitRequest('europe-west1-' + name, { method: 'POST', path: '/', headers: {} }, resp, '{}');
        };
        // Resolves once the runtime holds \`count\` requests: checked on each one's arrival.
        const holding = (count) => new Promise((resolve) => {
          const check = () => (held.length >= count ? resolve() : server.once('request', check));
          check();
        });
        const answer = (count) => held.splice(0, count).forEach(({ res }) => res.end('ok'));
        const seen = {};
        const requests = [send('a'), send('a'), send('a')];
        await holding(3);
        Object.assign(seen, { targets: held.map((request) => request.target), aReady: pool.readyForWork('europe-west1-a'), bReady: pool.readyForWork('europe-west1-b') });
        answer(2);
        await Promise.all(requests.slice(0, 2));
        Object.assign(seen, { stateWithOneLeft: worker.state, bReadyWithOneLeft: pool.readyForWork('europe-west1-b') });
        worker.state = 'FINISHING';
        answer(1);
        await requests[2];
        Object.assign(seen, { killedAfterLast: killed });
        const single = pool.addWorker(undefined, { process: Object.assign(new EventEmitter(), { kill: () => true }), events: new EventEmitter(), conn: { httpReqOpts: () => ({ host: '127.0.0.1', port: server.address().port }) } }, {});
        single.readyForWork();
        const alone = send('firstGen');
        await holding(1);
        seen.firstGenReadyWhileBusy = pool.readyForWork('europe-west1-firstGen');
        answer(1);
        await alone;
        console.log(JSON.stringify(seen));
        server.close();
      });`;
    const run = spawnSync(process.execPath, ['--require', SHARING, '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({
      targets: ['a', 'a', 'a'],
      aReady: true,
      bReady: false,
      stateWithOneLeft: 'BUSY',
      bReadyWithOneLeft: false,
      killedAfterLast: 1,
      firstGenReadyWhileBusy: false,
    });
  });

  describe('a runtime', () => {
    const dir = mkdtempSync(join(ROOT, '.cache/shared-runtime-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('runs the function that each request names in its headers, one after the other and at once', async () => {
      const functionsDir = join(dir, 'functions');
      mkdirSync(functionsDir);
      writeFileSync(join(functionsDir, 'package.json'), JSON.stringify({ main: 'index.js', dependencies: { 'firebase-admin': '*', 'firebase-functions': '*' } }));
      // The requests sent at once answer only when all twelve have arrived: in flight together.
      const together = `let arrived = 0; const waiting = [];
        const allTwelve = (req) => req.path.startsWith('/at-once') && (++arrived === 12 ? waiting.splice(0).forEach((go) => go()) : new Promise((go) => waiting.push(go)));`;
      writeFileSync(join(functionsDir, 'index.js'), `${together}\nexports.first = async (req, res) => { await allTwelve(req); res.send('first ' + req.path); };\nexports.second = async (req, res) => { await allTwelve(req); res.send('second ' + req.path); };\n`);
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
        // In flight together, as a deployed instance serves them: each runs the function it names.
        const names = Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? 'second' : 'first'));
        const answers = await Promise.all(names.map((name, i) => call(`/at-once-${i}`, name)));
        expect(answers).toEqual(names.map((name, i) => ({ status: 200, body: `${name} /at-once-${i}` })));
      } finally {
        runtime.kill();
      }
    });
  });
});
