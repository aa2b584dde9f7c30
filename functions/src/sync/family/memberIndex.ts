/**
 * Who is which member, decided in one place: the index from lower-cased e-mail to member id
 * that the security rules, the functions and the sign-up gate all look up.
 *
 * member_emails/{email} → {memberId}: exactly one usable member document has this e-mail.
 * member_email_duplicates/{email} → {memberIds}: two or more do; none of them is indexed, so
 * neither parent reads anything until the office fixes the rows. Clients never read this one.
 *
 * The index is derived from the members collection after the members table has synced: a
 * member document counts unless its row was rejected (REJECTED_HASH). A full sync rebuilds it
 * from every member; a delta sync recomputes only the e-mails its changed rows touch, old and
 * new, which also catches a duplicate whose twin did not change.
 */
import { chunk } from 'es-toolkit/array';
import { MEMBER_EMAIL_DUPLICATES, MEMBER_EMAILS, usableAsDocumentId, type MemberIndexSummary, type RowNote } from '@family-portal/contract';
import type { DocumentReference, DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { HASH_FIELD, REJECTED_HASH, SYNCED_AT_FIELD } from '../firestore/contentHash';
import { writeChanges } from '../firestore/firestoreWriter';


/** What the sync log records of the index (the contract's shape, documented there). */
export type IndexSummary = MemberIndexSummary;

export interface IndexOutcome {
  summary: IndexSummary;
  /** One row error per member of a duplicate pair, naming all keys. */
  rowErrors: RowNote[];
  /** Member ids whose access ended in this run, for the log (ids only, no e-mails). */
  removedMemberIds: string[];
}

export interface MemberEmail {
  memberId: string;
  email: string | null;
  rejected: boolean;
}

/** The desired index for these members: unique e-mails, and e-mails used more than once. */
export function planIndex(members: Iterable<MemberEmail>): { unique: Map<string, string>; duplicates: Map<string, string[]> } {
  const byEmail = new Map<string, string[]>();
  for (const member of members) {
    if (member.rejected || !member.email) continue;
    const email = member.email.trim().toLowerCase();
    byEmail.set(email, [...(byEmail.get(email) ?? []), member.memberId]);
  }
  const unique = new Map<string, string>();
  const duplicates = new Map<string, string[]>();
  for (const [email, ids] of byEmail) {
    if (ids.length === 1) unique.set(email, ids[0] as string);
    else duplicates.set(email, [...ids].sort());
  }
  return { unique, duplicates };
}

export function duplicateRowErrors(duplicates: Map<string, string[]>): RowNote[] {
  return [...duplicates.values()].flatMap((ids) =>
    ids.map((id) => ({
      table: 'members' as const,
      key: id,
      reason: `the e-mail address is used by members ${ids.join(', ')}; none of them can use the portal until only one row has it`,
    })),
  );
}

const toMemberEmail = (doc: DocumentSnapshot): MemberEmail => ({
  memberId: doc.id,
  email: (doc.get('primaryEmail') as string | null | undefined) ?? null,
  rejected: doc.get(HASH_FIELD) === REJECTED_HASH,
});

type Entries = Map<string, { ref: DocumentReference; value: string }>;

async function storedEntries(db: Firestore, emails: string[] | 'all'): Promise<{ unique: Entries; duplicates: Entries }> {
  const read = async (collection: string, field: string): Promise<Entries> => {
    const ref = db.collection(collection);
    const snapshots =
      emails === 'all'
        ? (await ref.get()).docs
        : (await Promise.all(chunk(emails, 300).map((batch) => db.getAll(...batch.map((email) => ref.doc(email)))))).flat();
    const entries: Entries = new Map();
    for (const snapshot of snapshots) {
      if (snapshot.exists) entries.set(snapshot.id, { ref: snapshot.ref, value: JSON.stringify(snapshot.get(field)) });
    }
    return entries;
  };
  const [unique, duplicates] = await Promise.all([read(MEMBER_EMAILS, 'memberId'), read(MEMBER_EMAIL_DUPLICATES, 'memberIds')]);
  return { unique, duplicates };
}

/** E-mails the index holds today for these members: where their old e-mails were. */
async function emailsIndexedFor(db: Firestore, memberIds: string[]): Promise<string[]> {
  const emails = new Set<string>();
  await Promise.all(
    chunk(memberIds, 30).flatMap((batch) => [
      db.collection(MEMBER_EMAILS).where('memberId', 'in', batch).get(),
      db.collection(MEMBER_EMAIL_DUPLICATES).where('memberIds', 'array-contains-any', batch).get(),
    ]).map(async (query) => (await query).docs.forEach((doc) => emails.add(doc.id))),
  );
  return [...emails];
}

async function membersWithEmails(db: Firestore, emails: string[]): Promise<MemberEmail[]> {
  const members = db.collection('members').select('primaryEmail', HASH_FIELD);
  const results = await Promise.all(chunk(emails, 30).map((batch) => members.where('primaryEmail', 'in', batch).get()));
  return results.flatMap((result) => result.docs.map(toMemberEmail));
}

/**
 * Brings the index in line with the members collection: for every member (full), or for the
 * e-mails of these changed member ids, before and after (delta). Writes only what differs.
 */
export async function reconcileMemberIndex(db: Firestore, scope: 'all' | { changedMemberIds: string[] }, syncedAt: string): Promise<IndexOutcome> {
  let members: MemberEmail[];
  let emails: string[] | 'all';
  if (scope === 'all') {
    members = (await db.collection('members').select('primaryEmail', HASH_FIELD).get()).docs.map(toMemberEmail);
    emails = 'all';
  } else {
    const ids = [...new Set(scope.changedMemberIds)];
    const current = (await Promise.all(chunk(ids, 300).map((batch) => db.getAll(...batch.map((id) => db.collection('members').doc(id)), { fieldMask: ['primaryEmail', HASH_FIELD] })))).flat();
    const newEmails = current.filter((doc) => doc.exists).map(toMemberEmail).filter((m) => !m.rejected && m.email).map((m) => m.email as string);
    emails = [...new Set([...newEmails, ...(await emailsIndexedFor(db, ids))])];
    members = await membersWithEmails(db, emails);
  }

  const planned = planIndex(members.filter((member) => !member.email || usableAsDocumentId(member.email)));
  const stored = await storedEntries(db, emails);

  const sets: Array<{ ref: DocumentReference; data: Record<string, unknown> }> = [];
  const deletes: DocumentReference[] = [];
  const removedMemberIds: string[] = [];
  let added = 0;
  const reconcile = (collection: string, field: string, want: Map<string, unknown>, have: Entries) => {
    for (const [email, value] of want) {
      if (have.get(email)?.value === JSON.stringify(value)) continue;
      sets.push({ ref: db.collection(collection).doc(email), data: { [field]: value, [SYNCED_AT_FIELD]: syncedAt } });
      if (collection === MEMBER_EMAILS) added += 1;
    }
    for (const [email, entry] of have) {
      if (want.has(email)) continue;
      deletes.push(entry.ref);
      if (collection === MEMBER_EMAILS) removedMemberIds.push(JSON.parse(entry.value) as string);
    }
  };
  reconcile(MEMBER_EMAILS, 'memberId', planned.unique, stored.unique);
  reconcile(MEMBER_EMAIL_DUPLICATES, 'memberIds', planned.duplicates, stored.duplicates);
  // A changed entry (another member id) is a removal of the old owner's access as well.
  for (const [email, memberId] of planned.unique) {
    const before = stored.unique.get(email);
    if (before && before.value !== JSON.stringify(memberId)) removedMemberIds.push(JSON.parse(before.value) as string);
  }

  const outcome = await writeChanges(db, sets, deletes);
  if (outcome.failed > 0) throw new Error(`updating the member index failed: ${outcome.firstFailure}`);
  return {
    summary: { indexed: planned.unique.size, added, removed: removedMemberIds.length, duplicates: planned.duplicates.size },
    rowErrors: duplicateRowErrors(planned.duplicates),
    removedMemberIds,
  };
}
