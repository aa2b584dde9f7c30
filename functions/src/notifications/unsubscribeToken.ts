/**
 * The one-click unsubscribe link of a parent's e-mail: it works without signing in, so the link
 * itself must prove which account and which kind of e-mail it stops. A token is the account's uid
 * and the kind, signed with an HMAC under a secret key; an altered token is refused.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface UnsubscribeClaim {
  uid: string;
  /** A kind of e-mail (PARENT_MAIL_KINDS), or 'all'. */
  kind: string;
}

const sign = (payload: string, key: string) => createHmac('sha256', key).update(`unsubscribe:${payload}`).digest('base64url');

export function unsubscribeToken(claim: UnsubscribeClaim, key: string): string {
  if (!key) throw new Error('The unsubscribe key is empty.');
  const payload = Buffer.from(JSON.stringify({ u: claim.uid, k: claim.kind })).toString('base64url');
  return `${payload}.${sign(payload, key)}`;
}

/** The claim of a token signed with `key`, or null for anything else. */
export function readUnsubscribeToken(token: string, key: string): UnsubscribeClaim | null {
  if (!key) throw new Error('The unsubscribe key is empty.');
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(sign(payload, key));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const { u, k } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { u?: unknown; k?: unknown };
    return typeof u === 'string' && typeof k === 'string' && u && k ? { uid: u, kind: k } : null;
  } catch {
    return null;
  }
}
