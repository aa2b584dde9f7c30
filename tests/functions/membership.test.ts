/**
 * Only members get accounts: checkEmailExists for the login page, and the beforeUserCreated
 * gate that the Auth emulator calls for every sign-up, including direct Auth API calls.
 */
import { createHash } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { trustedProxiesFromEnvironment } from '../../functions/src/config';
import { CHECK_EMAIL_RATE_LIMIT } from '../../functions/src/members/checkEmailExists';
import { clientCounterId, clientKey, GLOBAL_SHARDS, globalShardId, minuteWindow, RATE_LIMITS } from '../../functions/src/http/rateLimit';
import { DEMO_RATE_LIMIT_HMAC_KEY, EMULATOR_HOST, PORTS } from '../../tools/lib/stack';
import { functionUrl } from '../support/auth';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';

const { db, auth } = emulatorAdmin();
const MEMBER = 'member.parent@example.com';
const { scope, perClientPerMinute, perSitePerMinute, globalPerMinute } = CHECK_EMAIL_RATE_LIMIT;

let client = 0;
/** A fresh client address per test, so that the rate limit of one test does not spill over. */
const nextClient = () => `203.0.113.${(client += 1)}`;

let site = 0;
/** The third group of a fresh IPv6 /48 under 2001:db8::/32, so that no test fills another's site. */
const nextIPv6Site = () => (site += 1);
const hex = (value: number) => value.toString(16);

/**
 * The proxies the emulated functions trust in this session. `firebase emulators:exec` hands its
 * environment to them and to this file alike (functions/.env.demo-family-portal leaves the
 * setting out), and a function cannot be given another value per test: `npm test` runs with
 * none (0, the functions called directly); run this file with TRUSTED_PROXY_COUNT=1 or 2 in the
 * environment to test them behind proxies end to end.
 */
const trustedProxies = trustedProxiesFromEnvironment();
const PROXIES = Array.from({ length: trustedProxies }, (_, i) => `192.0.2.${i + 1}`);

/**
 * X-Forwarded-For as it arrives through the trusted proxies: the entries the client sent, then
 * the client as the first proxy saw it, then each proxy as the next hop saw it (the last one as
 * Google's front end saw it).
 */
const throughProxies = (client: string, sent: string[] = []) => [...sent, client, ...PROXIES].join(', ');

const counterId = (address: string) => clientCounterId(scope, clientKey(address, DEMO_RATE_LIMIT_HMAC_KEY));
const counterRef = (id: string) => db.collection(RATE_LIMITS).doc(id);

/** Every rate-limit document with its count and last update, to show that nothing was written. */
async function rateLimitDocuments() {
  const snapshot = await db.collection(RATE_LIMITS).get();
  return Object.fromEntries(snapshot.docs.map((doc) => [doc.id, { count: doc.get('count'), updated: doc.updateTime.valueOf() }]));
}

/**
 * Runs a sequence of checks that must fall into one rate-limit window (counted the way the
 * function counts it, on the same clock). If the minute turned while it ran, the sequence runs
 * once more with fresh clients: it takes seconds, so the next minute cannot turn as well.
 */
async function inOneWindow<T>(sequence: (window: number) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const window = minuteWindow(new Date());
    const result = await sequence(window);
    if (minuteWindow(new Date()) === window) return result;
    if (attempt === 2) throw new Error('The minute turned twice during one sequence of checks.');
  }
}

/** Sends checks from each address in turn and returns the statuses. */
async function statusesFrom(addresses: string[]) {
  const statuses = [];
  for (const [i, address] of addresses.entries()) statuses.push((await checkEmail({ email: `probe${i}@example.com` }, address)).status);
  return statuses;
}

