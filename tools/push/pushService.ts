/**
 * The local push service: a small HTTP server that speaks the Web Push protocol (RFC 8030) as the
 * browsers' push services do, so that the functions' sends run offline against it unchanged. It
 * also plays the browser's part: it issues subscriptions (endpoint and keys) and keeps their
 * private keys, so that it can decrypt each message (RFC 8291, aes128gcm) as a browser would and
 * show what arrived, like the e-mail inbox.
 *
 *   POST   /subscriptions           { applicationServerKey? } → 201 a PushSubscription's JSON
 *   DELETE /subscriptions/:id       the subscription is gone: its endpoint answers 410 from now on
 *   POST   /subscriptions/:id/faults { statuses: [429, 503, …] } the next sends get these answers
 *   POST   /push/:id                a message (RFC 8030 §5) → 201 with its Location
 *   GET    /messages                every message that arrived, oldest first, decrypted
 *   GET    /                        the same as a page, newest first, like the e-mail inbox
 *
 * Its answers allow any origin (CORS): locally, the portal's pages ask it for their subscriptions
 * and end them (src/api/pushSubscription.ts), as they would ask the browser.
 *
 * A message is refused as a real push service refuses it: without TTL 400, without a VAPID
 * Authorization that verifies for this endpoint's origin 401 (RFC 8292 §4), signed with another
 * key than the one the subscription was made with 403, to an unknown endpoint 404, to one whose
 * subscription ended 410, larger than 4,096 bytes 413.
 */
