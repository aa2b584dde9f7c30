/**
 * Absences are kept ABSENCE_RETENTION_MONTHS after their last day, then deleted (a child's
 * illness is personal data with no use after the school year it concerns). Runs daily; deletes in
 * bounded batches so that a first run over years of reports neither holds them all in memory nor
 * exceeds a batch's 500 writes. The markers of the office's daily e-mails go after as long, and
 * so do the e-mails, whose `expireAt` has passed: a TTL policy on that field would delete them
 * too, but `mail` can have one TTL field only, which the mail extension's own TTL may hold.
 */
import { ABSENCE_MAIL_DAYS, ABSENCE_RETENTION_MONTHS, ABSENCES, MAIL } from '@family-portal/contract';
import { FieldPath, Timestamp, type Firestore, type Query } from 'firebase-admin/firestore';
import { dayIn } from '../lib/timeZone';
import { monthsBefore } from './absenceDays';

export const RETENTION_BATCH = 400;

async function deleteAll(db: Firestore, query: Query, batchSize: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const page = await query.limit(batchSize).select().get();
    if (page.empty) return deleted;
    const batch = db.batch();
    for (const doc of page.docs) batch.delete(doc.ref);
    await batch.commit();
    deleted += page.size;
    if (page.size < batchSize) return deleted;
  }
}

/** Deletes the absences whose last day is more than the retention before today (school's clock). */
export async function deleteExpiredAbsences(db: Firestore, { timeZone, now = new Date(), batchSize = RETENTION_BATCH }: { timeZone: string; now?: Date; batchSize?: number }) {
  const cutoff = monthsBefore(dayIn(now, timeZone), ABSENCE_RETENTION_MONTHS);
  const absences = await deleteAll(db, db.collection(ABSENCES).where('to', '<', cutoff), batchSize);
  const mailDays = await deleteAll(db, db.collection(ABSENCE_MAIL_DAYS).where(FieldPath.documentId(), '<', cutoff), batchSize);
  const mails = await deleteAll(db, db.collection(MAIL).where('expireAt', '<=', Timestamp.fromDate(now)), batchSize);
  return { cutoff, absences, mailDays, mails };
}
