import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushService, type PushService, type PushSubscriptionJson } from '../../../tools/push/pushService';
import { retryAfterMs, sendPush, type PushOptions } from './sendPush';

const keys = webpush.generateVAPIDKeys();
const vapid = { subject: 'mailto:office@school.example', publicKey: keys.publicKey, privateKey: keys.privateKey };
const options = (overrides: Partial<PushOptions> = {}): PushOptions => ({ vapid, ttlSeconds: 3600, deadline: Date.now() + 10_000, backoffMs: 10, ...overrides });

describe('sendPush, against the local push service', () => {
  let service: PushService;
  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(() => service.stop());

  const arrivedFor = async (subscription: PushSubscriptionJson) => (await service.messages()).filter((message) => subscription.endpoint.endsWith(message.subscriptionId));
  const plan = (subscription: PushSubscriptionJson, statuses: number[]) =>
    fetch(`${subscription.endpoint.replace('/push/', '/subscriptions/')}/faults`, { method: 'POST', body: JSON.stringify({ statuses }) });

  it('sends the payload as JSON that decrypts with the subscription’s keys, signed with the VAPID key', async () => {
    const subscription = await service.subscribe(vapid.publicKey);
    const payload = { title: 'Lesson cancelled', body: 'Piano, Tuesday', url: '/notices/N1' };
    expect(await sendPush(subscription, payload, options({ urgency: 'high', topic: 'N1' }))).toEqual({ outcome: 'sent', attempts: 1 });
    const [message, ...more] = await arrivedFor(subscription);
    expect(more).toEqual([]);
    expect(JSON.parse(message!.payload)).toEqual(payload);
    expect(message).toMatchObject({ ttl: 3600, urgency: 'high', topic: 'N1', vapid: { sub: vapid.subject } });
  });

  it('tells a subscription that is gone (410) from one never known (404)', async () => {
    const subscription = await service.subscribe(vapid.publicKey);
    await fetch(subscription.endpoint.replace('/push/', '/subscriptions/'), { method: 'DELETE' });
    expect(await sendPush(subscription, {}, options())).toEqual({ outcome: 'gone', status: 410 });
    expect(await sendPush({ ...subscription, endpoint: `${service.url}/push/never` }, {}, options())).toEqual({ outcome: 'gone', status: 404 });
  });

  it('tries again after 429 and 5xx, and the message arrives once', async () => {
    const subscription = await service.subscribe(vapid.publicKey);
    await plan(subscription, [429, 503]);
    expect(await sendPush(subscription, { n: 1 }, options())).toEqual({ outcome: 'sent', attempts: 3 });
    expect(await arrivedFor(subscription)).toHaveLength(1);
  });

  it('gives up when the tries or the deadline run out, and says why', async () => {
    const subscription = await service.subscribe(vapid.publicKey);
    await plan(subscription, [500, 500, 500]);
    const outcome = await sendPush(subscription, {}, options({ attempts: 3 }));
    expect(outcome).toMatchObject({ outcome: 'failed', status: 500 });
    // The service answers 429 with Retry-After: 1 s, past this deadline: no second try.
    await plan(subscription, [429]);
    const started = Date.now();
    expect(await sendPush(subscription, {}, options({ deadline: Date.now() + 300 }))).toMatchObject({ outcome: 'failed', status: 429 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await arrivedFor(subscription)).toEqual([]);
  });

  it('does not try again what the push service refused for good (a key it was not made with)', async () => {
    const subscription = await service.subscribe(webpush.generateVAPIDKeys().publicKey);
    expect(await sendPush(subscription, {}, options())).toMatchObject({ outcome: 'failed', status: 403 });
  });

  it('answers "failed" when the push service cannot be reached', async () => {
    const subscription = await service.subscribe(vapid.publicKey);
    const closed = { ...subscription, endpoint: 'http://127.0.0.1:9/push/x' };
    expect(await sendPush(closed, {}, options({ attempts: 2 }))).toMatchObject({ outcome: 'failed', status: null });
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});
