/**
 * What the parents' e-mails read of the office's records: the member index, the member documents
 * and their payments. After a full sync, every family's, in one read of each collection (the
 * emulator, like a cold production query, answers a whole collection faster than thousands of
 * lookups); after a delta, only the families in scope, in batched lookups.
 */
import { MEMBER_EMAILS } from '@family-portal/contract';
import { chunk } from 'es-toolkit/array';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { isDocumentId } from './documentIds';
import { IN_LIMIT } from '../lib/firestoreLimits';

export interface PaymentFacts {
  id: string;
  amount: unknown;
  date: unknown;
  direction: unknown;
}

export interface FamilyRecords {
  /** The member id the index gives this address, if any. */
  memberIdOf(email: string): unknown;
  member(memberId: string): DocumentSnapshot | undefined;
  payments(memberId: string): PaymentFacts[];
}

const MEMBER_FIELDS = ['primaryName', 'balance', 'status'];
const PAYMENT_FIELDS = ['memberId', 'amount', 'date', 'direction'];

function records(entries: Iterable<[string, unknown]>, members: Iterable<DocumentSnapshot>, payments: Iterable<DocumentSnapshot>): FamilyRecords {
  const index = new Map(entries);
  const memberOf = new Map([...members].filter((member) => member.exists).map((member) => [member.id, member]));
  const paymentsOf = new Map<string, PaymentFacts[]>();
  for (const payment of payments) {
    const memberId = payment.get('memberId') as unknown;
    if (typeof memberId !== 'string') continue;
    const facts = { id: payment.id, amount: payment.get('amount') as unknown, date: payment.get('date') as unknown, direction: payment.get('direction') as unknown };
    paymentsOf.set(memberId, [...(paymentsOf.get(memberId) ?? []), facts]);
  }
  return {
    memberIdOf: (email) => index.get(email),
    member: (memberId) => memberOf.get(memberId),
    payments: (memberId) => paymentsOf.get(memberId) ?? [],
  };
}

/** Every family's records: four reads of whole collections. */
export async function allFamilyRecords(db: Firestore): Promise<FamilyRecords> {
  const [index, members, payments] = await Promise.all([
    db.collection(MEMBER_EMAILS).get(),
    db.collection('members').select(...MEMBER_FIELDS).get(),
    db.collection('payments').select(...PAYMENT_FIELDS).get(),
  ]);
  return records(
    index.docs.map((entry) => [entry.id, entry.get('memberId') as unknown]),
    members.docs,
    payments.docs,
  );
}

/** The records of these addresses and members; their payments only where asked for. */
export async function familyRecordsOf(db: Firestore, families: { emails: string[]; memberIds: string[]; paymentsOf: string[] }): Promise<FamilyRecords> {
  const lookUp = async (collection: string, ids: string[], fieldMask?: string[]) =>
    (
      await Promise.all(
        chunk([...new Set(ids.filter(isDocumentId))], 300).map((batch) =>
          db.getAll(...batch.map((id) => db.collection(collection).doc(id)), ...(fieldMask ? [{ fieldMask }] : [])),
        ),
      )
    ).flat();
  const [entries, members, payments] = await Promise.all([
    lookUp(MEMBER_EMAILS, families.emails),
    lookUp('members', families.memberIds, MEMBER_FIELDS),
    Promise.all(
      chunk([...new Set(families.paymentsOf.filter(isDocumentId))], IN_LIMIT).map((batch) =>
        db.collection('payments').where('memberId', 'in', batch).select(...PAYMENT_FIELDS).get(),
      ),
    ),
  ]);
  return records(
    entries.filter((entry) => entry.exists).map((entry) => [entry.id, entry.get('memberId') as unknown]),
    members,
    payments.flatMap((result) => result.docs),
  );
}
