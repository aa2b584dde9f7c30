/** Calling the emulated functions as a signed-in parent would, and storing choices as setNotificationChoices does. */
import { NOTIFICATION_CHOICES } from '@family-portal/contract';
import type { Firestore } from 'firebase-admin/firestore';
import { functionUrl } from './auth';

/** A GET without a body, a POST with one; the answer's status and JSON. */
export async function callAs(token: string, name: string, body?: unknown) {
  const response = await fetch(functionUrl(name), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** A parent's e-mail choices as setNotificationChoices stores them: every kind off but those given. */
export function storeChoices(db: Firestore, owner: { uid: string; email: string; memberId: string }, choices: { notices?: boolean; lessonCancelled?: boolean; language: string }) {
  return db.doc(`${NOTIFICATION_CHOICES}/${owner.uid}`).set({
    paymentDue: false,
    paymentReceived: false,
    cancellationConfirmed: false,
    bookingDecided: false,
    notices: choices.notices ?? false,
    lessonCancelled: choices.lessonCancelled ?? true,
    language: choices.language,
    email: owner.email,
    memberId: owner.memberId,
    baseline: {},
    updatedAt: new Date().toISOString(),
  });
}
