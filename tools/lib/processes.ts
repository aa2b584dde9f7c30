/** Child processes of the local stack, started together and stopped together. */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { createConnection } from 'node:net';
import { describeProcess, descendants, processListeningOn } from './procfs';

export function run(command: string, args: string[], options: SpawnOptions = {}): ChildProcess {
  return spawn(command, args, { stdio: 'inherit', ...options });
}

/** Tries `probe` every 300 ms until it says yes (resolves) or the time is up (rejects with `failure`). */
async function waitUntil(probe: (remainingMs: number) => Promise<boolean>, timeoutMs: number, failure: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe(deadline - Date.now())) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${failure} after ${timeoutMs / 1000} s`);
}

/** Resolves when something accepts TCP connections on the port, or rejects after the timeout. */
export function waitForPort(port: number, host = '127.0.0.1', timeoutMs = 90_000): Promise<void> {
  const connects = () =>
    new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  return waitUntil(connects, timeoutMs, `Nothing listens on ${host}:${port}`);
}

/**
 * Resolves when an HTTP server answers at `url` (any status), or rejects after the timeout. An
 * open port is not enough for the emulators: firebase-tools listens on each port for a moment
 * to see that it is free before the emulator starts, and a connection made then is accepted
 * and dropped (an `npm start` seeded against it and failed, stop 91).
 */
export function waitForHttp(url: string, timeoutMs = 90_000): Promise<void> {
  const answers = (remainingMs: number) =>
    fetch(url, { signal: AbortSignal.timeout(Math.min(5_000, Math.max(1, remainingMs))) }).then(
      async (response) => {
        await response.body?.cancel();
        return true;
      },
      () => false,
    );
  return waitUntil(answers, timeoutMs, `Nothing answers at ${url}`);
}

export async function isPortOpen(port: number, host = '127.0.0.1'): Promise<boolean> {
  return waitForPort(port, host, 1).then(
    () => true,
    () => false,
  );
}

/** "Port 9099 (auth) is already in use by pid 1234 (java …)…", or undefined while the port is free. */
export async function portInUse(name: string, port: number): Promise<string | undefined> {
  if (!(await isPortOpen(port))) return undefined;
  const holder = processListeningOn(port);
  return `Port ${port} (${name}) is already in use${holder ? ` by ${describeProcess(holder)}` : ''}. Is another \`npm start\` running?`;
}

/**
 * Asks a child to stop with one SIGINT, then, after the grace period, kills it and everything it
 * started. One: firebase-tools takes a second SIGINT as "stop right now" and quits without
 * stopping the Firestore emulator (a process group of its own) and the functions' workers.
 */
export function stop(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  const { pid } = child;
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      // Found while the child still links them: once it is gone, they belong to no one.
      const started = descendants(pid);
      child.kill('SIGKILL');
      for (const descendant of started) killIfThere(descendant.pid);
    }, graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGINT');
  });
}

/** SIGKILL, for a process that may have ended meanwhile. */
export function killIfThere(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Gone already.
  }
}
