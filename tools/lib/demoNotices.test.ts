import type { Firestore } from 'firebase-admin/firestore';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { demoLine, nextLessonDay, readAnswer, runDemoNotices, seedDemoNotices, startLines, type EndpointAnswer } from './demoNotices';

describe('nextLessonDay', () => {
  // 2026-11-28 is a Saturday.
  it('finds the first day after today on one of the weekdays', () => {
    expect(nextLessonDay(['Mi.', 'Mo.'], '2026-11-28', '2026-12-31')).toBe('2026-11-30');
  });

  it('from a week on, for the demo, when asked', () => {
    expect(nextLessonDay(['Mo.'], '2026-11-28', '2026-12-31', 8)).toBe('2026-12-07');
  });

  it('finds none past the quarter, on no weekday of the lesson, or beyond two weeks', () => {
    expect(nextLessonDay(['Mo.'], '2026-12-29', '2026-12-31')).toBeNull();
    expect(nextLessonDay([], '2026-11-28', '2026-12-31')).toBeNull();
    expect(nextLessonDay(['Mo.'], '2026-11-28', '2026-12-31', 15)).toBeNull();
  });
});

describe('readAnswer', () => {
  it('reads the recipients of a sent notice', () => {
    expect(readAnswer('sendNotice', 200, JSON.stringify({ data: { id: 'n1', recipients: 3 } }))).toEqual({ ok: true, recipients: 3 });
  });

  it("reads a refusal's status, code and message", () => {
    expect(readAnswer('sendNotice', 400, JSON.stringify({ error: 'invalid-argument', message: 'No family is in this audience: nothing was sent.' }))).toEqual({
      ok: false,
      endpoint: 'sendNotice',
      status: 400,
      error: 'invalid-argument',
      message: 'No family is in this audience: nothing was sent.',
    });
  });

  it('is null for a body that is not JSON (functions not loaded yet), and a failure for JSON without data', () => {
    expect(readAnswer('sendNotice', 404, 'Function us-central1-sendNotice does not exist')).toBeNull();
    expect(readAnswer('sendNotice', 200, '{}')).toMatchObject({ ok: false, status: 200, message: '{}' });
  });
});

describe('demoLine', () => {
  const step = { name: 'demo notice', nobody: 'no family in the audience has a portal account yet', done: (recipients: number) => `notice to ${recipients} families` };
  const refused = (status: number, error: string, message: string): EndpointAnswer => ({ ok: false, endpoint: 'sendNotice', status, error, message });

  it('says what was done', () => {
    expect(demoLine(step, { ok: true, recipients: 3 })).toEqual({ text: 'notice to 3 families', failed: false });
  });

  it('skips a step whose audience is empty, in one line', () => {
    expect(demoLine(step, refused(400, 'invalid-argument', 'No family is in this audience: nothing was sent.'))).toEqual({
      text: 'demo notice: skipped, no family in the audience has a portal account yet',
      failed: false,
    });
  });

  it('fails on any other refusal, naming the endpoint, status and message', () => {
    expect(demoLine(step, refused(400, 'invalid-argument', 'Invalid request: texts: too long'))).toEqual({
      text: 'demo notice: failed, sendNotice answered HTTP 400: Invalid request: texts: too long',
      failed: true,
    });
    expect(demoLine(step, refused(500, 'internal', 'Something went wrong on the server. Please try again.')).failed).toBe(true);
  });
});

describe('startLines', () => {
  it('prints done and skipped steps as they are, and a failed one as a warning the stack runs on after', () => {
    expect(
      startLines([
        { text: 'demo notice: skipped, no family in the audience has a portal account yet', failed: false },
        { text: 'demo cancellation: failed, cancelLesson answered HTTP 500: boom', failed: true },
      ]),
    ).toEqual([
      'demo notice: skipped, no family in the audience has a portal account yet',
      'warning: demo cancellation: failed, cancelLesson answered HTTP 500: boom (the stack runs without it)',
    ]);
  });
});

describe('runDemoNotices on a school without the demo accounts', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** Firestore as the sync leaves it for such a school: no member under the demo parent's address, no quarters. */
  const db = {
    doc: () => ({ get: async () => ({ get: () => undefined }) }),
    collection: () => ({ get: async () => ({ docs: [] }) }),
  } as unknown as Firestore;

  /** The emulators' answers: the admin's sign-in, then sendNotice (first not loaded yet, then this answer). */
  function stubFetch(status: number, body: object) {
    const answers = [
      new Response(JSON.stringify({ idToken: 'token' })),
      new Response('Function does not exist', { status: 404 }),
      new Response(JSON.stringify(body), { status }),
    ];
    vi.stubGlobal('fetch', vi.fn(async () => answers.shift() ?? new Response('{}', { status: 500 })));
  }

  it('skips both steps in one line each, and the browser tests\' seeding goes on too', async () => {
    stubFetch(400, { error: 'invalid-argument', message: 'No family is in this audience: nothing was sent.' });
    expect(await runDemoNotices(db)).toEqual([
      { text: 'demo notice: skipped, no family in the audience has a portal account yet', failed: false },
      { text: "demo cancellation: skipped, no lesson of Anna Müller's in the coming days", failed: false },
    ]);
    stubFetch(400, { error: 'invalid-argument', message: 'No family is in this audience: nothing was sent.' });
    expect(await seedDemoNotices(db)).toHaveLength(2);
  });

  it('sends each step with a key of its own, the same in every attempt of it', async () => {
    stubFetch(400, { error: 'invalid-argument', message: 'No family is in this audience: nothing was sent.' });
    await runDemoNotices(db);
    const bodies = vi.mocked(fetch).mock.calls.slice(1).map(([, init]) => JSON.parse(String(init?.body)) as { idempotencyKey?: string });
    expect(bodies).toHaveLength(2);
    expect(bodies[0]!.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(bodies[1]!.idempotencyKey).toBe(bodies[0]!.idempotencyKey);
  });

  it("says what failed; the browser tests' seeding stops on it", async () => {
    stubFetch(500, { error: 'internal', message: 'Something went wrong on the server. Please try again.' });
    expect((await runDemoNotices(db))[0]).toEqual({
      text: 'demo notice: failed, sendNotice answered HTTP 500: Something went wrong on the server. Please try again.',
      failed: true,
    });
    stubFetch(500, { error: 'internal', message: 'Something went wrong on the server. Please try again.' });
    await expect(seedDemoNotices(db)).rejects.toThrow('sendNotice answered HTTP 500');
  });
});
