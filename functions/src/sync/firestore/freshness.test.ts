import { describe, expect, it } from 'vitest';
import { decide } from './freshness';

describe('newer data wins', () => {
  const stored = { hash: 'h1', lastChanged: '2026-11-21T10:00:00.000Z' };

  it.each([
    ['no document yet', undefined, { hash: 'h2', changedAt: '2026-11-21T09:00:00.000Z' }, 'write'],
    ['the same content', stored, { hash: 'h1', changedAt: '2026-11-21T09:00:00.000Z' }, 'unchanged'],
    ['a newer row', stored, { hash: 'h2', changedAt: '2026-11-21T10:00:01.000Z' }, 'write'],
    ['a row of the same moment (a new mapping of it)', stored, { hash: 'h2', changedAt: '2026-11-21T10:00:00.000Z' }, 'write'],
    ['an older row', stored, { hash: 'h2', changedAt: '2026-11-21T09:59:59.000Z' }, 'older'],
    ['a row without Last Changed', stored, { hash: 'h2', changedAt: null }, 'write'],
    ['a document without a version', { hash: 'h1', lastChanged: undefined }, { hash: 'h2', changedAt: '2020-01-01T00:00:00.000Z' }, 'write'],
  ] as const)('%s → %s', (_what, current, row, decision) => {
    expect(decide(current, row)).toBe(decision);
  });

  it('takes a document written after the row was read for newer, even in the same second', () => {
    const read = Date.parse('2026-11-21T10:00:00.400Z');
    const row = { hash: 'h2', changedAt: '2026-11-21T10:00:00.000Z', fetchedAt: read };
    expect(decide({ ...stored, updatedAt: read + 300 }, row)).toBe('older');
    expect(decide({ ...stored, updatedAt: read - 300 }, row)).toBe('write');
    expect(decide({ ...stored, hash: 'h2', updatedAt: read + 300 }, row)).toBe('unchanged');
    // Without the times, Last Changed alone decides.
    expect(decide(stored, { hash: 'h2', changedAt: '2026-11-21T10:00:00.000Z' })).toBe('write');
  });
});
