/** updateMemberData and cancelMembership (spec section 7): a parent's own member record only. */
import type { Request } from 'express';
import { logger } from 'firebase-functions';
import { z } from 'zod';
import { adminDb } from '../admin';
import { appSheetFromConfig } from '../config';
import { findMemberByEmail } from '../members/findMember';
import { AppSheetWriteError, requestCancellation, updateContactData } from '../members/memberWrites';
import { requireVerifiedUser } from './auth';
import { badRequest, HttpError } from './errors';

const text = (max: number) => z.string().max(max).transform((value) => value.trim());

const updateBody = z
  .object({
    updates: z
      .object({
        primaryName: text(100).refine((value) => value !== '', 'must not be empty'),
        secondaryName: text(100),
        phone: text(40),
        phone2: text(40),
        address: text(200),
      })
      .partial()
      .strict()
      .refine((updates) => Object.keys(updates).length > 0, 'at least one field is required'),
  })
  .strict();

const cancelBody = z.object({ cancellationReason: text(500).optional() }).strict();

function describe(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');
}

async function ownMember(request: Request) {
  const caller = await requireVerifiedUser(request);
  const member = await findMemberByEmail(adminDb(), caller.email);
  // No index entry: never a member, the row was deleted or rejected, or two rows share the
  // address. Nothing is written and nothing is sent to AppSheet.
  if (!member) throw new HttpError(404, 'not-a-member', 'No membership was found for this account. Please contact the school office.');
  return member;
}

const appSheetFailed = (error: AppSheetWriteError) => {
  logger.warn('AppSheet write failed', { reason: error.message.slice(0, 120) });
  return new HttpError(502, 'appsheet-failed', 'The school office system could not be updated. Nothing was changed; please try again later.');
};

export async function updateMemberData(request: Request) {
  const member = await ownMember(request);
  const parsed = updateBody.safeParse(request.body);
  if (!parsed.success) throw badRequest(`Invalid request: ${describe(parsed.error)}`);
  try {
    const data = await updateContactData(appSheetFromConfig(), member, parsed.data.updates);
    return { success: true, message: 'Member data updated', data };
  } catch (error) {
    if (error instanceof AppSheetWriteError) throw appSheetFailed(error);
    throw error;
  }
}

export async function cancelMembership(request: Request) {
  const member = await ownMember(request);
  const parsed = cancelBody.safeParse(request.body ?? {});
  if (!parsed.success) throw badRequest(`Invalid request: ${describe(parsed.error)}`);
  const current = member.data() ?? {};
  if (current.membershipEndsAt) {
    throw new HttpError(409, 'already-cancelled', `The membership is already cancelled; it ends on ${current.membershipEndsAt}.`);
  }
  if (current.cancellationRequested === true) {
    throw new HttpError(409, 'already-requested', `A cancellation was already requested on ${String(current.cancellationRequestedAt ?? '').slice(0, 10)}.`);
  }
  if (current.status !== 'active') throw new HttpError(409, 'not-active', 'Only an active membership can be cancelled.');
  try {
    const reason = parsed.data.cancellationReason || undefined;
    const data = await requestCancellation(appSheetFromConfig(), member, reason);
    return { success: true, message: 'Your cancellation request has been recorded.', data };
  } catch (error) {
    if (error instanceof AppSheetWriteError) throw appSheetFailed(error);
    throw error;
  }
}
