import type { Firestore } from 'firebase-admin/firestore';

/** The member whose primaryEmail is this (lower-cased, trimmed) address, or null. */
export async function findMemberByEmail(db: Firestore, email: string) {
  const matches = await db.collection('members').where('primaryEmail', '==', email.trim().toLowerCase()).limit(1).get();
  return matches.docs[0] ?? null;
}
