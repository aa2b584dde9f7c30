/**
 * Many calls of one emulated function at once, each timed. The Functions emulator serves them in
 * a shared runtime, as a deployed instance serves requests up to its concurrency
 * (tools/emulator/sharedRuntimes.cjs), which the first request starts: seconds of CPU to load the
 * functions and the Firestore client, and a request whose runtime takes 30 s to start is never
 * answered at all. Deployed instances are warm; warmProcesses() starts the runtimes first, so that
 * what a test times is the function itself.
 */
import { functionUrl } from './auth';

export interface TimedAnswer {
  /** 0 when no answer came within the wait. */
  status: number;
  retryAfter: string | null;
  body: Record<string, any>;
  ms: number;
}

/** A POST (or a GET without a body) as a signed-in caller; how long its answer took. */
export async function timedCall(name: string, token: string, body: unknown, waitMs: number): Promise<TimedAnswer> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(functionUrl(name), {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(waitMs),
    });
    return { status: response.status, retryAfter: response.headers.get('Retry-After'), body: (await response.json()) as Record<string, any>, ms: ms() };
  } catch (error) {
    if ((error as Error).name !== 'TimeoutError') throw error;
    return { status: 0, retryAfter: null, body: { error: 'no answer' }, ms: ms() };
  }
}

/**
 * Starts runtimes for `calls.length` requests of `name` in flight, a few more at a time, until
 * two rounds of them all at once were all answered. The calls should be refused early (a body
 * the function rejects after its caller's checks have read Firestore); `between` runs after each
 * round (to reset the callers' rate limits).
 */
export async function warmProcesses(name: string, calls: Array<{ token: string; body: unknown }>, between: () => Promise<void>): Promise<void> {
  let inFlight = Math.min(5, calls.length);
  let fullRounds = 0;
  while (fullRounds < 2) {
    const answers = await Promise.all(calls.slice(0, inFlight).map(({ token, body }) => timedCall(name, token, body, 45_000)));
    await between();
    // The emulator gave up on a process: start as many again.
    if (answers.some((answer) => answer.status === 0)) continue;
    if (inFlight < calls.length) inFlight = Math.min(inFlight + 5, calls.length);
    else fullRounds += 1;
  }
}
