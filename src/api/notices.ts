/** A family's calls about notices and absences (markNoticeRead, reportAbsence, withdrawAbsence), with the parent's ID token. */
import type { Absence, ReportAbsenceBody } from '@family-portal/contract';
import { callFunction } from './client';
import { currentIdToken } from './idToken';

/** The family has opened a notice: when it first did (the server keeps the first instant). */
export async function markNoticeRead(noticeId: string): Promise<{ noticeId: string; readAt: string }> {
  const { data } = await callFunction('markNoticeRead', (schemas) => schemas.markNoticeReadAnswer, { body: { noticeId }, idToken: currentIdToken });
  return data;
}

/** What a report became: the absence as stored, and whether it extended an earlier one (whose id it has). */
export interface ReportedAbsence {
  absence: Absence & { id: string };
  merged: boolean;
  /** The family's reports the extended one now covers: deleted. */
  absorbed: string[];
}

/** Tells the office a child will miss lessons. */
export async function reportAbsence(body: ReportAbsenceBody): Promise<ReportedAbsence> {
  const { data, merged, absorbed } = await callFunction('reportAbsence', (schemas) => schemas.absenceAnswer, { body, idToken: currentIdToken });
  return { absence: data, merged, absorbed };
}

/** Takes back an absence before its first day. */
export async function withdrawAbsence(absenceId: string): Promise<void> {
  await callFunction('withdrawAbsence', (schemas) => schemas.withdrawAbsenceAnswer, { body: { absenceId }, idToken: currentIdToken });
}
