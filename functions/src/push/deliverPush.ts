/**
 * The push beside a parent's e-mail. Every parent's e-mail document carries what its push says
 * (`push`, notifications/parentMailDocument.ts); when one is created, a trigger sends that to
 * each device of the e-mail's account (push_subscriptions). So a push goes exactly where and
 * when an e-mail of its kind goes: the same choices, the same recipients resolved at sending,
 * and nothing to a parent who gets no e-mail.
 *
 * Once per event and device: before sending, push_outbox/{e-mail id}-{device} is created, which
 * fails when a retried or doubled trigger created it already; it then records the outcome. A
 * device whose push service answers 404 or 410 is deleted; 429 and 5xx are tried again within the
 * function's time (sendPush.ts). The e-mail is written before any of this and never waits for it.
 */
import { PUSH_OUTBOX, PUSH_SUBSCRIPTIONS } from '@family-portal/contract';
import { limitAsync } from 'es-toolkit/promise';
import { Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import type { PushMessage } from '../notifications/parentMailDocument';
import { sendPush, type PushOutcome, type VapidKeys } from './sendPush';

/** How long a push service keeps a push for a device that is off: a day; the e-mail has it after that. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** How long push_outbox keeps what was sent (its TTL policy on expiresAt deletes it then). */
const OUTBOX_DAYS = 30;
/** Devices sent to at once. */
const SEND_CONCURRENCY = 8;
/** Firestore's gRPC code for a document that exists already. */
const ALREADY_EXISTS = 6;

export interface PushRun {
  sent: number;
  gone: number;
  failed: number;
  /** Devices a retried or doubled trigger had sent to already. */
  alreadySent: number;
}

/** What a device receives: the service worker shows it (src/sw/push.ts). */
export const pushPayload = (push: PushMessage) => ({ title: push.title, body: push.body, path: push.path, tag: push.tag, lang: push.language, kind: push.kind });

const isPushMessage = (value: unknown): value is PushMessage =>
  typeof value === 'object' && value !== null && ['title', 'body', 'path', 'tag', 'language', 'kind'].every((key) => typeof (value as Record<string, unknown>)[key] === 'string');

/** The outbox document of one event and device. */
export const outboxId = (mailId: string, deviceId: string) => `${mailId}-${deviceId.slice(0, 32)}`;

/**
 * Sends the e-mail's push to every device of its account, each once. Never throws for a device:
 * its outcome is recorded and logged; the other devices get theirs.
 */
export async function deliverMailPush(db: Firestore, mail: DocumentSnapshot, deps: { vapid: VapidKeys | null; deadline: number; backoffMs?: number; now?: Date }): Promise<PushRun> {
  const run: PushRun = { sent: 0, gone: 0, failed: 0, alreadySent: 0 };
  const push: unknown = mail.get('push');
  const uid: unknown = mail.get('uid');
  if (!isPushMessage(push) || typeof uid !== 'string' || !uid || !deps.vapid) return run;
  const vapid = deps.vapid;
  const devices = await db.collection(PUSH_SUBSCRIPTIONS).where('uid', '==', uid).get();
  if (devices.empty) return run;
  const now = deps.now ?? new Date();
  const expiresAt = Timestamp.fromMillis(now.getTime() + OUTBOX_DAYS * 24 * 60 * 60 * 1000);
  await Promise.all(
    devices.docs.map(
      limitAsync(async (device: DocumentSnapshot) => {
        const record = db.collection(PUSH_OUTBOX).doc(outboxId(mail.id, device.id));
        try {
          await record.create({ uid, mailId: mail.id, deviceId: device.id, kind: push.kind, state: 'sending', createdAt: now.toISOString(), expiresAt });
        } catch (error) {
          if ((error as { code?: unknown }).code !== ALREADY_EXISTS) throw error;
          run.alreadySent += 1;
          return;
        }
        let outcome: PushOutcome;
        try {
          outcome = await sendPush({ endpoint: String(device.get('endpoint')), keys: device.get('keys') as { p256dh: string; auth: string } }, pushPayload(push), {
            vapid,
            ttlSeconds: PUSH_TTL_SECONDS,
            urgency: push.kind === 'lessonCancelled' ? 'high' : 'normal',
            deadline: deps.deadline,
            ...(deps.backoffMs !== undefined ? { backoffMs: deps.backoffMs } : {}),
          });
        } catch (error) {
          // The message could not even be made (a device's keys the library refuses).
          outcome = { outcome: 'failed', status: null, message: (error as Error).message };
        }
        run[outcome.outcome] += 1;
        await record.update({ state: outcome.outcome, ...outcomeFields(outcome) });
        if (outcome.outcome === 'gone') await device.ref.delete();
        if (outcome.outcome === 'failed') logger.warn('a push was not delivered', { uid, deviceId: device.id, status: outcome.status, reason: outcome.message.slice(0, 160) });
      }, SEND_CONCURRENCY),
    ),
  );
  logger.info('pushes of an e-mail', { mailId: mail.id, kind: push.kind, ...run });
  return run;
}

const outcomeFields = (outcome: PushOutcome) =>
  outcome.outcome === 'sent' ? { attempts: outcome.attempts } : outcome.outcome === 'gone' ? { status: outcome.status } : { status: outcome.status, error: outcome.message.slice(0, 300) };
