/** updateMemberData and cancelMembership (spec section 7), the data export and the account's deletion, with the parent's ID token. */
import type { CancelMembershipBody, Member, MyData, NotificationChoices, UpdateMemberDataBody } from '@family-portal/contract';
import { getAuth } from '../data/firebase';
import { callFunction } from './client';
import { currentIdToken } from './idToken';

export async function updateMemberData(updates: UpdateMemberDataBody['updates']): Promise<Member> {
  const { data } = await callFunction('updateMemberData', (schemas) => schemas.memberAnswer, { body: { updates }, idToken: currentIdToken });
  return data;
}

export async function cancelMembership(cancellationReason?: string): Promise<{ message: string; data: Member }> {
  const body: CancelMembershipBody = cancellationReason ? { cancellationReason } : {};
  return callFunction('cancelMembership', (schemas) => schemas.memberAnswer, { body, idToken: currentIdToken });
}

/** Everything the portal holds about the family (exportMyData), for the parent's own file. */
export async function exportMyData(): Promise<MyData> {
  const { data } = await callFunction('exportMyData', (schemas) => schemas.myDataAnswer, { method: 'GET', idToken: currentIdToken });
  return data;
}

/** Deletes the parent's portal account; the membership stays. */
export async function deleteMyAccount(): Promise<void> {
  await callFunction('deleteMyAccount', (schemas) => schemas.accountDeletedAnswer, { body: {}, idToken: currentIdToken });
}

/**
 * The signed-in account's e-mail choices as this tab last read or saved them, for a minute. The
 * family page shows them at every opening, and the endpoint answers an account 10 reads a minute:
 * a parent going back and forth between the pages met "too many requests". A minute also bounds
 * how long a change saved on another device can go unseen here.
 */
export const CHOICES_COPY_MS = 60_000;
let sessionChoices: { uid: string; at: number; choices: Promise<NotificationChoices> } | undefined;

const signedInUid = async () => (await getAuth()).currentUser?.uid ?? null;

/** The parent's e-mail choices (all off until turned on). */
export async function getNotificationChoices(): Promise<NotificationChoices> {
  const uid = await signedInUid();
  if (uid !== null && sessionChoices?.uid === uid && Date.now() - sessionChoices.at < CHOICES_COPY_MS) return sessionChoices.choices;
  const choices = callFunction('getNotificationChoices', (schemas) => schemas.notificationChoicesAnswer, { method: 'GET', idToken: currentIdToken }).then(({ data }) => data);
  if (uid === null) return choices;
  const copy = { uid, at: Date.now(), choices };
  sessionChoices = copy;
  // A failed read is asked again next time.
  choices.catch(() => {
    if (sessionChoices === copy) sessionChoices = undefined;
  });
  return choices;
}

export async function setNotificationChoices(choices: NotificationChoices): Promise<NotificationChoices> {
  const { data } = await callFunction('setNotificationChoices', (schemas) => schemas.notificationChoicesAnswer, { body: choices, idToken: currentIdToken });
  const uid = await signedInUid();
  sessionChoices = uid === null ? undefined : { uid, at: Date.now(), choices: Promise.resolve(data) };
  return data;
}

/** The unsubscribe link of an e-mail: its signed token is the proof, no sign-in needed. */
export async function unsubscribe(token: string): Promise<void> {
  await callFunction('unsubscribe', (schemas) => schemas.unsubscribeAnswer, { body: { token } });
  sessionChoices = undefined;
}

/** Whether the parent has a private calendar address, and since when (the address is shown only when made). */
export async function getCalendarFeed() {
  const { data } = await callFunction('getCalendarFeed', (schemas) => schemas.calendarFeedAnswer, { method: 'GET', idToken: currentIdToken });
  return data;
}

/** Stops the private calendar address; calendar apps get nothing from it any more. */
export async function deleteCalendarFeed() {
  const { data } = await callFunction('deleteCalendarFeed', (schemas) => schemas.calendarFeedAnswer, { body: {}, idToken: currentIdToken });
  return data;
}

/** A new private calendar address in this language; the earlier one stops working. */
export async function createCalendarFeed(language: 'en' | 'de' | 'ru') {
  const { data } = await callFunction('createCalendarFeed', (schemas) => schemas.calendarFeedCreatedAnswer, { body: { language }, idToken: currentIdToken });
  return data;
}
