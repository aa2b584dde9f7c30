/**
 * The absence endpoints: a family reports that a child will miss lessons and may withdraw the
 * report before its first day; the office lists per day and lesson who will be missing. Members
 * are resolved from the token, admins checked against admin_users, and each counts against its
 * own per-account limit, as the booking endpoints do.
 */
import { absencesQuery, reportAbsenceBody, withdrawAbsenceBody } from '@family-portal/contract';
import type { Request } from 'express';
import { adminDb } from '../admin';
import type { AccountLimit } from '../http/accountLimit';
import { parsedOr400 } from '../http/errors';
import { callerAndActiveMember, limitedAdmin } from '../http/memberCaller';
import { dayIn, schoolTimeZone } from '../lib/timeZone';
import { listAbsences as readAbsenceList } from './absenceList';
import { reportAbsence as recordAbsence, withdrawAbsence as deleteAbsence } from './absences';

/** A family reports a few absences a week; the office opens the list a few times a day. */
export const ABSENCE_LIMITS = {
  reportAbsence: { scope: 'reportAbsence', perMinute: 10, perDay: 100 },
  withdrawAbsence: { scope: 'withdrawAbsence', perMinute: 10, perDay: 100 },
  listAbsences: { scope: 'listAbsences', perMinute: 30, perDay: 2000 },
} satisfies Record<string, AccountLimit>;


/** POST {childId, lessonIds, from, to, reason?}: the absence as recorded, and whether it went into an earlier report. */
export async function reportAbsence(request: Request) {
  const { caller, member } = await callerAndActiveMember(request, ABSENCE_LIMITS.reportAbsence);
  const body = parsedOr400(reportAbsenceBody.safeParse(request.body));
  const { absence, merged, absorbed } = await recordAbsence({ db: adminDb() }, caller, member, body);
  return { data: absence, merged, absorbed };
}

/** POST {absenceId}: withdrawn (deleted) while its first day has not begun. */
export async function withdrawAbsence(request: Request) {
  const { member } = await callerAndActiveMember(request, ABSENCE_LIMITS.withdrawAbsence);
  const { absenceId } = parsedOr400(withdrawAbsenceBody.safeParse(request.body));
  await deleteAbsence({ db: adminDb() }, member, absenceId);
  return { success: true };
}

/** GET ?from=&days=: per day (from today on the school's clock by default) and lesson, who is missing. */
export async function listAbsences(request: Request) {
  await limitedAdmin(request, ABSENCE_LIMITS.listAbsences);
  const query = parsedOr400(absencesQuery.safeParse(request.query), 'parameter');
  const from = query.from ?? dayIn(new Date(), schoolTimeZone());
  return { data: await readAbsenceList(adminDb(), from, query.days) };
}
