/**
 * What the absence schedules run (index.ts only wires them): the office's daily e-mail, checked
 * every hour, and the daily deletion of expired absences. Tests call these directly, configured
 * the way the runtime configures them (environment variables).
 */
import { logger } from 'firebase-functions';
import { adminDb } from '../admin';
import { absenceMailHourFromEnvironment, appOrigins, associationFromConfig, officeEmailFromEnvironment, officeLanguageFromEnvironment } from '../config';
import { schoolTimeZone } from '../lib/timeZone';
import { sendDailyAbsenceMail, type AbsenceMailOutcome } from './absenceMail';
import { deleteExpiredAbsences } from './absenceRetention';

/** The console's list of absences, under the app's first origin. */
export const ABSENCES_CONSOLE_PATH = '/admin/absences';

export async function runDailyAbsenceMail(now = new Date()): Promise<AbsenceMailOutcome> {
  const officeEmail = officeEmailFromEnvironment();
  if (!officeEmail) return 'no-office-address';
  const outcome = await sendDailyAbsenceMail(adminDb(), {
    officeEmail,
    hour: absenceMailHourFromEnvironment(),
    timeZone: schoolTimeZone(),
    language: officeLanguageFromEnvironment(),
    consoleUrl: new URL(ABSENCES_CONSOLE_PATH, appOrigins.value()[0]).href,
    association: associationFromConfig({ required: false }),
    now,
  });
  if (outcome === 'sent') logger.info('absence e-mail sent to the office');
  return outcome;
}

export async function runAbsenceRetention(now = new Date()) {
  const result = await deleteExpiredAbsences(adminDb(), { timeZone: schoolTimeZone(), now });
  // Counts only: no names or reasons in function logs.
  logger.info('expired absences deleted', result);
  return result;
}
