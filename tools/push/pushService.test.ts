import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushService, verifiedVapid, type PushService, type PushSubscriptionJson } from './pushService';

const vapid = webpush.generateVAPIDKeys();
const vapidDetails = { subject: 'mailto:office@school.example', publicKey: vapid.publicKey, privateKey: vapid.privateKey };

/** A send the way web-push prepares it, answered by the local push service. */
async function send(subscription: PushSubscriptionJson, payload: string, options: webpush.RequestOptions = {}) {
  const { endpoint, method, headers, body } = webpush.generateRequestDetails(subscription, payload, { vapidDetails, TTL: 60, ...options });
  const response = await fetch(endpoint, { method, headers: headers as Record<string, string>, body: new Uint8Array(body) });
  return { status: response.status, text: await response.text(), location: response.headers.get('location') };
}

describe('the local push service', () => {
  let service: PushService;
  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(() => service.stop());

  it('takes a message for a subscription and decrypts it with its keys, as the browser would', async () => {
    const subscription = await service.subscribe(vapid.publicKey);
    const sent = await send(subscription, JSON.stringify({ title: 'Lesson cancelled', url: '/notices/N1' }), { urgency: 'high', topic: 'N1' });
    expect(sent.status).toBe(201);
    const message = (await service.messages()).find((arrived) => sent.location?.endsWith(arrived.id));
    expect(message).toMatchObject({
      payload: JSON.stringify({ title: 'Lesson cancelled', url: '/notices/N1' }),
      ttl: 60,
      urgency: 'high',
      topic: 'N1',
      vapid: { sub: 'mailto:office@school.example', aud: new URL(service.url).origin },
    });
  });

  it('refuses a message signed with another key than the subscription was made with', async () => {
    const subscription = await service.subscribe(webpush.generateVAPIDKeys().publicKey);
    expect((await send(subscription, 'hello')).status).toBe(403);
  });

  it('answers 410 once the subscription has ended, and 404 for an endpoint it never gave', async () => {
    const subscription = await service.subscribe(vapid.publicKey);
    await fetch(subscription.endpoint.replace('/push/', '/subscriptions/'), { method: 'DELETE' });
    expect((await send(subscription, 'hello')).status).toBe(410);
    expect((await send({ ...subscription, endpoint: `${service.url}/push/unknown` }, 'hello')).status).toBe(404);
  });

  it("lets a page end its subscription, as the browser's unsubscribe does (its DELETE is preflighted)", async () => {
    const subscription = await service.subscribe(vapid.publicKey);
    const target = subscription.endpoint.replace('/push/', '/subscriptions/');
    const preflight = await fetch(target, { method: 'OPTIONS', headers: { Origin: 'http://127.0.0.1:4173', 'Access-Control-Request-Method': 'DELETE' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('DELETE');
    expect((await fetch(target, { method: 'DELETE' })).status).toBe(204);
    expect((await send(subscription, 'hello')).status).toBe(410);
  });

  it('answers the planned faults first, then takes the message', async () => {
    const subscription = await service.subscribe(vapid.publicKey);
    await fetch(subscription.endpoint.replace('/push/', '/subscriptions/') + '/faults', { method: 'POST', body: JSON.stringify({ statuses: [429, 503] }) });
    expect((await send(subscription, 'one')).status).toBe(429);
    expect((await send(subscription, 'one')).status).toBe(503);
    expect((await send(subscription, 'one')).status).toBe(201);
  });

  it('answers 400 to a subscription asked for with a body that is not JSON', async () => {
    expect((await fetch(`${service.url}/subscriptions`, { method: 'POST', body: '{' })).status).toBe(400);
  });

  it('refuses a message without VAPID, and one too large for a push service', async () => {
    const subscription = await service.subscribe(vapid.publicKey);
    const response = await fetch(subscription.endpoint, { method: 'POST', headers: { TTL: '60' }, body: Buffer.alloc(5000) });
    expect(response.status).toBe(401);
    // Signed as web-push signs, with a body larger than any encrypted payload may be.
    const { TTL, Authorization } = webpush.generateRequestDetails(subscription, 'x', { vapidDetails, TTL: 60 }).headers as Record<string, string>;
    const large = await fetch(subscription.endpoint, { method: 'POST', headers: { TTL: TTL!, Authorization: Authorization!, 'Content-Encoding': 'aes128gcm' }, body: Buffer.alloc(5000) });
    expect(large.status).toBe(413);
  });
});

describe('verifiedVapid', () => {
  const audience = 'https://push.example';
  const tokenFor = (aud: string, details = vapidDetails) => webpush.getVapidHeaders(aud, details.subject, details.publicKey, details.privateKey, 'aes128gcm').Authorization;

  it('gives the claims of a token signed with k', () => {
    expect(verifiedVapid(tokenFor(audience), audience).claims).toMatchObject({ sub: 'mailto:office@school.example', aud: audience });
  });

  it('refuses a token for another push service, or one whose k did not sign it', () => {
    expect(() => verifiedVapid(tokenFor('https://other.example'), audience)).toThrow(/audience/);
    const other = webpush.generateVAPIDKeys().publicKey;
    expect(() => verifiedVapid(tokenFor(audience).replace(/k=.*$/, `k=${other}`), audience)).toThrow(/signature/);
  });

  it('refuses an expired token', () => {
    expect(() => verifiedVapid(tokenFor(audience), audience, Date.now() + 25 * 3600 * 1000)).toThrow(/expired/);
  });
});
