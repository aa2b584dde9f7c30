/**
 * CORS of the HTTP functions, through the real exported functions mounted in Express. (The
 * Functions emulator switches CORS to allow every origin, so it cannot show this.)
 */
import express from 'express';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const APP_ORIGIN = 'https://portal.example.org';
let server: Server;
let base: string;

beforeAll(async () => {
  // How the Functions runtime hands a list parameter to the code.
  process.env.APP_ORIGINS = JSON.stringify([APP_ORIGIN, 'http://127.0.0.1:5173']);
  const functions = await import('../index');
  const app = express();
  app.all('/getSyncStatus', functions.getSyncStatus as unknown as express.RequestHandler);
  app.all('/triggerFullSync', functions.triggerFullSync as unknown as express.RequestHandler);
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const preflight = (path: string, origin: string) =>
  fetch(`${base}${path}`, {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
  });

describe('CORS of the admin API', () => {
  it('lets the configured app origins call, with the Authorization header', async () => {
    const response = await preflight('/triggerFullSync', APP_ORIGIN);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });

  it('gives other origins no CORS permission', async () => {
    const response = await preflight('/triggerFullSync', 'https://evil.example');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const direct = await fetch(`${base}/getSyncStatus`, { headers: { Origin: 'https://evil.example' } });
    expect(direct.headers.get('access-control-allow-origin')).toBeNull();
    expect(direct.status).toBe(401);
    expect(await direct.json()).toMatchObject({ error: 'unauthenticated' });
  });
});
