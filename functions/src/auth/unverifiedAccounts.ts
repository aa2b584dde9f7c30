/**
 * Accounts whose address nobody confirmed are deleted after a while. Anyone can create an account
 * with a member's address through the Auth API; such an account can read nothing (the rules and
 * functions require a verified address), but while it exists the member's own sign-up answers
 * "e-mail already in use". Deleting it frees the address even if the member never resets the
 * password (which would also end the squatter's access).
 */
import { chunk } from 'es-toolkit/array';
import type { Auth, UserRecord } from 'firebase-admin/auth';
import { logger } from 'firebase-functions';

/** Long enough to find the verification e-mail after a weekend; short enough to free the address soon. */
export const UNVERIFIED_ACCOUNT_LIFETIME_MS = 48 * 60 * 60 * 1000;

/** The Admin SDK lists and deletes at most this many accounts per call. */
const PAGE_SIZE = 1000;

export function isStaleUnverified(user: UserRecord, now: Date): boolean {
  const created = Date.parse(user.metadata.creationTime);
  return !user.emailVerified && Number.isFinite(created) && now.getTime() - created >= UNVERIFIED_ACCOUNT_LIFETIME_MS;
}

/** Deletes every account still unverified 48 hours after its creation; returns how many. */
export async function deleteUnverifiedAccounts(auth: Auth, now = new Date()): Promise<number> {
  const stale: UserRecord[] = [];
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(PAGE_SIZE, pageToken);
    stale.push(...page.users.filter((user) => isStaleUnverified(user, now)));
    pageToken = page.pageToken;
  } while (pageToken);

  let deleted = 0;
  for (const batch of chunk(stale, PAGE_SIZE)) {
    const result = await auth.deleteUsers(batch.map((user) => user.uid));
    deleted += result.successCount;
    for (const failure of result.errors) {
      logger.warn('unverified account not deleted', { uid: batch[failure.index]?.uid, reason: failure.error.message });
    }
  }
  // The uids and creation times let the office trace a squatted address without logging it.
  logger.info('unverified accounts deleted', {
    count: deleted,
    accounts: stale.slice(0, 100).map((user) => ({ uid: user.uid, createdAt: user.metadata.creationTime })),
  });
  return deleted;
}
