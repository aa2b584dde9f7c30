/**
 * updateMemberData and cancelMembership (spec section 7), exportMyData and deleteMyAccount: a
 * parent's own member record and account only.
 */
import type { Request } from 'express';
import { logger } from 'firebase-functions';
import {
  cancellationState,
  cancelMembershipBody,
  DOCUMENT_SCHEMAS,
  NOT_A_MEMBER,
  NOTIFICATION_CHOICES,
  notificationChoicesBody,
  PARENT_MAIL_KINDS,
  updateMemberDataBody,
} from '@family-portal/contract';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { readChoices, saveChoices } from '../notifications/parentChoices';
import { confirmCancellation } from '../notifications/parentMail';
import { readUnsubscribeToken } from '../notifications/unsubscribeToken';
import type { z } from 'zod/mini';
import { adminAuth, adminDb } from '../admin';
import { deletePortalAccount, exportFamilyData } from '../members/accountData';
import { appSheetForWrites, notificationLinkKey, parentMailSettingsFromConfig } from '../config';
import { dayIn, schoolTimeZone } from '../sync/time/timeZone';
import { findMemberByEmail } from '../members/findMember';
import {
  AlreadyRequestedError,
  AppSheetWriteError,
  requestCancellation,
  RequestInProgressError,
  updateContactData,
} from '../members/memberWrites';
import { requireVerifiedUser } from './auth';
import { badRequest, HttpError } from './errors';

function describe(error: z.core.$ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');
}

async function callerAndMember(request: Request) {
  const caller = await requireVerifiedUser(request);
  const member = await findMemberByEmail(adminDb(), caller.email);
  // No index entry: never a member, the row was deleted or rejected, or two rows share the
  // address. Nothing is written and nothing is sent to AppSheet.
  if (!member) throw new HttpError(NOT_A_MEMBER, 'No membership was found for this account. Please contact the school office.');
  return { caller, member };
}

const ownMember = async (request: Request) => (await callerAndMember(request)).member;

const appSheetFailed = (error: AppSheetWriteError) => {
  logger.warn('AppSheet write failed', { reason: error.message.slice(0, 120) });
  return new HttpError('appsheet-failed', 'The school office system could not be updated. Nothing was changed; please try again later.');
};

export async function updateMemberData(request: Request) {
  const member = await ownMember(request);
  const parsed = updateMemberDataBody.safeParse(request.body);
  if (!parsed.success) throw badRequest(`Invalid request: ${describe(parsed.error)}`);
  try {
    const data = await updateContactData(appSheetForWrites(), member, parsed.data.updates);
    return { success: true, message: 'Member data updated', data };
  } catch (error) {
    if (error instanceof AppSheetWriteError) throw appSheetFailed(error);
    throw error;
  }
}

/** The school's calendar day of an instant, YYYY-MM-DD. */
const schoolDay = (instant: unknown) =>
  typeof instant === 'string' && !Number.isNaN(Date.parse(instant))
    ? dayIn(new Date(instant), schoolTimeZone())
    : 'an earlier date';

const alreadyRequested = (requestedAt: unknown) =>
  new HttpError('already-requested', `A cancellation was already requested on ${schoolDay(requestedAt)}.`);

