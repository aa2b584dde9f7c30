/**
 * A per-client rate limit shared by all function instances: a fixed one-minute window counted
 * in Firestore (rate_limits/{hash}), changed in a transaction. Clients cannot read it (rules).
 */
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { HttpError } from './errors';

export const RATE_LIMITS = 'rate_limits';

/**
 * The caller's address. Behind Google's front end the client address is the last entry of
 * X-Forwarded-For (entries before it are whatever the client sent); locally, the socket's.
 */
export function clientAddress(request: Request): string {
  const forwarded = request.get('x-forwarded-for');
  const last = forwarded?.split(',').pop()?.trim();
  return last || request.ip || request.socket?.remoteAddress || 'unknown';
}

export async function enforceRateLimit(
  db: Firestore,
  scope: string,
  client: string,
  limitPerMinute: number,
  now = new Date(),
): Promise<void> {
  // Only a hash of the address is stored: no personal data at rest.
  const key = createHash('sha256').update(`${scope}:${client}`).digest('hex').slice(0, 32);
  const window = Math.floor(now.getTime() / 60_000);
  const ref = db.collection(RATE_LIMITS).doc(key);
  const allowed = await db.runTransaction(async (transaction) => {
    const current = (await transaction.get(ref)).data() as { window?: number; count?: number } | undefined;
    const count = current?.window === window ? (current.count ?? 0) + 1 : 1;
    transaction.set(ref, { window, count, expiresAt: new Date((window + 2) * 60_000) });
    return count <= limitPerMinute;
  });
  if (!allowed) throw new HttpError(429, 'resource-exhausted', 'Too many requests. Please wait a minute and try again.');
}
