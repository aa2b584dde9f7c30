/**
 * What a parent's session reads, through the app's own data layer and the web SDK, rules
 * enforced: the documents per collection, and which reads waited for which. A read waits for
 * every read that answered before it was asked, so the chain of round trips is the longest
 * run of reads each asked after the previous one's answer.
 */
import * as contract from '@family-portal/contract';
import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithEmailAndPassword, signOut } from 'firebase/auth';
import * as firestore from 'firebase/firestore';
import { loadCorrespondence, loadFamilyData } from '../../src/data/familyData';
import { createQueries } from '../../src/data/queries';
import { DEMO_PASSWORD } from '../../tools/appsheet/generator';
import { EMULATOR_HOST, PORTS, PROJECT_ID } from '../../tools/lib/stack';

interface Read {
  collection: string;
  documents: number;
  askedAt: number;
  answeredAt: number;
}

/** The collections read in each round trip, in order: a read's trip is one after the latest trip that answered before it was asked. */
export function roundTripsOf(reads: Read[]): string[][] {
  const trips: string[][] = [];
  const tripOf = new Map<Read, number>();
  for (const read of [...reads].sort((a, b) => a.askedAt - b.askedAt)) {
    const before = reads.filter((other) => other !== read && other.answeredAt <= read.askedAt && tripOf.has(other));
    const trip = before.length === 0 ? 0 : Math.max(...before.map((other) => tripOf.get(other)!)) + 1;
    tripOf.set(read, trip);
    (trips[trip] ??= []).push(read.collection);
  }
  return trips.map((collections) => [...new Set(collections)]);
}

export async function sessionReads(email: string) {
  const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'demo-api-key' }, `reads-${email}-${Date.now()}`);
  const auth = getAuth(app);
  connectAuthEmulator(auth, `http://${EMULATOR_HOST}:${PORTS.auth}`, { disableWarnings: true });
  const db = firestore.getFirestore(app);
  firestore.connectFirestoreEmulator(db, EMULATOR_HOST, PORTS.firestore);
  await signInWithEmailAndPassword(auth, email, DEMO_PASSWORD);
  const reads: Read[] = [];
  const collectionOf = new WeakMap<object, string>();
  const timed = async <T>(collection: string, read: () => Promise<T>, documents: (result: T) => number) => {
    const askedAt = performance.now();
    const result = await read();
    reads.push({ collection, documents: documents(result), askedAt, answeredAt: performance.now() });
    return result;
  };
  const counting = {
    ...firestore,
    query: (...args: Parameters<typeof firestore.query>) => {
      const query = firestore.query(...args);
      // The data layer queries collections, not other queries.
      collectionOf.set(query, (args[0] as unknown as firestore.CollectionReference).id);
      return query;
    },
    getDoc: (...args: Parameters<typeof firestore.getDoc>) =>
      timed(args[0].parent.id, () => firestore.getDoc(...args), (snapshot) => (snapshot.exists() ? 1 : 0)),
    getDocs: (...args: Parameters<typeof firestore.getDocs>) =>
      timed(collectionOf.get(args[0]) ?? '?', () => firestore.getDocs(...args), (snapshot) => snapshot.size),
  } as typeof firestore;
  const queries = createQueries(counting, db, contract);
  const data = await loadFamilyData(queries, email);
  if (!data.member) throw new Error(`${email} has no member document`);
  // Read once the family is shown, so not among its round trips.
  const before = reads.length;
  await loadCorrespondence(queries, data.member.id);
  await signOut(auth);
  await firestore.terminate(db);
  const byCollection: Record<string, number> = {};
  for (const read of reads) byCollection[read.collection] = (byCollection[read.collection] ?? 0) + read.documents;
  return {
    documents: reads.reduce((total, read) => total + read.documents, 0),
    queries: reads.length,
    byCollection,
    roundTrips: roundTripsOf(reads.slice(0, before)),
  };
}
