import { describe, expect, it } from 'vitest';
import { deletionLimit } from './deletionGuard';

describe('the mass-deletion guard', () => {
  it.each([
    [0, 20],
    [100, 20],
    [400, 20],
    [1000, 50],
    [40_000, 2000],
  ])('a table of %i documents may lose %i in one run', (stored, limit) => {
    expect(deletionLimit(stored)).toBe(limit);
  });

  it('takes another share as a parameter, and ignores one that makes no sense', () => {
    expect(deletionLimit(1000, 0.1)).toBe(100);
    for (const share of [0, -1, Number.NaN, 2]) expect(deletionLimit(1000, share)).toBe(50);
  });
});
