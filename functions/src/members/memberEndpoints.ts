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
  notificationChoicesBody,
  PARENT_MAIL_KINDS,
  updateMemberDataBody,
} from '@family-portal/contract';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { readChoices, saveChoices, turnOffChoices } from '../notifications/parentChoices';
import { confirmCancellation } from '../notifications/parentMail';
import { readUnsubscribeToken } from '../notifications/unsubscribeToken';
import { adminAuth, adminDb } from '../admin';
import { deletePortalAccount, exportFamilyData } from './accountData';
import { notificationLinkKey, parentMailSettingsFromConfig } from '../config';
import { appSheetForWrites } from '../sync/appsheet/configured';
import { dayIn, schoolTimeZone } from '../lib/timeZone';
import { findMemberByEmail } from '../sync/family/findMember';
import {
  AlreadyRequestedError,
  AppSheetWriteError,
  requestCancellation,
  RequestInProgressError,
  updateContactData,
} from './memberWrites';
import { MEMBER_LIMITS } from '../http/accountLimit';
import { callerAndMember, limitedCaller } from '../http/memberCaller';
import { requireRecentSignIn } from '../http/auth';
import { badRequest, describeIssues, HttpError } from '../http/errors';
import { enforceKeyedLimit, type KeyedLimit } from '../http/rateLimit';

const appSheetFailed = (error: AppSheetWriteError) => {
  logger.warn('AppSheet write failed', { reason: error.message.slice(0, 120) });
  return new HttpError('appsheet-failed', 'The school office system could not be updated. Nothing was changed; please try again later.');
};

export async function updateMemberData(request: Request) {
  const { member } = await callerAndMember(request, MEMBER_LIMITS.updateMemberData);
  const parsed = updateMemberDataBody.safeParse(request.body);
  if (!parsed.success) throw badRequest(`Invalid request: ${describeIssues(parsed.error)}`);
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
  const { caller, member } = await callerAndMember(request, MEMBER_LIMITS.cancelMembership);
  const parsed = cancelMembershipBody.safeParse(request.body ?? {});
  if (!parsed.success) throw badRequest(`Invalid request: ${describeIssues(parsed.error)}`);
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
  const { caller, member } = await callerAndMember(request, MEMBER_LIMITS.exportMyData);
  return { data: await exportFamilyData(adminDb(), adminAuth(), caller, member) };
}

/**
 * POST: deletes the caller's portal account; a former member's too, whose index entry is gone.
 * Only right after the password was entered: a session left open on a shared computer must not
 * be enough.
 */
export async function deleteMyAccount(request: Request) {
  const caller = await limitedCaller(request, MEMBER_LIMITS.deleteMyAccount);
  requireRecentSignIn(caller, 'Enter your password again to delete the account.');
  const member = await findMemberByEmail(adminDb(), caller.email);
  await deletePortalAccount(adminDb(), adminAuth(), caller, member?.id ?? null);
  logger.info('portal account deleted at its owner\'s request', { uid: caller.uid });
  return { success: true, message: 'Your portal account has been deleted. Your membership and the school office\'s records are unchanged.' };
}

/** GET: the caller's e-mail choices (all off until turned on). */
export async function getNotificationChoices(request: Request) {
  const { caller } = await callerAndMember(request, MEMBER_LIMITS.getNotificationChoices);
  return { data: await readChoices(adminDb(), caller.uid) };
}

/** POST: the caller's e-mail choices; only a verified member's account can turn one on. */
export async function setNotificationChoices(request: Request) {
  const { caller, member } = await callerAndMember(request, MEMBER_LIMITS.setNotificationChoices);
  const parsed = notificationChoicesBody.safeParse(request.body);
  if (!parsed.success) throw badRequest(`Invalid request: ${describeIssues(parsed.error)}`);
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
 * Per link, not per client network: one-click unsubscribes (RFC 8058) come from the mail
 * providers' servers, which a mass mailing's recipients share, so a limit per address would
 * refuse real unsubscribes. An altered link is refused before anything is counted or read; a
 * valid one gets a few tries a minute (a page's button and a mail program's POST), and all links
 * together a ceiling far above what a school's mailing brings in a minute.
 */
export const UNSUBSCRIBE_RATE_LIMIT: KeyedLimit = { scope: 'unsubscribe', perKeyPerMinute: 5, globalPerMinute: 600 };

/** What a signed unsubscribe token names (NOTIFICATION_LINK_KEY); an altered one is refused. */
function claimOf(token: unknown) {
  const claim = typeof token === 'string' ? readUnsubscribeToken(token, notificationLinkKey.value()) : null;
  const kinds = claim === null ? [] : claim.kind === 'all' ? PARENT_MAIL_KINDS : PARENT_MAIL_KINDS.filter((kind) => kind === claim.kind);
  if (!claim || kinds.length === 0) throw badRequest('This unsubscribe link is not valid.');
  return { token: token as string, claim, kinds };
}

/** Turns off what the token names, within the link's limit. */
async function turnOff({ token, claim, kinds }: ReturnType<typeof claimOf>) {
  const db = adminDb();
  await enforceKeyedLimit(db, UNSUBSCRIBE_RATE_LIMIT, token);
  // A deleted account has no choices left: unsubscribed all the same. A kind on by default
  // (lessonCancelled) gets choices stored, so that it stays off.
  await turnOffChoices(db, adminAuth(), claim.uid, kinds);
  return { success: true, kind: claim.kind };
}

/** POST {token}, without signing in: the button of the unsubscribe page the e-mail's link opens. */
export async function unsubscribe(request: Request) {
  return turnOff(claimOf((request.body as { token?: unknown } | undefined)?.token));
}

/** Whether the body is RFC 8058's `List-Unsubscribe=One-Click`, as a URL-encoded or a multipart form. */
async function isOneClick(request: Request): Promise<boolean> {
  const body: unknown = request.body;
  if (Buffer.isBuffer(body)) {
    const type = request.get('content-type') ?? '';
    if (!type.startsWith('multipart/form-data')) return false;
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData().catch(() => null);
    return form?.get('List-Unsubscribe') === 'One-Click';
  }
  return typeof body === 'object' && body !== null && (body as Record<string, unknown>)['List-Unsubscribe'] === 'One-Click';
}

/**
 * POST ?token=… with the form List-Unsubscribe=One-Click: the unsubscribe a mail program offers
 * from the List-Unsubscribe header (RFC 8058), without opening a page. Anything else, a GET
 * among them, changes nothing.
 */
export async function unsubscribeOneClick(request: Request) {
  const link = claimOf(request.query.token);
  if (!(await isOneClick(request))) throw badRequest('Send List-Unsubscribe=One-Click as a form (RFC 8058).');
  return turnOff(link);
}