export async function cancelMembership(request: Request) {
  const { caller, member } = await callerAndMember(request);
  const parsed = cancelMembershipBody.safeParse(request.body ?? {});
  if (!parsed.success) throw badRequest(`Invalid request: ${describe(parsed.error)}`);
  // The same rule as the page that offers the button (packages/contract/src/rules.ts).
  const state = cancellationState(DOCUMENT_SCHEMAS.members.parse({ id: member.id, ...member.data() }));
  if (state.kind === 'cancelled') {
    throw new HttpError('already-cancelled', `The membership is already cancelled; it ends on ${state.endsAt}.`);
  }
  if (state.kind === 'pending') throw alreadyRequested(state.requestedAt);
  if (state.kind === 'inactive') throw new HttpError('not-active', 'Only an active membership can be cancelled.');
  try {
    const reason = parsed.data.cancellationReason || undefined;
    const data = await requestCancellation(adminDb(), appSheetForWrites(), member, reason);
    await confirmCancellationByMail(caller.uid, member, data.cancellationRequestedAt);
    return { success: true, message: 'Your cancellation request has been recorded.', data };
  } catch (error) {
    if (error instanceof AppSheetWriteError) throw appSheetFailed(error);
    if (error instanceof AlreadyRequestedError) throw alreadyRequested(error.requestedAt);
    if (error instanceof RequestInProgressError) {
      throw new HttpError('request-in-progress', 'Your cancellation request is being recorded right now. Please reload the page in a moment.');
    }
    throw error;
  }
}

/** GET: everything the portal holds about the caller's family, as a JSON file's content. */
export async function exportMyData(request: Request) {
  const { caller, member } = await callerAndMember(request);
  return { data: await exportFamilyData(adminDb(), adminAuth(), caller, member) };
}

/** POST: deletes the caller's portal account; a former member's too, whose index entry is gone. */
export async function deleteMyAccount(request: Request) {
  const caller = await requireVerifiedUser(request);
  const member = await findMemberByEmail(adminDb(), caller.email);
  await deletePortalAccount(adminDb(), adminAuth(), caller, member?.id ?? null);
  logger.info('portal account deleted at its owner\'s request', { uid: caller.uid });
  return { success: true, message: 'Your portal account has been deleted. Your membership and the school office\'s records are unchanged.' };
}

/** GET: the caller's e-mail choices (all off until turned on). */
export async function getNotificationChoices(request: Request) {
  const { caller } = await callerAndMember(request);
  return { data: await readChoices(adminDb(), caller.uid) };
}

/** POST: the caller's e-mail choices; only a verified member's account can turn one on. */
export async function setNotificationChoices(request: Request) {
  const { caller, member } = await callerAndMember(request);
  const parsed = notificationChoicesBody.safeParse(request.body);
  if (!parsed.success) throw badRequest(`Invalid request: ${describe(parsed.error)}`);
  return { data: await saveChoices(adminDb(), caller, member, parsed.data) };
}

/** The confirmation e-mail of a recorded request, if turned on; the request stands either way. */
async function confirmCancellationByMail(uid: string, member: DocumentSnapshot, requestedAt: unknown) {
  try {
    const at = typeof requestedAt === 'string' ? requestedAt : new Date().toISOString();
    await confirmCancellation(adminDb(), adminAuth(), uid, member, at, parentMailSettingsFromConfig());
  } catch (error) {
    logger.error('cancellation confirmation e-mail failed', { reason: (error as Error).message });
  }
}

/**
 * POST {token}, without signing in: the one-click unsubscribe of a parent's e-mail. The token,
 * signed with NOTIFICATION_LINK_KEY, names the account and the kind; an altered one is refused.
 */
export async function unsubscribe(request: Request) {
  const token = (request.body as { token?: unknown } | undefined)?.token;
  const claim = typeof token === 'string' ? readUnsubscribeToken(token, notificationLinkKey.value()) : null;
  if (!claim) throw badRequest('This unsubscribe link is not valid.');
  const kinds = claim.kind === 'all' ? PARENT_MAIL_KINDS : PARENT_MAIL_KINDS.filter((kind) => kind === claim.kind);
  if (kinds.length === 0) throw badRequest('This unsubscribe link is not valid.');
  const ref = adminDb().collection(NOTIFICATION_CHOICES).doc(claim.uid);
  // A deleted account has no choices left: unsubscribed all the same.
  if ((await ref.get()).exists) await ref.update(Object.fromEntries(kinds.map((kind) => [kind, false])));
  return { success: true, kind: claim.kind };
}
