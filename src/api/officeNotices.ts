/**
 * The office's notices, cancelled lessons, closed days and absence lists (sendNotice, cancelLesson,
 * closeSchool, withdrawNotice, listNotices, listAbsences), with the signed-in admin's ID token.
 */
import type { AbsenceList, CancelLessonBody, CloseSchoolBody, OfficeNotice, SendNoticeBody, noticesAnswer } from '@family-portal/contract';
import type * as z from 'zod/mini';
import { callFunction } from './client';
import { currentIdToken } from './idToken';

export type NoticesPage = z.infer<typeof noticesAnswer>['data'];

/** Sends a notice to its audience: the notice as stored, with the families it went to. */
export async function sendNotice(body: SendNoticeBody): Promise<OfficeNotice> {
  const { data } = await callFunction('sendNotice', (schemas) => schemas.officeNoticeAnswer, { body, idToken: currentIdToken });
  return data;
}

/** Cancels one lesson on one date (optionally one room hour): a notice of kind cancellation to its families. */
export async function cancelLesson(body: CancelLessonBody): Promise<OfficeNotice> {
  const { data } = await callFunction('cancelLesson', (schemas) => schemas.officeNoticeAnswer, { body, idToken: currentIdToken });
  return data;
}

/** Closes the school on one date: every lesson that day cancelled, one notice to each family with a lesson then. */
export async function closeSchool(body: CloseSchoolBody): Promise<OfficeNotice> {
  const { data } = await callFunction('closeSchool', (schemas) => schemas.officeNoticeAnswer, { body, idToken: currentIdToken });
  return data;
}

/** Withdraws a notice; a withdrawn cancellation gives the families their lesson back. */
export async function withdrawNotice(noticeId: string): Promise<OfficeNotice> {
  const { data } = await callFunction('withdrawNotice', (schemas) => schemas.officeNoticeAnswer, { body: { noticeId }, idToken: currentIdToken });
  return data;
}

/** A page of the sent notices, newest first: the newest, or the one after the notice `after` (a page's `next`). */
export async function listNotices(after?: string): Promise<NoticesPage> {
  const { data } = await callFunction('listNotices', (schemas) => schemas.noticesAnswer, { method: 'GET', query: after ? { after } : undefined, idToken: currentIdToken });
  return data;
}

/** Per day from `from` (default today on the school's clock), per lesson: the children reported absent. */
export async function listAbsences(query: { from?: string; days?: number } = {}): Promise<AbsenceList> {
  const params = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as Record<string, string | number>;
  const { data } = await callFunction('listAbsences', (schemas) => schemas.absencesAnswer, { method: 'GET', query: Object.keys(params).length ? params : undefined, idToken: currentIdToken });
  return data;
}