async function checkEmail(body: unknown, address: string, method = 'POST') {
  const response = await fetch(functionUrl('checkEmailExists'), {
    method,
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
    body: method === 'POST' ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json() };
}

/** A sign-up straight through the Auth API, as anyone could send it. */
async function signUpDirectly(email: string) {
  const response = await fetch(`http://${EMULATOR_HOST}:${PORTS.auth}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret123', returnSecureToken: true }),
  });
  return { status: response.status, body: (await response.json()) as { idToken?: string; error?: { message: string } } };
}

beforeAll(async () => {
  await clearFirestore();
  await db.doc('members/M-test').set({ primaryEmail: MEMBER, primaryName: 'Member Parent', status: 'active' });
  // As a sync would index it: access and the membership check go through member_emails.
  await db.doc(`member_emails/${MEMBER}`).set({ memberId: 'M-test' });
});

describe('checkEmailExists', () => {
  it('says whether an address belongs to a member, after trimming and lower-casing', async () => {
    const address = nextClient();
    expect(await checkEmail({ email: `  Member.Parent@Example.COM ` }, address)).toEqual({ status: 200, body: { exists: true } });
    expect(await checkEmail({ email: 'stranger@example.com' }, address)).toEqual({ status: 200, body: { exists: false } });
  });

  it.each([
    ['no body', undefined],
    ['no e-mail', {}],
    ['not an e-mail', { email: 'member at example' }],
    ['a number', { email: 42 }],
    ['an extra field', { email: MEMBER, include: 'name' }],
    ['an oversized value', { email: `${'a'.repeat(250)}@example.com` }],
  ])('answers 400 to %s', async (_what, body) => {
    const { status, body: answer } = await checkEmail(body, nextClient());
    expect(status).toBe(400);
    expect(answer).toEqual({ error: 'invalid-argument', message: expect.stringContaining('valid e-mail') });
  });

  it('answers 405 to GET', async () => {
    expect((await checkEmail(undefined, nextClient(), 'GET')).status).toBe(405);
  });

  it('limits each client to 10 checks a minute', async () => {
    expect(perClientPerMinute).toBe(10);
    const { statuses, limited, otherClient } = await inOneWindow(async () => {
      const address = nextClient();
      const statuses = await statusesFrom(Array(10).fill(address));
      const limited = await checkEmail({ email: MEMBER }, address);
      const otherClient = await checkEmail({ email: MEMBER }, nextClient());
      return { statuses, limited, otherClient };
    });
    expect(statuses).toEqual(Array(10).fill(200));
    expect(limited).toEqual({
      status: 429,
      body: { error: 'resource-exhausted', message: 'Too many requests. Please wait a minute and try again.', data: { retryAfterSeconds: expect.any(Number) } },
    });
    expect(otherClient.status).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 together, and another /64 apart', async () => {
    const { statuses, sameNetwork, neighbour } = await inOneWindow(async () => {
      const group = nextIPv6Site();
      const statuses = await statusesFrom(Array.from({ length: 10 }, (_, i) => `2001:db8:${hex(group)}:1::${hex(i + 1)}`));
      const sameNetwork = await checkEmail({ email: MEMBER }, `2001:0DB8:${hex(group).padStart(4, '0')}:0001:FFFF:FFFF:FFFF:FFFF`);
      const neighbour = await checkEmail({ email: MEMBER }, `2001:db8:${hex(group)}:2::1`);
      return { statuses, sameNetwork, neighbour };
    });
    expect(statuses).toEqual(Array(10).fill(200));
    expect(sameNetwork.status).toBe(429);
    expect(neighbour.status).toBe(200);
  });

  it('limits one IPv6 /48 to 30 checks a minute over all its /64s, writes nothing when refused, and another /48 still gets through', async () => {
    expect(perSitePerMinute).toBe(30);
    const { statuses, fromSite, before, after, otherSite } = await inOneWindow(async () => {
      const group = hex(nextIPv6Site());
      // Each check also names an address of its own, in a /48 of its own: none may count.
      const fromSubnet = (subnet: number) => throughProxies(`2001:db8:${group}:${hex(subnet)}::1`, [`2001:db9:${hex(subnet)}::1`]);
      // One check from each of 30 /64s of the site: no /64 comes near its own limit.
      const statuses = await statusesFrom(Array.from({ length: 30 }, (_, i) => fromSubnet(i + 1)));
      const before = await rateLimitDocuments();
      const fromSite = await checkEmail({ email: MEMBER }, fromSubnet(0xffff));
      const after = await rateLimitDocuments();
      const otherSite = await checkEmail({ email: MEMBER }, throughProxies(`2001:db8:${hex(nextIPv6Site())}:1::1`, [`2001:db8:${group}:1::1`]));
      return { statuses, fromSite, before, after, otherSite };
    });
    expect(statuses).toEqual(Array(30).fill(200));
    expect(fromSite.status).toBe(429);
    expect(after).toEqual(before);
    expect(otherSite.status).toBe(200);
  });

  it(`with TRUSTED_PROXY_COUNT=${trustedProxies}, counts the client the proxies saw, never the entries it sent, and two clients behind the same proxies apart`, async () => {
    const { statuses, limited, neighbour } = await inOneWindow(async () => {
      const client = nextClient();
      // Each check names other addresses of its own: were any counted, no check would be refused.
      const statuses = await statusesFrom(Array.from({ length: 10 }, (_, i) => throughProxies(client, [`198.18.${i}.1`])));
      const limited = await checkEmail({ email: MEMBER }, throughProxies(client, ['spoofed', '198.18.99.1']));
      const neighbour = await checkEmail({ email: MEMBER }, throughProxies(nextClient(), ['198.18.0.1']));
      return { statuses, limited, neighbour };
    });
    expect(statuses).toEqual(Array(10).fill(200));
    expect(limited.status).toBe(429);
    expect(neighbour.status).toBe(200);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const { statuses, mapped } = await inOneWindow(async () => {
      const address = nextClient();
      return { statuses: await statusesFrom(Array(10).fill(address)), mapped: await checkEmail({ email: MEMBER }, `::ffff:${address}`) };
    });
    expect(statuses).toEqual(Array(10).fill(200));
    expect(mapped.status).toBe(429);
  });

  it('writes nothing for a check over the limit', async () => {
    const { address, window, statuses, limited, before, after } = await inOneWindow(async (window) => {
      const address = nextClient();
      const statuses = await statusesFrom(Array(10).fill(address));
      const before = await rateLimitDocuments();
      const limited = await checkEmail({ email: MEMBER }, address);
      const after = await rateLimitDocuments();
      return { address, window, statuses, limited, before, after };
    });
    expect(statuses).toEqual(Array(10).fill(200));
    expect(limited.status).toBe(429);
    expect(before[counterId(address)]?.count).toBe(10);
    expect((await counterRef(counterId(address)).get()).get('window')).toBe(window);
    expect(after).toEqual(before);
  });

  it('stores a counter under an HMAC of the client, not under a hash of its address', async () => {
    const address = nextClient();
    expect((await checkEmail({ email: MEMBER }, address)).status).toBe(200);
    const ids = Object.keys(await rateLimitDocuments());
    expect(ids).toContain(counterId(address));
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    for (const plain of [sha256(address), sha256(`${scope}:${address}`)]) {
      for (const id of ids) expect(id).not.toContain(plain.slice(0, 16));
    }
  });

  it('answers 429 to a fresh client once the global ceiling is reached, and writes nothing', async () => {
    const windows = new Set<number>();
    const shardRefs = (window: number) => Array.from({ length: GLOBAL_SHARDS }, (_, shard) => counterRef(globalShardId(scope, window, shard)));
    try {
      const { lastAllowed, refused, refusedClient, before, after } = await inOneWindow(async (window) => {
        windows.add(window);
        // Fill the window's shards up to one below the ceiling, whatever earlier tests counted.
        const [first, ...others] = shardRefs(window);
        const counted = (await db.getAll(...others)).reduce((sum, shard) => sum + ((shard.get('count') as number | undefined) ?? 0), 0);
        await first?.set({ count: globalPerMinute - 1 - counted });

        const lastAllowed = await checkEmail({ email: MEMBER }, nextClient());
        const refusedClient = nextClient();
        const before = await rateLimitDocuments();
        const refused = await checkEmail({ email: MEMBER }, refusedClient);
        const after = await rateLimitDocuments();
        return { lastAllowed, refused, refusedClient, before, after };
      });
      expect(lastAllowed.status).toBe(200);
      expect(refused).toEqual({
        status: 429,
        body: { error: 'resource-exhausted', message: 'Too many requests. Please wait a minute and try again.', data: { retryAfterSeconds: expect.any(Number) } },
      });
      expect(after).toEqual(before);
      expect(after[counterId(refusedClient)]).toBeUndefined();
    } finally {
      // Later checks in this minute (other tests, the browser tests) must not meet the ceiling.
      await Promise.all([...windows].flatMap((window) => shardRefs(window).map((ref) => ref.delete())));
    }
  });
});

describe('the membership gate on sign-up', () => {
  beforeEach(async () => {
    for (const email of [MEMBER, 'stranger@example.com']) {
      const user = await auth.getUserByEmail(email).catch(() => null);
      if (user) await auth.deleteUser(user.uid);
    }
  });

  it('refuses an address that is not a member, even through the Auth API, and creates no account', async () => {
    const { status, body } = await signUpDirectly('stranger@example.com');
    expect(status).toBe(400);
    expect(body.error?.message).toMatch(/not-a-member: only members/);
    await expect(auth.getUserByEmail('stranger@example.com')).rejects.toMatchObject({ code: 'auth/user-not-found' });
  });

  it("lets a member's address sign up", async () => {
    const { status, body } = await signUpDirectly(MEMBER);
    expect(status).toBe(200);
    expect(body.idToken).toEqual(expect.any(String));
    expect((await auth.getUserByEmail(MEMBER)).email).toBe(MEMBER);
  });
});
