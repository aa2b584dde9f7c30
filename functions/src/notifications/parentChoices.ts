/**
 * A parent's e-mail choices, in notification_choices/{uid} (closed to clients; changed only here).
 * Turning a kind on records what the family's figures are at that moment (the baseline): later
 * e-mails are only about changes after it, never about what a sync did before the opt-in.
 */
import {
  isPaymentDue,
  MAIL_KINDS_ON_BY_DEFAULT,
  NOTIFICATION_CHOICES,
  PARENT_MAIL_KINDS,
  type NotificationChoices,
  type NotificationChoicesBody,
  type ParentMailKind,
} from '@family-portal/contract';
import type { Auth } from 'firebase-admin/auth';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { findMemberByEmail } from '../sync/family/findMember';

/** What the family's figures were when last looked at, per kind. */
export interface Baseline {
  /** paymentDue: whether the balance was due. */
  balanceDue?: boolean;
  /** paymentReceived: the payments already known. */
  paymentIds?: string[];
  /** bookingDecided: when it was turned on (ISO); the office's decisions before it are not sent. */
  bookingsSince?: string;
}

export interface StoredChoices extends NotificationChoices {
  email: string;
  memberId: string;
  baseline: Baseline;
  updatedAt: string;
}

export const NO_CHOICES: NotificationChoices = { paymentDue: false, paymentReceived: false, cancellationConfirmed: false, bookingDecided: false, notices: false, lessonCancelled: true, language: 'de' };

/** A stored balance that asks for a payment (the contract's rule; anything not a number does not). */
export const isDue = (balance: unknown) => typeof balance === 'number' && isPaymentDue(balance);

export async function readChoices(db: Firestore, uid: string): Promise<NotificationChoices> {
  const stored = (await db.collection(NOTIFICATION_CHOICES).doc(uid).get()).data() as Partial<StoredChoices> | undefined;
  if (!stored) return NO_CHOICES;
  return {
    paymentDue: stored.paymentDue === true,
    paymentReceived: stored.paymentReceived === true,
    cancellationConfirmed: stored.cancellationConfirmed === true,
    // Choices stored before the kind existed lack it: off.
    bookingDecided: stored.bookingDecided === true,
    notices: stored.notices === true,
    // On unless turned off (MAIL_KINDS_ON_BY_DEFAULT).
    lessonCancelled: stored.lessonCancelled !== false,
    language: stored.language ?? NO_CHOICES.language,
  };
}

/**
 * Stores the choices; a kind turned on now gets its baseline from the family's figures now. A kind
 * the body leaves out (from a web app older than it) keeps what is stored.
 */
export async function saveChoices(
  db: Firestore,
  caller: { uid: string; email: string },
  member: DocumentSnapshot,
  body: NotificationChoicesBody,
  now = new Date(),
): Promise<NotificationChoices> {
  const ref = db.collection(NOTIFICATION_CHOICES).doc(caller.uid);
  return db.runTransaction(async (transaction) => {
    const before = (await transaction.get(ref)).data() as Partial<StoredChoices> | undefined;
    const choices: NotificationChoices = {
      ...body,
      bookingDecided: body.bookingDecided ?? before?.bookingDecided === true,
      notices: body.notices ?? before?.notices === true,
      lessonCancelled: body.lessonCancelled ?? before?.lessonCancelled !== false,
    };
    const turnedOn = (kind: ParentMailKind) => choices[kind] && before?.[kind] !== true;
    const baseline: Baseline = { ...before?.baseline };
    if (turnedOn('paymentDue')) baseline.balanceDue = isDue(member.get('balance'));
    if (turnedOn('paymentReceived')) {
      const payments = await transaction.get(db.collection('payments').where('memberId', '==', member.id).select());
      baseline.paymentIds = payments.docs.map((doc) => doc.id).sort();
    }
    if (turnedOn('bookingDecided')) baseline.bookingsSince = now.toISOString();
    const stored: StoredChoices = {
      ...(Object.fromEntries(PARENT_MAIL_KINDS.map((kind) => [kind, choices[kind]])) as Record<ParentMailKind, boolean>),
      language: choices.language,
      email: caller.email,
      memberId: member.id,
      baseline,
      updatedAt: now.toISOString(),
    };
    transaction.set(ref, stored);
    return choices;
  });
}

/**
 * Turns these kinds off (an unsubscribe link). A kind that is on without stored choices
 * (MAIL_KINDS_ON_BY_DEFAULT) stays off only with choices stored: they are made from the account
 * and the member index as they are now. An account that no longer exists has nothing to turn off.
 */
export async function turnOffChoices(db: Firestore, auth: Auth, uid: string, kinds: readonly ParentMailKind[], now = new Date()): Promise<void> {
  const ref = db.collection(NOTIFICATION_CHOICES).doc(uid);
  const off = Object.fromEntries(kinds.map((kind) => [kind, false]));
  if (!kinds.some((kind) => MAIL_KINDS_ON_BY_DEFAULT.includes(kind))) {
    if ((await ref.get()).exists) await ref.update(off);
    return;
  }
  const account = await auth.getUser(uid).catch((error: unknown) => {
    if ((error as { code?: unknown }).code === 'auth/user-not-found') return null;
    throw error;
  });
  const email = account?.email?.trim().toLowerCase() ?? '';
  const member = email ? await findMemberByEmail(db, email) : null;
  await db.runTransaction(async (transaction) => {
    if ((await transaction.get(ref)).exists) transaction.update(ref, off);
    else if (account) {
      const stored: StoredChoices = {
        ...(Object.fromEntries(PARENT_MAIL_KINDS.map((kind) => [kind, NO_CHOICES[kind]])) as Record<ParentMailKind, boolean>),
        ...off,
        language: NO_CHOICES.language,
        email,
        memberId: member?.id ?? '',
        baseline: {},
        updatedAt: now.toISOString(),
      };
      transaction.create(ref, stored);
    }
  });
}
