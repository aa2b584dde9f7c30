/** When an ID token's session counts as ended: the rule the functions apply to every token and to every stored device. */

/** What the Auth user record says of when its tokens stop counting, as UserRecord gives it (UTC strings). */
export interface TokenValidity {
  /** tokensValidAfterTime: the moment of the last revocation (a password change or reset, a sign-out everywhere), in whole seconds. */
  validSince?: string;
  /** metadata.creationTime: Auth sets validSince when it creates a password account, too. */
  createdAt: string;
}

/**
 * Whether a token whose password was entered at `authTime` (seconds) is revoked. Auth keeps the
 * moment of a revocation in whole seconds and the Admin SDK refuses a token only when its sign-in
 * came in an earlier second, so a token taken in the same second as a password reset would still
 * open the family (as a stranger's token did on a fast machine). The portal promises more: a
 * token whose sign-in came at or before the second of a revocation is refused. A sign-in in the
 * same second after the revocation is refused too and simply signs in again. At creation there
 * was no revocation: the account's first tokens come from the second its validSince names (so a
 * revocation within the account's first second counts as the SDK counts it).
 */
export function isRevoked(authTime: number, { validSince, createdAt }: TokenValidity): boolean {
  if (!validSince) return false;
  const revokedAt = Date.parse(validSince);
  if (Number.isNaN(revokedAt)) return false;
  const signedInAt = authTime * 1000;
  return Math.floor(revokedAt / 1000) > Math.floor(Date.parse(createdAt) / 1000) ? signedInAt <= revokedAt : signedInAt < revokedAt;
}
