/**
 * One Web Push message to one subscription: encrypted for its keys (RFC 8291) and signed with the
 * portal's VAPID key (RFC 8292) by the web-push package, sent to its push service (RFC 8030) with
 * fetch, so that the function bounds each try and the retries by its own time.
 *
 * - 201 (or any 2xx): sent.
 * - 404 or 410: the subscription is gone (the browser dropped it, the parent revoked the
 *   permission); the caller deletes it.
 * - 429 and 5xx, a refused connection or a timeout: tried again after Retry-After or a doubling
 *   pause, while the deadline allows.
 * - Anything else (400, 401, 403, 413): a fault of this message or of the VAPID key; not retried.
 */
import webpush from 'web-push';
import type { VapidKeys } from '../lib/settingShapes';
import { withRetry } from '../lib/retry';

export type { VapidKeys } from '../lib/settingShapes';

export interface PushSubscriptionKeys {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}


export interface PushOptions {
  vapid: VapidKeys;
  /** How long the push service keeps the message for a device that is offline, in seconds. */
  ttlSeconds: number;
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
  /** An undelivered earlier message with the same topic is replaced (RFC 8030 §5.4). */
  topic?: string;
  /** Epoch ms after which no further try starts: within the function's time. */
  deadline: number;
  /** Tries in all (default 4), and the first pause (default 500 ms, doubling). */
  attempts?: number;
  backoffMs?: number;
}

export type PushOutcome = { outcome: 'sent'; attempts: number } | { outcome: 'gone'; status: number } | { outcome: 'failed'; status: number | null; message: string };

/** The longest a single try waits for the push service. */
const TRY_TIMEOUT_MS = 10_000;

class PushFailure extends Error {
  constructor(
    readonly status: number | null,
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/** Retry-After as seconds (the push services' form) or an HTTP date, in ms; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export async function sendPush(subscription: PushSubscriptionKeys, payload: unknown, options: PushOptions): Promise<PushOutcome> {
  const { endpoint, method, headers, body } = webpush.generateRequestDetails(subscription, JSON.stringify(payload), {
    vapidDetails: options.vapid,
    TTL: options.ttlSeconds,
    ...(options.urgency ? { urgency: options.urgency } : {}),
    ...(options.topic ? { topic: options.topic } : {}),
  });
  const backoffMs = options.backoffMs ?? 500;
  let tries = 0;
  try {
    return await withRetry(
      async () => {
        tries += 1;
        let response: Response;
        try {
          response = await fetch(endpoint, {
            method,
            headers: headers as Record<string, string>,
            body: new Uint8Array(body),
            signal: AbortSignal.timeout(Math.max(1, Math.min(TRY_TIMEOUT_MS, options.deadline - Date.now()))),
          });
        } catch (error) {
          throw new PushFailure(null, `The push service did not answer: ${(error as Error).message}`, true);
        }
        if (response.ok) return { outcome: 'sent', attempts: tries } as const;
        if (response.status === 404 || response.status === 410) return { outcome: 'gone', status: response.status } as const;
        const text = (await response.text()).slice(0, 200);
        const retryable = response.status === 429 || response.status >= 500;
        throw new PushFailure(response.status, `The push service answered ${response.status}: ${text}`, retryable, retryAfterMs(response.headers.get('retry-after')));
      },
      {
        attempts: options.attempts ?? 4,
        backoffMs,
        // A pause that would end past the deadline is not taken.
        retryable: (error) => error instanceof PushFailure && error.retryable && Date.now() + (error.retryAfterMs ?? backoffMs) < options.deadline,
        pauseAfter: (error, backoff) => Math.min((error as PushFailure).retryAfterMs ?? backoff, Math.max(0, options.deadline - Date.now())),
      },
    );
  } catch (error) {
    if (error instanceof PushFailure) return { outcome: 'failed', status: error.status, message: error.message };
    throw error;
  }
}
