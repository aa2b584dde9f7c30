/** POST {email} → {exists}: whether the address belongs to a member. Nothing else is revealed. */
import type { Request } from 'express';
import { checkEmailExistsBody } from '@family-portal/contract';
import { adminDb } from '../admin';
import { rateLimitHmacKey, trustedProxiesFromEnvironment } from '../config';
import { findMemberByEmail } from '../sync/family/findMember';
import { badRequest } from '../http/errors';
import { clientAddress, enforceRateLimit, type RateLimit } from '../http/rateLimit';

/** Enough for a parent who mistypes a few times; too few to walk through a list of addresses. */
export const CHECK_EMAIL_LIMIT_PER_MINUTE = 10;

/**
 * Across all clients: far above the school's sign-ups (a handful of parents a minute on the
 * busiest day), yet it caps what many clients together (a botnet, or one holder of many IPv6
 * /64s) can probe.
 */
export const CHECK_EMAIL_GLOBAL_LIMIT_PER_MINUTE = 300;

/**
 * Per IPv6 /48, over all its /64s: one holder of a /48 has 65,536 /64s, each with the per-client
 * limit, and could otherwise fill the global ceiling alone; with this limit it takes ten. Higher than
 * the per-client limit because a /48 can be shared: a company's or a provider's pool may hold many
 * households, several of whom may sign up in the same minute. A 429 costs them only the advance
 * notice, as the sign-up gate decides membership anyway.
 */
export const CHECK_EMAIL_SITE_LIMIT_PER_MINUTE = 30;

export const CHECK_EMAIL_RATE_LIMIT: RateLimit = {
  scope: 'checkEmailExists',
  perClientPerMinute: CHECK_EMAIL_LIMIT_PER_MINUTE,
  perSitePerMinute: CHECK_EMAIL_SITE_LIMIT_PER_MINUTE,
  globalPerMinute: CHECK_EMAIL_GLOBAL_LIMIT_PER_MINUTE,
};

export async function checkEmailExists(request: Request) {
  const db = adminDb();
  await enforceRateLimit(db, CHECK_EMAIL_RATE_LIMIT, clientAddress(request, trustedProxiesFromEnvironment()), rateLimitHmacKey.value());
  const parsed = checkEmailExistsBody.safeParse(request.body);
  if (!parsed.success) throw badRequest('Send a JSON body {"email": "…"} with a valid e-mail address.');
  return { exists: (await findMemberByEmail(db, parsed.data.email)) !== null };
}
