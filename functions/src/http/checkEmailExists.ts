/** POST {email} → {exists}: whether the address belongs to a member. Nothing else is revealed. */
import type { Request } from 'express';
import { z } from 'zod';
import { adminDb } from '../admin';
import { findMemberByEmail } from '../members/findMember';
import { badRequest } from './errors';
import { clientAddress, enforceRateLimit } from './rateLimit';

/** Enough for a parent who mistypes a few times; too few to walk through a list of addresses. */
export const CHECK_EMAIL_LIMIT_PER_MINUTE = 10;

const body = z
  .object({ email: z.string().trim().toLowerCase().max(254).pipe(z.email()) })
  .strict();

export async function checkEmailExists(request: Request) {
  const db = adminDb();
  await enforceRateLimit(db, 'checkEmailExists', clientAddress(request), CHECK_EMAIL_LIMIT_PER_MINUTE);
  const parsed = body.safeParse(request.body);
  if (!parsed.success) throw badRequest('Send a JSON body {"email": "…"} with a valid e-mail address.');
  return { exists: (await findMemberByEmail(db, parsed.data.email)) !== null };
}
