/**
 * The family's figures as asked for the moment a parent signed in on this page (data/firebase's
 * readFamilyOnSignIn), kept here until the signed-in frame's DataProvider takes them. Asked then,
 * they come while the frame loads and renders instead of after it; and there is nothing the
 * device kept to show first, since a session's end deletes the cache (data/firebase).
 */
import type { FamilyData } from './familyData';

let first: { email: string; read: Promise<FamilyData> } | undefined;

export function keepFirstRead(email: string, read: Promise<FamilyData>): void {
  // Taken by the DataProvider or dropped; a failure is that provider's to handle.
  read.catch(() => undefined);
  first = { email, read };
}

/** The read asked for at sign-in for this e-mail, once; later loads read anew. */
export function takeFirstRead(email: string): Promise<FamilyData> | undefined {
  const taken = first?.email === email ? first.read : undefined;
  first = undefined;
  return taken;
}

/** A session that ends leaves no read behind for the next one. */
export function forgetFirstRead(): void {
  first = undefined;
}
