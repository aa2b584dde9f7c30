/**
 * giveMandate and revokeMandate: a parent's own family's direct debit mandate (docs/payments.md).
 * Giving one needs an active membership and the password entered within the last minutes, as
 * deleting the account does; the confirmation e-mail goes out in the parent's language whatever
 * the e-mail choices (a legal notice), and the mandate stands if it fails.
 */
import { confirmMandateBody, giveMandateBody, mandateView, revokeMandateBody } from '@family-portal/contract';
import type { MailLanguage } from '../lib/mailLanguage';
import type { Request } from 'express';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { adminDb } from '../admin';
import { associationFromConfig, appOrigins, creditorIdFromEnvironment } from '../config';
import { MEMBER_LIMITS } from '../http/accountLimit';
import { requireRecentSignIn, type Caller } from '../http/auth';
import { badRequest, describeIssues } from '../http/errors';
import { callerAndActiveMember, callerAndMember } from '../http/memberCaller';
import { schoolTimeZone } from '../lib/timeZone';
import { sendMandateMail, type MandateEvent } from '../notifications/mandateMail';
import { appSheetForWrites } from '../sync/appsheet/configured';
import { giveMandate as give, type MandateDeps } from './giveMandate';
import { revokeMandate as revoke } from './revokeMandate';
import { setMandateStatus } from './collectionChanges';
import { HttpError } from '../http/errors';

const deps = (): MandateDeps => ({ db: adminDb(), appSheet: appSheetForWrites(), creditorId: creditorIdFromEnvironment() });

export async function giveMandate(request: Request) {
  const { caller, member } = await callerAndActiveMember(request, MEMBER_LIMITS.giveMandate);
  requireRecentSignIn(caller, 'Enter your password again to give the mandate.');
  const parsed = giveMandateBody.safeParse(request.body);
  if (!parsed.success) throw badRequest(`Invalid request: ${describeIssues(parsed.error)}`);
  const { given, replaced } = await give(deps(), caller, member, parsed.data);
  await confirmByMail({ kind: 'given', mandate: given, replaced }, caller, member, parsed.data.language);
  return { data: given };
}

/** A family may stop its direct debit at any time, a family whose membership ended too. */
export async function revokeMandate(request: Request) {
  const { caller, member } = await callerAndMember(request, MEMBER_LIMITS.revokeMandate);
  const parsed = revokeMandateBody.safeParse(request.body);
  if (!parsed.success) throw badRequest(`Invalid request: ${describeIssues(parsed.error)}`);
  const revoked = await revoke(deps(), member, parsed.data.mandateReference);
  await confirmByMail({ kind: 'revoked', mandate: revoked }, caller, member, parsed.data.language);
  return { data: revoked };
}

/**
 * After the bank returned a debit as unauthorised or the family claimed a refund, the mandate is
 * suspended; the family confirms it to let the school collect under it again.
 */
export async function confirmMandate(request: Request) {
  const { member } = await callerAndActiveMember(request, MEMBER_LIMITS.confirmMandate);
  const parsed = confirmMandateBody.safeParse(request.body);
  if (!parsed.success) throw badRequest(`Invalid request: ${describeIssues(parsed.error)}`);
  const { db, appSheet } = deps();
  const reference = parsed.data.mandateReference;
  const mandate = await db.collection('mandates').doc(reference).get();
  if (!mandate.exists || mandate.get('memberId') !== member.id) throw new HttpError('not-found', 'Your family has no such mandate.');
  if (mandate.get('status') !== 'suspended') throw new HttpError('conflict', 'This mandate is not paused.');
  // AppSheet's answer is the truth the family sees, whether or not Firestore's copy follows now.
  const confirmed = await setMandateStatus({ db, appSheet }, reference, 'active', 'suspended');
  if (!confirmed) throw new HttpError('conflict', 'This mandate is not paused.');
  return { data: mandateView(confirmed.mandate) };
}

async function confirmByMail(event: MandateEvent, caller: Caller, member: DocumentSnapshot, language: MailLanguage) {
  try {
    const appOrigin = appOrigins.value()[0] ?? '';
    const to = { uid: caller.uid, email: caller.email, name: String(member.get('primaryName') ?? ''), language };
    await sendMandateMail(adminDb(), event, to, { association: associationFromConfig(), appOrigin, creditorId: creditorIdFromEnvironment(), timeZone: schoolTimeZone() });
  } catch (error) {
    logger.error('mandate confirmation e-mail failed', { reference: event.mandate.id, reason: (error as Error).message });
  }
}
