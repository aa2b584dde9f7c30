/**
 * The notices' endpoints: the office sends a notice, cancels a lesson on a date, closes the school
 * for a day, withdraws any of them and lists them; a family marks one read. Admins are checked against admin_users, members
 * resolved from the token, and each counts against its own per-account limit. The families'
 * e-mails go after the copies are written and before the answer, as far as the day's budget goes;
 * they never fail the send. A send carries the console's key: its second attempt is answered
 * with the first one's notice (publishNotice.ts), finished first when the first attempt was cut
 * short (unfinishedSends.ts).
 */
import { cancelLessonBody, closeSchoolBody, markNoticeReadBody, noticesQuery, sendNoticeBody, withdrawNoticeBody } from '@family-portal/contract';
import type { Request } from 'express';
import { logger } from 'firebase-functions';
import { adminAuth, adminDb } from '../admin';
import type { AccountLimit } from '../http/accountLimit';
import { badRequest, parsedOr400 } from '../http/errors';
import { callerAndActiveMember, limitedAdmin } from '../http/memberCaller';
import { sendNoticeMails } from '../notifications/noticeMail';
import { cancelLesson as recordCancellation } from './cancelLesson';
import { closeSchool as recordClosure } from './closeSchool';
import { listNotices as noticesPage } from './listNotices';
import { markNoticeRead as recordRead } from './markNoticeRead';
import { noticesOf, officeNoticeOfDoc } from './noticeRecord';
import type { Published } from './publishNotice';
import { languagesInOrder, sendNotice as recordNotice } from './sendNotice';
import { giveUpHold, sendFinished } from './unfinishedSends';
import { withdrawNotice as recordWithdrawal } from './withdrawNotice';

/** The office sends a few notices a day; a family opens each of its notices once or twice. */
export const NOTICE_LIMITS = {
  sendNotice: { scope: 'sendNotice', perMinute: 10, perDay: 200 },
  cancelLesson: { scope: 'cancelLesson', perMinute: 10, perDay: 200 },
  closeSchool: { scope: 'closeSchool', perMinute: 10, perDay: 50 },
  withdrawNotice: { scope: 'withdrawNotice', perMinute: 10, perDay: 200 },
  listNotices: { scope: 'listNotices', perMinute: 30, perDay: 2000 },
  markNoticeRead: { scope: 'markNoticeRead', perMinute: 60, perDay: 1000 },
} satisfies Record<string, AccountLimit>;

/** A notice's e-mails: what could not be sent is logged, and the notice stands. Whether they all went (or wait for the budget). */
async function mailQuietly(noticeId: string): Promise<boolean> {
  try {
    return !(await sendNoticeMails(adminDb(), noticeId)).failed;
  } catch (error) {
    logger.error("a notice's e-mails could not all be sent", { noticeId, message: (error as Error)?.message });
    return false;
  }
}

/**
 * The answer to a send: a second attempt with the same key gets the first one's notice as it is
 * now, sending nothing, unless the first was cut short; a new one, or one cut short, is mailed
 * first (unless sent without e-mails), marked finished, and answered with what its e-mails did
 * (`mails`: how many wait for the next day's budget). When its e-mails failed, it stays unfinished
 * for the office's retry to mail.
 */
async function answer({ notice, unfinished }: Published) {
  if (!unfinished) return { data: notice };
  const mailed = unfinished.mails ? await mailQuietly(notice.id) : true;
  await (mailed ? sendFinished(adminDb(), notice.id) : giveUpHold(adminDb(), notice.id));
  const now = await noticesOf(adminDb()).doc(notice.id).get();
  return { data: now.exists ? officeNoticeOfDoc(now) : notice };
}

/** POST {texts, audience, idempotencyKey}: the notice as the console lists it. */
export async function sendNotice(request: Request) {
  const caller = await limitedAdmin(request, NOTICE_LIMITS.sendNotice);
  const body = parsedOr400(sendNoticeBody.safeParse(request.body));
  // The schema's output lists the languages in its own order; the office's order is the body's.
  const given = Object.keys((request.body as { texts: object }).texts);
  return answer(await recordNotice({ db: adminDb(), auth: adminAuth() }, caller.email, { ...body, languages: languagesInOrder(given, body.texts) }));
}

/** POST {lessonId, date, roomHourId?, reason, idempotencyKey}: the cancellation as the console lists it. */
export async function cancelLesson(request: Request) {
  const caller = await limitedAdmin(request, NOTICE_LIMITS.cancelLesson);
  const body = parsedOr400(cancelLessonBody.safeParse(request.body));
  return answer(await recordCancellation(adminDb(), caller.email, body));
}

/** POST {date, reason, idempotencyKey}: the school closed that day, as the console lists it. */
export async function closeSchool(request: Request) {
  const caller = await limitedAdmin(request, NOTICE_LIMITS.closeSchool);
  const body = parsedOr400(closeSchoolBody.safeParse(request.body));
  return answer(await recordClosure(adminDb(), caller.email, body));
}

/** POST {noticeId}: the notice, withdrawn; 409 when it already was. */
export async function withdrawNotice(request: Request) {
  const caller = await limitedAdmin(request, NOTICE_LIMITS.withdrawNotice);
  const { noticeId } = parsedOr400(withdrawNoticeBody.safeParse(request.body));
  return { data: await recordWithdrawal(adminDb(), caller.email, noticeId) };
}

/** GET ?after=: a page of notices, newest first; `after` is the previous page's `next`. */
export async function listNotices(request: Request) {
  await limitedAdmin(request, NOTICE_LIMITS.listNotices);
  const { after } = parsedOr400(noticesQuery.safeParse(request.query), 'parameter');
  const page = await noticesPage(adminDb(), after);
  if (!page) throw badRequest('Invalid request: no notice with the id given in after.');
  return { data: page };
}

/** POST {noticeId}: when the family first opened it. */
export async function markNoticeRead(request: Request) {
  const { member } = await callerAndActiveMember(request, NOTICE_LIMITS.markNoticeRead);
  const { noticeId } = parsedOr400(markNoticeReadBody.safeParse(request.body));
  return { data: await recordRead(adminDb(), member.id, noticeId) };
}
