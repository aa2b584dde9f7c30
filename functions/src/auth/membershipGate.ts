/**
 * Only members may have an account: a blocking function refuses any sign-up, through the app
 * or straight through the Auth API, whose e-mail is not a member's.
 */
import type { AuthBlockingEvent } from 'firebase-functions/v2/identity';
import { HttpsError } from 'firebase-functions/v2/identity';
import { NOT_A_MEMBER } from '@family-portal/contract';
import { adminDb } from '../admin';
import { findMemberByEmail } from '../sync/family/findMember';

export async function refuseNonMembers(event: AuthBlockingEvent): Promise<void> {
  const email = event.data?.email;
  if (!email || (await findMemberByEmail(adminDb(), email)) === null) {
    // A blocking function's refusal reaches the web app only as its message: the code leads it.
    throw new HttpsError('permission-denied', `${NOT_A_MEMBER}: only members of the school can create an account.`);
  }
}
