/**
 * Retry with exponential backoff, for every call the functions make to Firestore or AppSheet
 * that may fail for a moment. Built on es-toolkit's retry; this only fixes the policy: a number
 * of attempts in all, a first pause that doubles each time, and which failures may pass.
 */
import { retry } from 'es-toolkit/function';

export interface RetryPolicy {
  /** Tries in all, the first included (at least 1). */
  attempts: number;
  /** Pause before the second try; twice as long before each further one. */
  backoffMs: number;
  /** Whether a failure may pass on its own (default: every one); others end at once. */
  retryable?: (error: unknown) => boolean;
  /** The pause after this failure, when it should differ from the backoff (0: try again at once). */
  pauseAfter?: (error: unknown, backoffMs: number) => number;
}

/**
 * Runs `operation` until it succeeds or the policy gives up, and throws the last failure.
 * `operation` receives the attempt number, from 1.
 */
export async function withRetry<T>(operation: (attempt: number) => Promise<T>, policy: RetryPolicy): Promise<T> {
  let attempt = 0;
  return retry(() => operation(++attempt), {
    retries: Math.max(1, policy.attempts) - 1,
    shouldRetry: (error) => policy.retryable?.(error) ?? true,
    delay: (retried, error) => {
      const backoff = policy.backoffMs * 2 ** retried;
      return policy.pauseAfter ? policy.pauseAfter(error, backoff) : backoff;
    },
  });
}
