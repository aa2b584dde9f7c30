import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { killIfThere, portInUse, stop, waitForHttp } from './processes';
import { processesWithEnv } from './procfs';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listen(host: string): Promise<number> {
  const server = createServer();
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('portInUse', () => {
  it('names the process that holds the port', async () => {
    const port = await listen('127.0.0.1');
    const message = await portInUse('auth', port);
    expect(message).toMatch(new RegExp(`^Port ${port} \\(auth\\) is already in use by pid ${process.pid} \\(\\S*node\\b.*\\)\\. Is another \`npm start\` running\\?$`));
  });

  it('finds a holder listening on every IPv6 and IPv4 address too', async () => {
    const port = await listen('::');
    expect(await portInUse('firestore', port)).toContain(`by pid ${process.pid} (`);
  });

  it('says nothing of a free port', async () => {
    const port = await listen('127.0.0.1');
    await new Promise((resolve) => servers.pop()?.close(resolve));
    expect(await portInUse('auth', port)).toBeUndefined();
  });
});

describe('stop', () => {
  it('kills a child that ignores SIGINT after the grace period, with what it started in a process group of its own', async () => {
    // As firebase-tools starts the Firestore emulator: detached, so nothing sent to its parent's group reaches it.
    const mark = randomUUID();
    const child = spawn(
      process.execPath,
      [
        '-e',
        `process.on('SIGINT', () => undefined);
         const grandchild = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => undefined, 1000)'], { detached: true, stdio: 'ignore' });
         console.log(grandchild.pid);
         setInterval(() => undefined, 1000);`,
      ],
      { env: { ...process.env, PROCESSES_TEST_MARK: mark }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const marked = () => processesWithEnv('PROCESSES_TEST_MARK', mark);
    try {
      await new Promise((resolve) => child.stdout.once('data', resolve));
      expect(marked()).toHaveLength(2);

      await stop(child, 500);

      await expect.poll(() => marked().map(({ command }) => command), { timeout: 10_000 }).toEqual([]);
    } finally {
      for (const { pid } of marked()) killIfThere(pid);
    }
  }, 30_000);
});

describe('waitForHttp', () => {
  it('does not take a port that accepts and drops connections for the server (firebase-tools checking the port is free)', async () => {
    const port = await listen('127.0.0.1');
    servers.at(-1)!.on('connection', (socket) => socket.destroy());
    await expect(waitForHttp(`http://127.0.0.1:${port}/`, 1_000)).rejects.toThrow(`Nothing answers at http://127.0.0.1:${port}/ after 1 s`);
  });

  it('resolves once the real server answers on the port that first dropped a connection', async () => {
    const port = await listen('127.0.0.1');
    const dummy = servers.pop()!;
    const requests: string[] = [];
    const real = createHttpServer((request, response) => {
      requests.push(request.url ?? '');
      response.writeHead(404).end();
    });
    // As firebase-tools does: the check's server drops what it accepted and closes, then the emulator listens.
    dummy.once('connection', (socket) => {
      socket.destroy();
      dummy.close(() => real.listen(port, '127.0.0.1'));
    });
    try {
      await waitForHttp(`http://127.0.0.1:${port}/`, 10_000);
      expect(requests).toEqual(['/']);
    } finally {
      await new Promise((resolve) => real.close(resolve));
    }
  });
});
