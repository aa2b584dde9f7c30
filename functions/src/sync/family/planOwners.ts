/**
 * Plans and booking requests carry the member id of their child's family (`memberId`), taken
 * from the children collection when they are synced. The rules then decide a query with one
 * lookup of the caller's member id instead of two per child id (production allows 10 per query).
 */
import { chunk } from 'es-toolkit/array';
import type { Firestore } from 'firebase-admin/firestore';
import { contentHash, HASH_FIELD, REJECTED_HASH, SYNCED_AT_FIELD } from '../firestore/contentHash';
import { writeChanges, type Upsert, type WriteOutcome } from '../firestore/firestoreWriter';
import { LAST_CHANGED_FIELD } from '../firestore/freshness';
import type { SyncedDocument } from '../mapping/mapRow';
import { MEMBER_EMAILS, usableAsDocumentId, type RowNote } from '@family-portal/contract';

const BATCH = 300;

/** childId → memberId, as the children collection holds them now. */
export async function childOwners(db: Firestore, childIds: Iterable<string>): Promise<Map<string, string>> {
  const ids = [...new Set(childIds)];
  const children = db.collection('children');
  const owners = new Map<string, string>();
  const snapshots = await Promise.all(chunk(ids, BATCH).map((batch) => db.getAll(...batch.map((id) => children.doc(id)), { fieldMask: ['memberId'] })));
  for (const snapshot of snapshots.flat()) {
    const memberId = snapshot.get('memberId') as unknown;
    if (snapshot.exists && typeof memberId === 'string') owners.set(snapshot.id, memberId);
  }
  return owners;
}

/** The collections whose documents belong to a child's family. */
export type ChildOwned = 'plans' | 'bookingRequests';

/** The member each address leads to through the index (lower-cased addresses; unknown: absent). */
export type Requesters = ReadonlyMap<string, string>;

/**
 * What a family may read of a request: the address that sent it and the office's note to that
 * sender only when the sender is of this family. A child that moved to another family takes its
 * requests along, but not the previous parent's address or the note written to them. Pure.
 */
export function requestForFamily(doc: SyncedDocument, owner: string, requesters: Requesters): SyncedDocument {
  const sender = typeof doc.requestedBy === 'string' ? doc.requestedBy.trim().toLowerCase() : '';
  if (sender === '' || requesters.get(sender) === owner) return doc;
  return { ...doc, requestedBy: null, note: null };
}

/** The index entries of the addresses that sent these requests. */
export async function requestersOf(db: Firestore, docs: Iterable<SyncedDocument>): Promise<Map<string, string>> {
  const addresses = [...new Set([...docs].map((doc) => (typeof doc.requestedBy === 'string' ? doc.requestedBy.trim().toLowerCase() : '')))].filter((address) => address !== '' && usableAsDocumentId(address));
  const index = db.collection(MEMBER_EMAILS);
  const entries = (await Promise.all(chunk(addresses, BATCH).map((batch) => db.getAll(...batch.map((address) => index.doc(address)))))).flat();
  return new Map(entries.flatMap((entry) => (entry.exists && typeof entry.get('memberId') === 'string' ? [[entry.id, entry.get('memberId') as string]] : [])));
}

/**
 * Sets memberId on every plan (or request). One whose child is unknown is rejected (a missing
 * required reference): nobody could read it, and the office should see it.
 */
export function assignOwners(
  docs: Map<string, SyncedDocument>,
  owners: Map<string, string>,
  table: ChildOwned = 'plans',
  requesters: Requesters = new Map(),
): { rejected: Array<RowNote & { key: string }> } {
  const rejected: Array<RowNote & { key: string }> = [];
  for (const [id, doc] of docs) {
    const owner = owners.get(String(doc.childId));
    if (owner) {
      // In place: the caller's slice holds these very documents.
      if (table === 'bookingRequests') Object.assign(doc, requestForFamily(doc, owner, requesters));
      doc.memberId = owner;
    } else {
      docs.delete(id);
      rejected.push({ table, key: id, reason: `column "Child ID": no child "${String(doc.childId)}"` });
    }
  }
  return { rejected };
}

/**
 * A child that moved to another family takes its plans along: rewrites memberId (and the hash)
 * of every plan of these children whose memberId differs from the child's.
 */
export async function repairPlanOwners(db: Firestore, childIds: string[], syncedAt: string): Promise<WriteOutcome & { planIds: string[] }> {
  const { ids, ...outcome } = await repairOwners(db, 'plans', childIds, syncedAt);
  return { ...outcome, planIds: ids };
}

/** The same for booking requests: a family reads the requests of its children only. */
export async function repairRequestOwners(db: Firestore, childIds: string[], syncedAt: string): Promise<WriteOutcome & { requestIds: string[] }> {
  const { ids, ...outcome } = await repairOwners(db, 'bookingRequests', childIds, syncedAt);
  return { ...outcome, requestIds: ids };
}

async function repairOwners(db: Firestore, collection: ChildOwned, childIds: string[], syncedAt: string): Promise<WriteOutcome & { ids: string[] }> {
  const owners = await childOwners(db, childIds);
  const docs = db.collection(collection);
  const ids = [...owners.keys()];
  const moved = [];
  for (const batch of chunk(ids, 30)) {
    const snapshot = await docs.where('childId', 'in', batch).get();
    for (const doc of snapshot.docs) {
      const owner = owners.get(doc.get('childId') as string);
      if (owner && doc.get('memberId') !== owner && doc.get(HASH_FIELD) !== REJECTED_HASH) moved.push({ doc, owner });
    }
  }
  const contents = moved.map(({ doc }): SyncedDocument => Object.fromEntries(Object.entries(doc.data()).filter(([key]) => !key.startsWith('_'))));
  const requesters = collection === 'bookingRequests' ? await requestersOf(db, contents) : new Map<string, string>();
  const sets: Upsert[] = [];
  moved.forEach(({ doc, owner }, index) => {
    const before = contents[index] as SyncedDocument;
    const content: SyncedDocument = { ...(collection === 'bookingRequests' ? requestForFamily(before, owner, requesters) : before), memberId: owner };
    const hash = contentHash(content);
    // Only the family changes (and, for a request, what the new family may not read); written
    // only if the document is still as read.
    const changed = Object.fromEntries(Object.entries(content).filter(([key, value]) => value !== before[key]));
    sets.push({
      ref: doc.ref,
      data: { ...changed, [HASH_FIELD]: hash, [SYNCED_AT_FIELD]: syncedAt },
      version: { hash, changedAt: (doc.get(LAST_CHANGED_FIELD) as string | undefined) ?? null },
      readAt: doc.updateTime,
      merge: true,
    });
  });
  return { ...(await writeChanges(db, sets, [])), ids: sets.map((set) => set.ref.id) };
}
