/**
 * The office's collection runs (docs/payments.md): which families a date would collect from, the
 * announcement that freezes each amount and tells each family, and the bank's file. Admins only,
 * each counted against its own limit. An announcement carries the console's key: its second
 * attempt gets the first one's run and sends nothing (unless the first was cut short before its
 * e-mails went out).
 */
import {
  announceCollectionBody,
  COLLECTION_RUNS,
  DEFAULT_PRE_NOTIFICATION_DAYS,
  debitCents,
  earliestCollectionDate,
  fileCollectionBody,
  maskIban,
  previewCollectionBody,
  recordDebitReturnBody,
  removeFromCollectionBody,
} from '@family-portal/contract';
import type { Request } from 'express';
import { logger } from 'firebase-functions';
import { adminDb } from '../admin';
import { appOrigins, associationFromConfig, creditorIdFromEnvironment } from '../config';
import type { AccountLimit } from '../http/accountLimit';
import { parsedOr400 } from '../http/errors';
import { limitedAdmin } from '../http/memberCaller';
import { dayIn, schoolTimeZone } from '../lib/timeZone';
import { familyRecipients, preNotificationId, preNotificationMail, sendPreNotifications } from '../notifications/preNotificationMail';
import { appSheetForWrites } from '../sync/appsheet/configured';
import { announceCollection as announce, checkCollectionDate, collectionCandidates, type Announced, type CollectionDeps } from './collectionRun';
import { recordDebitReturn as recordReturn, removeFromCollection as remove } from './collectionChanges';
import { fileCollection as file } from './collectionFile';

/** A run is announced and filed once or twice a quarter; the console previews a few dates. */
export const COLLECTION_LIMITS = {
  previewCollection: { scope: 'previewCollection', perMinute: 20, perDay: 500 },
  announceCollection: { scope: 'announceCollection', perMinute: 5, perDay: 20 },
  fileCollection: { scope: 'fileCollection', perMinute: 10, perDay: 50 },
  removeFromCollection: { scope: 'removeFromCollection', perMinute: 30, perDay: 500 },
  recordDebitReturn: { scope: 'recordDebitReturn', perMinute: 30, perDay: 500 },
} satisfies Record<string, AccountLimit>;

/** SEPA_PRE_NOTIFICATION_DAYS: how many days ahead families are told; the mandate text's 14 unless set. */
export function preNotificationDays(env: Record<string, string | undefined> = process.env): number {
  const raw = env.SEPA_PRE_NOTIFICATION_DAYS?.trim();
  if (!raw) return DEFAULT_PRE_NOTIFICATION_DAYS;
  const days = Number(raw);
  if (!Number.isInteger(days) || days < 1 || days > 60) throw new Error(`SEPA_PRE_NOTIFICATION_DAYS must be a whole number of days from 1 to 60, not "${raw}"`);
  return days;
}

const deps = (): CollectionDeps => ({
  db: adminDb(),
  appSheet: appSheetForWrites(),
  creditorId: creditorIdFromEnvironment(),
  preNotificationDays: preNotificationDays(),
  timeZone: schoolTimeZone(),
});

export async function previewCollection(request: Request) {
  await limitedAdmin(request, COLLECTION_LIMITS.previewCollection);
  const { collectionDate } = parsedOr400(previewCollectionBody.safeParse(request.body));
  const { db, timeZone, preNotificationDays: days } = deps();
  const today = dayIn(new Date(), timeZone);
  checkCollectionDate(collectionDate, today, days);
  const families = await collectionCandidates(db, today);
  return { data: { collectionDate, earliest: earliestCollectionDate(today, days), preNotificationDays: days, families } };
}

export async function announceCollection(request: Request) {
  const caller = await limitedAdmin(request, COLLECTION_LIMITS.announceCollection);
  const body = parsedOr400(announceCollectionBody.safeParse(request.body));
  const announced = await announce(deps(), { ...body, announcedBy: caller.email });
  if (announced.fresh || !(await notified(announced.run.id))) await notifyFamilies(announced);
  return { data: { run: announced.run } };
}

export async function fileCollection(request: Request) {
  await limitedAdmin(request, COLLECTION_LIMITS.fileCollection);
  const { runId } = parsedOr400(fileCollectionBody.safeParse(request.body));
  const sepa = { name: process.env.SEPA_RECIPIENT?.trim() ?? '', iban: process.env.SEPA_IBAN?.replace(/\s+/g, '') ?? '', bic: process.env.SEPA_BIC?.trim() || undefined };
  const { db, appSheet, timeZone, creditorId } = deps();
  const answer = await file({ db, appSheet, timeZone, creditor: { ...sepa, creditorId } }, runId);
  return { data: answer };
}

export async function removeFromCollection(request: Request) {
  await limitedAdmin(request, COLLECTION_LIMITS.removeFromCollection);
  const { runId, memberId } = parsedOr400(removeFromCollectionBody.safeParse(request.body));
  const { db, appSheet } = deps();
  return { data: await remove({ db, appSheet }, runId, memberId) };
}

export async function recordDebitReturn(request: Request) {
  await limitedAdmin(request, COLLECTION_LIMITS.recordDebitReturn);
  const { endToEndId, reason } = parsedOr400(recordDebitReturnBody.safeParse(request.body));
  const { db, appSheet } = deps();
  return { data: await recordReturn({ db, appSheet }, endToEndId, reason) };
}

async function notified(runId: string): Promise<boolean> {
  return Boolean((await adminDb().collection(COLLECTION_RUNS).doc(runId).get()).get('notifiedAt'));
}

/**
 * One pre-notification per parent account of each family (German at the member's address for a
 * family without one). Marked on the run once queued, so a retried announcement sends none again.
 */
async function notifyFamilies({ run, debits }: Announced) {
  const db = adminDb();
  const members = await db.getAll(...debits.map((debit) => db.collection('members').doc(debit.memberId)));
  const mandates = await db.getAll(...debits.map((debit) => db.collection('mandates').doc(debit.mandateReference)));
  const recipients = await familyRecipients(db, members.map((member) => ({ memberId: member.id, primaryEmail: (member.get('primaryEmail') as string | null) ?? null })));
  const settings = { association: associationFromConfig(), appOrigin: appOrigins.value()[0] ?? '', creditorId: creditorIdFromEnvironment(), timeZone: schoolTimeZone() };
  const mails = debits.flatMap((debit, index) => {
    const family = { name: String(members[index]?.get('primaryName') ?? ''), ibanMasked: maskIban(String(mandates[index]?.get('iban') ?? '')) };
    return (recipients.get(debit.memberId) ?? []).map((to) => ({ id: preNotificationId(debit, to), mail: preNotificationMail(debit, debitCents(debit), family, to, settings) }));
  });
  try {
    await sendPreNotifications(db, mails);
    await db.collection(COLLECTION_RUNS).doc(run.id).update({ notifiedAt: new Date().toISOString() });
  } catch (error) {
    logger.error('the pre-notifications of a collection run could not all be queued; announcing it again sends them', { runId: run.id, reason: (error as Error).message });
  }
}
