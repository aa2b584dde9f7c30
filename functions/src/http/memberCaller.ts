/**
 * Who calls a member or office endpoint: a verified account within its per-account limit, and its
 * member; or an active admin within the admin's own limit.
 */
import { isActiveMember, MEMBERSHIP_ENDED, NOT_A_MEMBER } from '@family-portal/contract';
import type { Request } from 'express';
import { adminDb } from '../admin';
import { findMemberByEmail } from '../sync/family/findMember';
import { enforceAccountLimit, type AccountLimit } from './accountLimit';
import { requireAdmin, requireVerifiedUser } from './auth';
import { HttpError } from './errors';

/** The verified caller, counted against the endpoint's per-account limit (429 beyond it). */
export async function limitedCaller(request: Request, limit: AccountLimit) {
  const caller = await requireVerifiedUser(request);
  await enforceAccountLimit(adminDb(), limit, caller.uid);
  return caller;
}

export async function callerAndMember(request: Request, limit: AccountLimit) {
  const caller = await limitedCaller(request, limit);
  const member = await findMemberByEmail(adminDb(), caller.email);
  // No index entry: never a member, the row was deleted or rejected, or two rows share the
  // address. Nothing is written and nothing is sent to AppSheet.
  if (!member) throw new HttpError(NOT_A_MEMBER, 'No membership was found for this account. Please contact the school office.');
  return { caller, member };
}

/**
 * The caller and its member, for the endpoints that act (book, withdraw, report an absence, mark a
 * notice read, subscribe a calendar): a family whose membership ended still reads its records and
 * may export, edit or leave, but acts on nothing. 403 `membership-ended`, nothing written.
 */
export async function callerAndActiveMember(request: Request, limit: AccountLimit) {
  const found = await callerAndMember(request, limit);
  if (!isActiveMember(found.member.data())) {
    throw new HttpError(MEMBERSHIP_ENDED, 'This membership has ended: the portal shows its records, but nothing can be booked, reported or subscribed.');
  }
  return found;
}

/** An active admin (admin_users), counted against the endpoint's per-account limit. */
export async function limitedAdmin(request: Request, limit: AccountLimit) {
  const caller = await requireAdmin(request);
  await enforceAccountLimit(adminDb(), limit, caller.uid);
  return caller;
}
