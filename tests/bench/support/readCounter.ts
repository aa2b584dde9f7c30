/**
 * Documents the Admin SDK reads, counted on its own read calls whatever code makes them (a query
 * that finds nothing still costs one read, as Firestore bills it). Aggregation queries are not
 * counted: they read index entries, billed at one read per thousand.
 */
import { DocumentReference, Firestore, Query, Transaction } from 'firebase-admin/firestore';

let reads = 0;

export const readsSoFar = () => reads;

export function countReads(): void {
  const count = (found: number) => (reads += Math.max(found, 1));
  const patch = <T extends object>(proto: T, name: keyof T, size: (result: any) => number) => {
    const original = proto[name] as (...args: unknown[]) => Promise<unknown>;
    (proto as Record<keyof T, unknown>)[name] = async function (this: unknown, ...args: unknown[]) {
      const result = await original.apply(this, args);
      count(size(result));
      return result;
    };
  };
  patch(Query.prototype, 'get', (snapshot) => snapshot.size);
  patch(DocumentReference.prototype, 'get', () => 1);
  patch(Firestore.prototype, 'getAll', (snapshots: unknown[]) => snapshots.length);
  patch(Transaction.prototype, 'get', (result) => ('size' in result ? result.size : 1));
  patch(Transaction.prototype, 'getAll', (snapshots: unknown[]) => snapshots.length);
}
