import * as contract from '@family-portal/contract';
import type { Firestore } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { BOOKING_LOAD_ERROR, readBooking, type BookingQuery } from './booking';
import type { FirestoreFunctions } from './firestoreFunctions';
import { DataLoadError } from './readErrors';

type Stored = Record<string, Record<string, Record<string, unknown>>>;
type Filter = { field: string; op: string; value: string };

/** Firestore as the reads see it, over documents by collection and id: equality queries only. Every query asked is kept. */
function fakeFirestore(stored: Stored) {
  const asked: string[] = [];
  const fs = {
    collection: (_db: unknown, name: string) => ({ name }),
    doc: (_db: unknown, name: string, id: string) => ({ name, id }),
    where: (field: string, op: string, value: string) => ({ field, op, value }),
    query: (from: { name: string }, ...filters: Filter[]) => ({ from, filters }),
    getDoc: async ({ name, id }: { name: string; id: string }) => ({ id, exists: () => stored[name]?.[id] !== undefined, data: () => stored[name]?.[id] }),
    getDocs: async ({ from, filters }: { from: { name: string }; filters: Filter[] }) => {
      asked.push(`${from.name} where ${filters.map((f) => `${f.field} ${f.op} ${f.value}`).join(', ')}`);
      const docs = Object.entries(stored[from.name] ?? {}).filter(([, data]) => filters.every((f) => data[f.field] === f.value));
      return { docs: docs.map(([id, data]) => ({ id, data: () => data })) };
    },
  };
  return { fs: fs as unknown as FirestoreFunctions, asked };
}

const db = {} as Firestore;
const quarter = { id: 'Q1', name: '2027 Q1', firstDay: '2027-01-01', lastDay: '2027-03-31' };
const entry = { memberId: 'M1', childId: 'C1', offerId: 'O1', quarterId: 'Q1', lessonId: 'L1', positions: [{ roomHourId: 'RH1', position: 2 }], offer: null, passed: [] };
const stored: Stored = {
  [contract.OFFER_SUMMARY]: { Q1: { quarter, requestsUntil: '2027-03-15', lessonNames: { L1: 'Schach' } } },
  [contract.WAITING_ENTRIES]: {
    'REQ-1': entry,
    'REQ-2': { ...entry, childId: 'C2', quarterId: 'Q0' },
    'REQ-3': { ...entry, memberId: 'M2' },
  },
};
const light: BookingQuery = { memberId: 'M1', quarterId: 'Q1', today: '2027-02-01', withPlaces: false };

describe("reading the family's waiting lists", () => {
  it("reads the family's entries by member id, the quarter's only, each with its request's id, even in the light read", async () => {
    const { fs, asked } = fakeFirestore(stored);
    const booking = await readBooking(fs, db, contract, light);
    expect(asked).toContain('waiting_entries where memberId == M1');
    expect(booking?.waiting).toEqual([{ ...entry, requestId: 'REQ-1' }]);
  });

  it('refuses an entry the contract does not describe: no half-read place in line is shown', async () => {
    const { fs } = fakeFirestore({ ...stored, [contract.WAITING_ENTRIES]: { 'REQ-1': { ...entry, positions: [{ roomHourId: 'RH1', position: 0 }] } } });
    const failed = await readBooking(fs, db, contract, light).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(DataLoadError);
    expect((failed as DataLoadError).message).toBe(BOOKING_LOAD_ERROR);
  });
});
