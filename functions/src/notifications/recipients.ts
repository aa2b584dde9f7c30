/**
 * Who may get an e-mail about a family, decided again at every send from the records as they are
 * now, never from what was stored at opt-in: the Auth account must exist, be enabled and still
 * have the verified address the choices were made with, and that address must still resolve
 * through the member index to the same member, whose document exists (as the security rules and
 * findMemberByEmail decide access). A choice that fails is deleted, and the reason logged
 * without the address.
 */
import { NOTIFICATION_CHOICES } from '@family-portal/contract';
import { chunk } from 'es-toolkit/array';
import type { Auth, UserRecord } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import type { FamilyRecords } from './familyRecords';

export type Refusal =
  | 'account-missing'
  | 'account-disabled'
  | 'address-unverified'
  | 'address-changed'
  | 'address-not-indexed'
  | 'address-of-another-member'
  | 'member-missing';

/** What a stored choice says of its recipient. */
export interface ChoiceOwner {
  uid: string;
  email: string;
  memberId: string;
}

/** The account as Auth has it now; undefined when it no longer exists. */
export type AccountNow = Pick<UserRecord, 'email' | 'emailVerified' | 'disabled'> | undefined;

/** Why an e-mail may not go to this choice's owner, or null when it may. Pure. */
export function refusalOf(owner: ChoiceOwner, account: AccountNow, records: Pick<FamilyRecords, 'memberIdOf' | 'member'>): Refusal | null {
  if (!account) return 'account-missing';
  if (account.disabled) return 'account-disabled';
  if (!account.emailVerified || !account.email) return 'address-unverified';
  if (account.email.trim().toLowerCase() !== owner.email) return 'address-changed';
  const indexed = records.memberIdOf(owner.email);
  if (typeof indexed !== 'string') return 'address-not-indexed';
  if (indexed !== owner.memberId) return 'address-of-another-member';
  if (!records.member(owner.memberId)) return 'member-missing';
  return null;
}

/** Auth's getUsers takes at most 100 identifiers a call. */
const AUTH_BATCH = 100;

/** The accounts that still exist, by uid. */
export async function accountsOf(auth: Auth, uids: readonly string[]): Promise<Map<string, UserRecord>> {
  const found = await Promise.all(chunk([...uids], AUTH_BATCH).map((batch) => auth.getUsers(batch.map((uid) => ({ uid })))));
  return new Map(found.flatMap((result) => result.users).map((user) => [user.uid, user]));
}

/** Deletes the choices of an owner who may no longer be written to. */
export async function forgetChoices(db: Firestore, uid: string, refusal: Refusal): Promise<void> {
  await db.collection(NOTIFICATION_CHOICES).doc(uid).delete();
  // The uid and the reason only: no address in the logs.
  logger.info("parent's e-mail choices deleted: the records no longer lead to this account", { uid, reason: refusal });
}
