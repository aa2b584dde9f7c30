import type { DocumentReference, Firestore } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { batchLength, commitInBatches } from './batchedWrites';

describe('batchLength', () => {
  it("fills a commit with Firestore's 500 operations while small documents fit", () => {
    expect(batchLength(1024)).toBe(500);
    expect(batchLength(0)).toBe(500);
  });

  it("keeps a commit of large copies well under Firestore's 10 MiB", () => {
    const copy = 32 * 1024;
    expect(batchLength(copy)).toBeLessThan(500);
    expect(batchLength(copy) * copy).toBeLessThanOrEqual(8 * 1024 * 1024);
    expect(batchLength(20 * 1024 * 1024)).toBe(1);
  });
});

describe('commitInBatches', () => {
  /** A Firestore whose batches record the documents they commit. */
  function recordingDb() {
    const committed: string[] = [];
    const db = {
      batch: () => {
        const ids: string[] = [];
        return { set: (ref: DocumentReference) => ids.push(ref.id), commit: async () => void committed.push(...ids) };
      },
    } as unknown as Firestore;
    return { db, committed };
  }
  const operations = Array.from({ length: 1200 }, (_, n) => ({ ref: { id: `d${n}` } as DocumentReference, set: {} }));

  it('commits every batch while the look before each says go on', async () => {
    const { db, committed } = recordingDb();
    const looked: number[] = [];
    expect(await commitInBatches(db, operations, 1024, async (index) => (looked.push(index), true))).toBe(1200);
    expect(committed).toHaveLength(1200);
    expect(looked.sort()).toEqual([0, 1, 2]);
  });

  it('leaves the batch whose look says stop, and every batch begun after it, uncommitted', async () => {
    const { db, committed } = recordingDb();
    expect(await commitInBatches(db, operations, 1024, async (index) => index === 0)).toBe(500);
    expect(committed).toEqual(operations.slice(0, 500).map((operation) => operation.ref.id));
  });
});
