import * as contract from '@family-portal/contract';
import type { Firestore } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { DIRECT_DEBIT_LOAD_ERROR, readDirectDebit } from './directDebit';
import type { FirestoreFunctions } from './firestoreFunctions';
import { DataLoadError } from './readErrors';

type Stored = Record<string, Record<string, Record<string, unknown>>>;

/**
 * Firestore as the reads see it, over documents by collection and id: equality queries only, as
 * the rules allow the family's. Every query asked is kept, to show what was read.
 */
function fakeFirestore(stored: Stored, failWith?: { code: string }) {
  const asked: string[] = [];
  const fs = {
    collection: (_db: unknown, name: string) => ({ name }),
    doc: (_db: unknown, name: string, id: string) => ({ name, id }),
    where: (field: string, op: string, value: string) => ({ field, op, value }),
    query: (from: { name: string }, ...filters: Array<{ field: string; op: string; value: string }>) => ({ from, filters }),
    getDoc: async ({ name, id }: { name: string; id: string }) => {
      if (failWith) throw Object.assign(new Error('Missing or insufficient permissions.'), failWith);
      return { id, data: () => stored[name]?.[id] };
    },
    getDocs: async ({ from, filters }: { from: { name: string }; filters: Array<{ field: string; op: string; value: string }> }) => {
      asked.push(`${from.name} where ${filters.map((f) => `${f.field} ${f.op} ${f.value}`).join(', ')}`);
      const docs = Object.entries(stored[from.name] ?? {}).filter(([, data]) => filters.every((f) => data[f.field] === f.value));
      return { docs: docs.map(([id, data]) => ({ id, data: () => data })) };
    },
  };
  return { fs: fs as unknown as FirestoreFunctions, asked };
}

const db = {} as Firestore;
const debit = { runId: 'R20261221A1B2C3D4', memberId: 'M1', mandateReference: 'MNDT-M1-A', amount: 123.45, collectionDate: '2026-12-21', status: 'announced', returnReason: null };
/** What the sync and the functions store beside a debit's fields. */
const bookkeeping = { _hash: 'abc', _syncedAt: '2026-12-07T10:00:00.000Z', _lastChanged: '2026-12-07T10:00:00.000Z' };
const school = { direct_debit: { school: { offered: true } } };

describe('reading the family\'s direct debit', () => {
  it('reads the family\'s own debits beside its mandates, by member id, with their ids', async () => {
    const { fs, asked } = fakeFirestore({
      ...school,
      debits: { 'R20261221A1B2C3D4-0001': { ...debit, ...bookkeeping }, 'R20261221A1B2C3D4-0002': { ...debit, memberId: 'M2' } },
    });
    const found = await readDirectDebit(fs, db, contract, 'M1');
    expect(asked).toContain('debits where memberId == M1');
    expect(found).toEqual({ offered: true, mandates: [], debits: [{ id: 'R20261221A1B2C3D4-0001', ...debit }] });
  });

  it('refuses a debit the contract does not describe: no half-read debit is shown', async () => {
    const { fs } = fakeFirestore({ ...school, debits: { 'R20261221A1B2C3D4-0001': { ...debit, status: 'Angekündigt' } } });
    const failed = await readDirectDebit(fs, db, contract, 'M1').catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(DataLoadError);
    expect((failed as DataLoadError).message).toBe(DIRECT_DEBIT_LOAD_ERROR);
  });

  it('gives a family the rules refuse no direct debit, and no debits', async () => {
    const { fs } = fakeFirestore({}, { code: 'permission-denied' });
    expect(await readDirectDebit(fs, db, contract, 'M1')).toEqual({ offered: false, mandates: [], debits: [] });
  });
});
