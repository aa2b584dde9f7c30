/**
 * The body handling of endpoint(), behind the same body parsers the Functions Framework and the
 * emulator put in front of every function (body-parser json, text, urlencoded, raw, saving
 * rawBody). tests/functions/inputSafety.test.ts shows the same through the emulator.
 */
import bodyParser from 'body-parser';
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoint, MAX_BODY_BYTES, NOTICE_BODY_BYTES } from './endpoint';

let server: Server;
let base: string;
const received: unknown[] = [];

beforeAll(async () => {
  const saveRaw = (request: express.Request, _response: unknown, buffer: Buffer) => {
    (request as express.Request & { rawBody?: Buffer }).rawBody = buffer;
  };
  const app = express();
  app.use(bodyParser.json({ limit: '32mb', verify: saveRaw }));
  app.use(bodyParser.text({ limit: '32mb', verify: saveRaw }));
  app.use(bodyParser.urlencoded({ extended: true, limit: '32mb', verify: saveRaw }));
  app.use(bodyParser.raw({ type: '*/*', limit: '32mb', verify: saveRaw }));
  const echo = async (request: express.Request) => {
    received.push(request.body);
    return { body: request.body ?? null };
  };
  app.all('/post', endpoint('POST', echo) as unknown as express.RequestHandler);
  app.all('/get', endpoint('GET', echo) as unknown as express.RequestHandler);
  app.all('/notice', endpoint('POST', echo, { maxBytes: NOTICE_BODY_BYTES }) as unknown as express.RequestHandler);
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

async function send(path: string, body: BodyInit | undefined, contentType?: string, method = 'POST') {
  const response = await fetch(`${base}${path}`, { method, body, headers: contentType ? { 'Content-Type': contentType } : {} });
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}

describe('request bodies', () => {
  it.each([
    ['application/json', JSON.stringify({ a: 1 })],
    ['text/plain;charset=UTF-8', JSON.stringify({ a: 1 })],
    ['application/octet-stream', JSON.stringify({ a: 1 })],
    [undefined, new TextEncoder().encode(JSON.stringify({ a: 1 }))],
  ])('reads JSON sent as %s', async (contentType, body) => {
    const answer = await send('/post', body, contentType);
    expect(answer).toMatchObject({ status: 200, text: '{"body":{"a":1}}' });
  });

  it.each([
    ['text/plain', '{"a": '],
    ['application/octet-stream', '{"a": '],
    [undefined, new TextEncoder().encode('{"a": ')],
  ])('answers malformed JSON sent as %s with a JSON 400', async (contentType, body) => {
    const answer = await send('/post', body, contentType);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toEqual({ error: 'invalid-argument', message: 'The request body is not valid JSON.' });
  });

  it('cannot answer malformed application/json: the body parser does, with HTML, before the function runs', async () => {
    const before = received.length;
    const answer = await send('/post', '{"a": ', 'application/json');
    expect(answer.status).toBe(400);
    expect(answer.type).toMatch(/^text\/html/);
    expect(received).toHaveLength(before);
  });

  it.each(['application/json', 'text/plain', undefined])('answers a body over the limit (%s) with 413', async (contentType) => {
    const body = JSON.stringify({ a: 'x'.repeat(MAX_BODY_BYTES) });
    const answer = await send('/post', contentType ? body : new TextEncoder().encode(body), contentType);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toEqual({ error: 'payload-too-large', message: expect.stringContaining('16 KiB') });
  });

  it('takes a body right at the limit', async () => {
    const body = JSON.stringify({ a: 'x'.repeat(MAX_BODY_BYTES - 8) });
    expect(body.length).toBe(MAX_BODY_BYTES);
    expect((await send('/post', body, 'application/json')).status).toBe(200);
  });

  it.each(['application/json', undefined])("takes an office notice's larger body (%s) up to its own limit, and no more", async (contentType) => {
    const at = (bytes: number) => JSON.stringify({ a: 'x'.repeat(bytes - 8) });
    const sent = (body: string) => send('/notice', contentType ? body : new TextEncoder().encode(body), contentType);
    expect((await sent(at(NOTICE_BODY_BYTES))).status).toBe(200);
    const over = await sent(at(NOTICE_BODY_BYTES + 1));
    expect(over.status).toBe(413);
    expect(JSON.parse(over.text)).toEqual({ error: 'payload-too-large', message: expect.stringContaining('64 KiB') });
  });

  it('leaves a missing body as the framework does ({}), and checks the method', async () => {
    expect(await send('/get', undefined, undefined, 'GET')).toMatchObject({ status: 200, text: '{"body":{}}' });
    const wrong = await send('/get', undefined, undefined, 'POST');
    expect(wrong.status).toBe(405);
    expect(JSON.parse(wrong.text)).toMatchObject({ error: 'method-not-allowed' });
  });
});
