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
 *
 * A device gets pushes only while the session that turned it on stands: one signed in before the
 * account's tokens were last revoked (a password change or reset, a sign-out everywhere) is
 * deleted instead of sent to, as is every device of an account that no longer exists. The page
 * of such a device releases it itself at its next start; this covers a device that never opens
 * the portal again. A disabled account's devices get nothing.
 */
import { PUSH_OUTBOX, PUSH_SUBSCRIPTIONS } from '@family-portal/contract';
import { limitAsync } from 'es-toolkit/promise';
import type { Auth } from 'firebase-admin/auth';
import { Timestamp, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { isRevoked, type TokenValidity } from '../lib/tokenValidity';
import type { PushMessage } from './pushMessage';
import { sendPush, type PushOutcome, type VapidKeys } from './sendPush';
import { ALREADY_EXISTS } from '../lib/firestoreLimits';

/** How long a push service keeps a push for a device that is off: a day; the e-mail has it after that. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** How long push_outbox keeps what was sent (its TTL policy on expiresAt deletes it then). */
const OUTBOX_DAYS = 30;
/** Devices sent to at once. */
const SEND_CONCURRENCY = 8;
/** Firestore's gRPC code for a document that does not exist. */
const NOT_FOUND = 5;

export interface PushRun {
  sent: number;
  gone: number;
  failed: number;
  /** Devices a retried or doubled trigger had sent to already. */
  alreadySent: number;
  /** Devices whose session had ended (revoked tokens, a deleted account): deleted, not sent to. */
  ended: number;
}

/** What the sending asks of Auth about an account: null when it no longer exists. */
export type AccountOf = (uid: string) => Promise<{ disabled: boolean; validity: TokenValidity } | null>;

export const accountOfAuth =
  (auth: Auth): AccountOf =>
  async (uid) => {
    try {
      const user = await auth.getUser(uid);
      return { disabled: user.disabled, validity: { validSince: user.tokensValidAfterTime, createdAt: user.metadata.creationTime } };
    } catch (error) {
      if ((error as { code?: unknown }).code === 'auth/user-not-found') return null;
      throw error;
    }
  };

/**
 * Whether the session that turned the device on has ended since. A device stored without its
 * session's sign-in time (before the functions recorded it) is left to its page and to the push
 * service's 410.
 */
function sessionEnded(device: DocumentSnapshot, validity: TokenValidity): boolean {
  const signedInAt: unknown = device.get('signedInAt');
  return typeof signedInAt === 'number' && isRevoked(signedInAt, validity);
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
export async function deliverMailPush(
  db: Firestore,
  mail: DocumentSnapshot,
  deps: { vapid: VapidKeys | null; accountOf: AccountOf; deadline: number; backoffMs?: number; now?: Date },
): Promise<PushRun> {
  const run: PushRun = { sent: 0, gone: 0, failed: 0, alreadySent: 0, ended: 0 };
  const push: unknown = mail.get('push');
  const uid: unknown = mail.get('uid');
  if (!isPushMessage(push) || typeof uid !== 'string' || !uid || !deps.vapid) return run;
  const vapid = deps.vapid;
  const devices = await db.collection(PUSH_SUBSCRIPTIONS).where('uid', '==', uid).get();
  if (devices.empty) return run;
  const account = await deps.accountOf(uid);
  if (account?.disabled) return run;
  const ended = devices.docs.filter((device) => !account || sessionEnded(device, account.validity));
  await Promise.all(ended.map((device) => device.ref.delete()));
  run.ended = ended.length;
  const standing = devices.docs.filter((device) => !ended.includes(device));
  const now = deps.now ?? new Date();
  const expiresAt = Timestamp.fromMillis(now.getTime() + OUTBOX_DAYS * 24 * 60 * 60 * 1000);
  await Promise.all(
    standing.map(
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
        if (outcome.outcome === 'sent') await noteLastPush(device, now);
        if (outcome.outcome === 'failed') logger.warn('a push was not delivered', { uid, deviceId: device.id, status: outcome.status, reason: outcome.message.slice(0, 160) });
      }, SEND_CONCURRENCY),
    ),
  );
  logger.info('pushes of an e-mail', { mailId: mail.id, kind: push.kind, ...run });
  return run;
}

/** The device list's "last notification"; a device removed meanwhile stays removed, and a failure costs the list a date only. */
async function noteLastPush(device: DocumentSnapshot, now: Date): Promise<void> {
  try {
    await device.ref.update({ lastPushAt: now.toISOString() });
  } catch (error) {
    if ((error as { code?: unknown }).code !== NOT_FOUND) logger.warn('the last push of a device was not noted', { deviceId: device.id, reason: (error as Error).message.slice(0, 160) });
  }
}

const outcomeFields = (outcome: PushOutcome) =>
  outcome.outcome === 'sent' ? { attempts: outcome.attempts } : outcome.outcome === 'gone' ? { status: outcome.status } : { status: outcome.status, error: outcome.message.slice(0, 300) };
