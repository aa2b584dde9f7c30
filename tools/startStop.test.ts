/**
 * `npm start` stops clean: Ctrl-C, pressed again while the stack stops, as an impatient user
 * does, leaves no process of it running and frees its ports, so the next `npm start` starts. The
 * whole stack starts here, on the `stop` stack (its own ports and project id, beside the `demo`
 * and `tests` stacks that npm test runs at the same time), in a process group of its own that
 * gets the SIGINTs as a terminal's process group gets Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, expect, it, vi } from 'vitest';
import { isPortOpen, killIfThere } from './lib/processes';
import { processesWithEnv } from './lib/procfs';
import { portsOf, ROOT } from './lib/stack';

/** Every process the stack starts inherits this variable: how the test finds them, orphans too. */
const MARK = 'PORTAL_START_STOP_TEST';
const run = randomUUID();
const processesOfTheStack = () => processesWithEnv(MARK, run).filter(({ pid }) => pid !== process.pid);

/** Waits until `ready()` holds; fails with `describe()` after `timeoutMs`. */
const until = (ready: () => boolean, timeoutMs: number, describe: () => string) =>
  vi.waitFor(
    () => {
      if (!ready()) throw new Error(describe());
    },
    { timeout: timeoutMs, interval: 200 },
  );

afterAll(() => {
  // A failed run must not leave its emulators holding the ports for the next one.
  for (const { pid } of processesOfTheStack()) killIfThere(pid);
});

it('stops every process of the stack and frees its ports when Ctrl-C comes twice', async () => {
  const start = spawn('npm', ['start', '--', '--keep-functions-build'], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, PORTAL_STACK: 'stop', [MARK]: run },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  start.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  start.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  let exited = false;
  start.once('exit', () => (exited = true));
  // Never 0: process.kill(-0) would signal this test's own process group.
  if (!start.pid) throw new Error('npm start did not start');
  const groupOfTheStack = -start.pid;
  // As a terminal sends Ctrl-C: to every process of the group, while there is one.
  const ctrlC = () => {
    try {
      process.kill(groupOfTheStack, 'SIGINT');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  };

  // The emulators take 15–20 s on an idle machine; npm test's other lanes share this one.
  await until(() => output.includes('Press Ctrl-C to stop everything.') || exited, 300_000, () => `npm start was not ready:\n${output}`);
  expect(exited, output).toBe(false);
  // The mark reaches the emulators, so that finding none of it below means they are gone.
  expect(processesOfTheStack().map(({ command }) => command)).toEqual(expect.arrayContaining([expect.stringMatching(/java .*firestore/i)]));

  ctrlC();
  await until(() => output.includes('Stopping the local stack') || exited, 30_000, () => `npm start did not stop:\n${output}`);
  ctrlC();
  ctrlC();

  await until(() => exited, 120_000, () => `npm start did not exit:\n${output}`);
  // npm may exit before the processes it started have finished: they get a bounded while more.
  await expect
    .poll(() => processesOfTheStack().map(({ pid, command }) => `${pid} ${command.slice(0, 120)}`), { timeout: 60_000, interval: 500 })
    .toEqual([]);
  const open = [];
  for (const [name, port] of Object.entries(portsOf('stop'))) if (await isPortOpen(port)) open.push(`${name} ${port}`);
  expect(open).toEqual([]);
  // The second Ctrl-C reached the stack and was let be; and its children stopped by themselves,
  // not by the sweep for what they leave behind.
  expect(output).toContain('Still stopping the local stack');
  expect(output).not.toContain('left running');
}, 540_000);
