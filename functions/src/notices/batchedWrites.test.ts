import { describe, expect, it } from 'vitest';
import { batchLength } from './batchedWrites';

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
