import type { Firestore } from 'firebase-admin/firestore';
import { MEMBER_EMAILS, usableAsDocumentId } from '@family-portal/contract';

/**
 * The member this (trimmed, lower-cased) address belongs to, or null: looked up in the index
 * the sync keeps, like the security rules do. An address that two member rows share, or whose
 * row was deleted or rejected, has no entry.
 */
export async function findMemberByEmail(db: Firestore, email: string) {
  const address = email.trim().toLowerCase();
  if (!usableAsDocumentId(address)) return null;
  const entry = await db.collection(MEMBER_EMAILS).doc(address).get();
  const memberId = entry.get('memberId') as unknown;
  if (typeof memberId !== 'string') return null;
  const member = await db.collection('members').doc(memberId).get();
  return member.exists ? member : null;
}
