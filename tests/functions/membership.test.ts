/**
 * Only members get accounts: checkEmailExists for the login page, and the beforeUserCreated
 * gate that the Auth emulator calls for every sign-up, including direct Auth API calls.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMULATOR_HOST, PORTS } from '../../tools/lib/stack';
import { functionUrl } from '../support/auth';
import { clearFirestore, emulatorAdmin } from '../../tools/lib/emulators';

const { db, auth } = emulatorAdmin();
const MEMBER = 'member.parent@example.com';

let client = 0;
/** A fresh client address per test, so that the rate limit of one test does not spill over. */
const nextClient = () => `203.0.113.${(client += 1)}`;

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
    const address = nextClient();
    const statuses = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await checkEmail({ email: `probe${i}@example.com` }, address)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    const limited = await checkEmail({ email: MEMBER }, address);
    expect(limited).toEqual({ status: 429, body: { error: 'resource-exhausted', message: expect.stringMatching(/Too many requests/) } });
    expect((await checkEmail({ email: MEMBER }, nextClient())).status).toBe(200);
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
    expect(body.error?.message).toMatch(/NOT_A_MEMBER/);
    await expect(auth.getUserByEmail('stranger@example.com')).rejects.toMatchObject({ code: 'auth/user-not-found' });
  });

  it("lets a member's address sign up", async () => {
    const { status, body } = await signUpDirectly(MEMBER);
    expect(status).toBe(200);
    expect(body.idToken).toEqual(expect.any(String));
    expect((await auth.getUserByEmail(MEMBER)).email).toBe(MEMBER);
  });
});
