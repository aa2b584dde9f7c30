/** A family's calls about notices and absences (markNoticeRead, reportAbsence, withdrawAbsence), with the parent's ID token. */
import type { Absence, ReportAbsenceBody } from '@family-portal/contract';
import { callFunction } from './client';
import { currentIdToken } from './idToken';

/** The family has opened a notice: when it first did (the server keeps the first instant). */
export async function markNoticeRead(noticeId: string): Promise<{ noticeId: string; readAt: string }> {
  const { data } = await callFunction('markNoticeRead', (schemas) => schemas.markNoticeReadAnswer, { body: { noticeId }, idToken: currentIdToken });
  return data;
}

/** Tells the office a child will miss lessons: the absence as stored. */
export async function reportAbsence(body: ReportAbsenceBody): Promise<Absence & { id: string }> {
  const { data } = await callFunction('reportAbsence', (schemas) => schemas.absenceAnswer, { body, idToken: currentIdToken });
  return data;
}

/** Takes back an absence before its first day. */
export async function withdrawAbsence(absenceId: string): Promise<void> {
  await callFunction('withdrawAbsence', (schemas) => schemas.withdrawAbsenceAnswer, { body: { absenceId }, idToken: currentIdToken });
}