import { createECDH, createPublicKey, randomBytes, randomUUID, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** One message as it arrived, and its payload decrypted. */
export interface ArrivedPush {
  id: string;
  subscriptionId: string;
  receivedAt: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID claims that verified: who sent it. */
  vapid: { sub: string; aud: string; exp: number };
  /** The decrypted payload as text (the portal sends JSON). */
  payload: string;
}

interface Subscription {
  ecdh: ECDH;
  auth: Buffer;
  applicationServerKey: string | null;
  gone: boolean;
  faults: number[];
}

export interface PushService {
  url: string;
  /** A new subscription, as `pushManager.subscribe` gives a page. */
  subscribe: (applicationServerKey?: string) => Promise<PushSubscriptionJson>;
  messages: () => Promise<ArrivedPush[]>;
  stop: () => Promise<void>;
}

/** The most a push service must accept (RFC 8291 §4: 4,096 octets of record). */
const MAX_BODY = 4096;

const base64url = (bytes: Buffer) => bytes.toString('base64url');

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const escaped = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** What arrived, newest first: each push's payload as the device would get it, and who signed it. */
function inboxPage(arrived: ArrivedPush[]): string {
  const rows = [...arrived].reverse().map((message) => {
    let shown = message.payload;
    try {
      shown = JSON.stringify(JSON.parse(message.payload), null, 2);
    } catch {
      // Not JSON: shown as it came.
    }
    return `<li><p><strong>${escaped(message.receivedAt)}</strong> to ${escaped(message.subscriptionId)} · TTL ${message.ttl} s · urgency ${escaped(message.urgency ?? 'normal')} · from ${escaped(message.vapid.sub)}</p><pre>${escaped(shown)}</pre></li>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Local push service</title></head><body style="font-family:system-ui,sans-serif;max-width:48rem;margin:1rem auto;padding:0 1rem"><h1>Pushes that arrived (${arrived.length})</h1>${rows.length > 0 ? `<ol reversed>${rows.join('')}</ol>` : '<p>None yet. Turn on "Notify this device" on the family page, then send a notice or cancel a lesson in the console.</p>'}</body></html>`;
}

/** The VAPID claims of an `Authorization: vapid t=…, k=…` header, once its signature verifies with k. */
export function verifiedVapid(header: string | undefined, audience: string, now = Date.now()): { claims: ArrivedPush['vapid']; key: string } {
  const match = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!match) throw new Refusal(401, 'Authorization: vapid t=…, k=… is required');
  const params = new Map(match[1]!.split(',').map((part) => part.trim().split('=') as [string, string]));
  const token = params.get('t');
  const key = params.get('k');
  if (!token || !key) throw new Refusal(401, 'The vapid Authorization needs t and k');
  const [header64, claims64, signature64] = token.split('.');
  if (!header64 || !claims64 || !signature64) throw new Refusal(401, 'The VAPID token is not a JWT');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Refusal(401, 'k is not an uncompressed P-256 point');
  const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: base64url(point.subarray(1, 33)), y: base64url(point.subarray(33)) }, format: 'jwk' });
  const signed = verify('sha256', Buffer.from(`${header64}.${claims64}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature64, 'base64url'));
  if (!signed) throw new Refusal(401, 'The VAPID signature does not verify with k');
  const jwtHeader = JSON.parse(Buffer.from(header64, 'base64url').toString()) as { alg?: string };
  if (jwtHeader.alg !== 'ES256') throw new Refusal(401, 'The VAPID token must be ES256');
  const claims = JSON.parse(Buffer.from(claims64, 'base64url').toString()) as Partial<ArrivedPush['vapid']>;
  if (claims.aud !== audience) throw new Refusal(401, `The VAPID audience must be ${audience}`);
  const seconds = now / 1000;
  // RFC 8292 §2: at most 24 hours ahead.
  if (typeof claims.exp !== 'number' || claims.exp < seconds || claims.exp > seconds + 24 * 3600) throw new Refusal(401, 'The VAPID token has expired or lasts over 24 hours');
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) throw new Refusal(401, 'The VAPID sub must be a mailto: or https: contact');
  return { claims: { sub: claims.sub, aud: claims.aud, exp: claims.exp }, key };
}

/** A JSON request body; malformed JSON is the caller's fault (400), not the service's. */
async function jsonOf<T>(request: IncomingMessage): Promise<T> {
  try {
    return JSON.parse((await bodyOf(request, MAX_BODY)).toString() || '{}') as T;
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(400, 'The body is not JSON');
  }
}

async function bodyOf(request: IncomingMessage, limit: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of request) {
    size += (part as Buffer).length;
    if (size > limit) throw new Refusal(413, `The message is larger than ${limit} bytes`);
    parts.push(part as Buffer);
  }
  return Buffer.concat(parts);
}

export async function startPushService({ host = '127.0.0.1', port = 0 }: { host?: string; port?: number } = {}): Promise<PushService> {
  const subscriptions = new Map<string, Subscription>();
  const arrived: ArrivedPush[] = [];
  let url = '';

  function newSubscription(applicationServerKey: string | null): PushSubscriptionJson {
    const id = randomUUID();
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const subscription: Subscription = { ecdh, auth: randomBytes(16), applicationServerKey, gone: false, faults: [] };
    subscriptions.set(id, subscription);
    return { endpoint: `${url}/push/${id}`, keys: { p256dh: base64url(ecdh.getPublicKey()), auth: base64url(subscription.auth) } };
  }

  async function receive(id: string, request: IncomingMessage, response: ServerResponse) {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Refusal(404, 'No such subscription');
    if (subscription.gone) throw new Refusal(410, 'The subscription has ended');
    const fault = subscription.faults.shift();
    if (fault !== undefined) {
      response.writeHead(fault, fault === 429 || fault === 503 ? { 'Retry-After': '1' } : {}).end(`A planned answer ${fault}`);
      return;
    }
    const ttl = Number(request.headers.ttl);
    if (request.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) throw new Refusal(400, 'The TTL header is required');
    const { claims, key } = verifiedVapid(request.headers.authorization, new URL(url).origin);
    if (subscription.applicationServerKey && subscription.applicationServerKey !== key) throw new Refusal(403, 'Signed with another key than the subscription was made with');
    if (request.headers['content-encoding'] !== 'aes128gcm') throw new Refusal(415, 'Content-Encoding must be aes128gcm');
    const body = await bodyOf(request, MAX_BODY);
    let payload: string;
    try {
      payload = ece.decrypt(body, { version: 'aes128gcm', privateKey: subscription.ecdh, authSecret: base64url(subscription.auth) }).toString('utf8');
    } catch (error) {
      throw new Refusal(400, `The message does not decrypt with the subscription's keys: ${(error as Error).message}`);
    }
    const message: ArrivedPush = {
      id: randomUUID(),
      subscriptionId: id,
      receivedAt: new Date().toISOString(),
      ttl,
      urgency: (request.headers.urgency as string | undefined) ?? null,
      topic: (request.headers.topic as string | undefined) ?? null,
      vapid: claims,
      payload,
    };
    arrived.push(message);
    response.writeHead(201, { Location: `${url}/messages/${message.id}` }).end();
  }

  async function route(request: IncomingMessage, response: ServerResponse) {
    const path = new URL(request.url ?? '/', url).pathname;
    const [, first, id, rest] = path.split('/');
    if (request.method === 'POST' && first === 'subscriptions' && !id) {
      const { applicationServerKey } = await jsonOf<{ applicationServerKey?: string }>(request);
      response.writeHead(201, { 'Content-Type': 'application/json' }).end(JSON.stringify(newSubscription(applicationServerKey ?? null)));
    } else if (request.method === 'DELETE' && first === 'subscriptions' && id && !rest) {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Refusal(404, 'No such subscription');
      subscription.gone = true;
      response.writeHead(204).end();
    } else if (request.method === 'POST' && first === 'subscriptions' && id && rest === 'faults') {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Refusal(404, 'No such subscription');
      const { statuses = [] } = await jsonOf<{ statuses?: number[] }>(request);
      subscription.faults.push(...statuses);
      response.writeHead(204).end();
    } else if (request.method === 'POST' && first === 'push' && id) {
      await receive(id, request, response);
    } else if (request.method === 'GET' && first === 'messages' && !id) {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(arrived));
    } else if (request.method === 'GET' && !first) {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(inboxPage(arrived));
    } else {
      throw new Refusal(404, `No ${request.method} ${path} here`);
    }
  }

  const server = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    // A page's DELETE of its subscription (it unsubscribes, as a browser would) is preflighted.
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, POST, DELETE', 'Access-Control-Allow-Headers': 'Content-Type', 'Access-Control-Max-Age': '600' }).end();
      return;
    }
    route(request, response).catch((error: unknown) => {
      const status = error instanceof Refusal ? error.status : 500;
      // A refusal may come before the body was read: what is left of it is let go, and the
      // connection with it, or the sender would wait to finish sending.
      request.resume();
      if (!response.headersSent) response.writeHead(status, { 'Content-Type': 'text/plain', Connection: 'close' });
      response.end(error instanceof Error ? error.message : String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  url = `http://${host}:${(server.address() as AddressInfo).port}`;

  return {
    url,
    subscribe: async (applicationServerKey) => {
      const response = await fetch(`${url}/subscriptions`, { method: 'POST', body: JSON.stringify({ applicationServerKey }) });
      return (await response.json()) as PushSubscriptionJson;
    },
    messages: async () => (await (await fetch(`${url}/messages`)).json()) as ArrivedPush[],
    stop: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
