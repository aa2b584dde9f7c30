import { describe, expect, it } from 'vitest';
import { duplicateRowErrors, planIndex } from './memberIndex';
import { usableAsDocumentId } from '@family-portal/contract';
import type { SyncedDocument } from '../mapping/mapRow';
import { assignOwners } from './planOwners';

describe('planIndex', () => {
  it('indexes each address used by exactly one member, lower-cased and trimmed', () => {
    const { unique, duplicates } = planIndex([
      { memberId: 'M1', email: 'anna@example.com', rejected: false },
      { memberId: 'M2', email: ' Olga@Example.com ', rejected: false },
    ]);
    expect([...unique]).toEqual([['anna@example.com', 'M1'], ['olga@example.com', 'M2']]);
    expect(duplicates.size).toBe(0);
  });

  it('indexes neither of two members with one address, whatever the letter case, and names both', () => {
    const { unique, duplicates } = planIndex([
      { memberId: 'M7', email: 'twin@example.com', rejected: false },
      { memberId: 'M3', email: 'TWIN@example.com', rejected: false },
      { memberId: 'M4', email: 'solo@example.com', rejected: false },
    ]);
    expect([...unique]).toEqual([['solo@example.com', 'M4']]);
    expect([...duplicates]).toEqual([['twin@example.com', ['M3', 'M7']]]);
    expect(duplicateRowErrors(duplicates)).toEqual([
      { table: 'members', key: 'M3', reason: expect.stringContaining('members M3, M7') },
      { table: 'members', key: 'M7', reason: expect.stringContaining('members M3, M7') },
    ]);
  });

  it('ignores rejected members and members without an address, so a rejected twin blocks no one', () => {
    const { unique, duplicates } = planIndex([
      { memberId: 'M1', email: 'anna@example.com', rejected: true },
      { memberId: 'M2', email: 'anna@example.com', rejected: false },
      { memberId: 'M3', email: null, rejected: false },
    ]);
    expect([...unique]).toEqual([['anna@example.com', 'M2']]);
    expect(duplicates.size).toBe(0);
  });
});

describe('usableAsDocumentId', () => {
  it.each([
    ['anna@example.com', true],
    ['a/b@example.com', false],
    ['__x@y.z__', false],
    [`${'a'.repeat(1500)}@example.com`, false],
  ])('%s → %s', (email, usable) => expect(usableAsDocumentId(email)).toBe(usable));
});

describe('assignOwners', () => {
  it("gives each plan its child's memberId and rejects plans whose child is unknown", () => {
    const plans = new Map([
      ['PL1', { childId: 'C1', weeks: 10 }],
      ['PL2', { childId: 'C9', weeks: 10 }],
    ]);
    const { rejected } = assignOwners(plans, new Map([['C1', 'M1']]));
    expect([...plans]).toEqual([['PL1', { childId: 'C1', weeks: 10, memberId: 'M1' }]]);
    expect(rejected).toEqual([{ table: 'plans', key: 'PL2', reason: 'column "Child ID": no child "C9"' }]);
  });

  it('does the same for booking requests, naming their table', () => {
    const requests = new Map([
      ['REQ-1', { childId: 'C1', status: 'requested' }],
      ['REQ-2', { childId: 'C9', status: 'requested' }],
    ]);
    const { rejected } = assignOwners(requests, new Map([['C1', 'M1']]), 'bookingRequests');
    expect([...requests]).toEqual([['REQ-1', { childId: 'C1', status: 'requested', memberId: 'M1' }]]);
    expect(rejected).toEqual([{ table: 'bookingRequests', key: 'REQ-2', reason: 'column "Child ID": no child "C9"' }]);
  });

  it("gives a family a request's sender and note only when the sender is of that family", () => {
    const sent = (requestedBy: string | null) => ({ childId: 'C1', status: 'declined', requestedBy, note: 'Leider voll, Frau Alt.' });
    const requests = new Map<string, SyncedDocument>([
      ['REQ-own', sent('Anna@Example.com ')],
      ['REQ-moved', sent('alt@example.com')],
      ['REQ-gone', sent('former@example.com')],
      ['REQ-office', sent(null)],
    ]);
    const requesters = new Map([['anna@example.com', 'M1'], ['alt@example.com', 'M2']]);
    assignOwners(requests, new Map([['C1', 'M1']]), 'bookingRequests', requesters);
    expect(Object.fromEntries([...requests].map(([id, doc]) => [id, [doc.requestedBy, doc.note, doc.memberId]]))).toEqual({
      'REQ-own': ['Anna@Example.com ', 'Leider voll, Frau Alt.', 'M1'],
      'REQ-moved': [null, null, 'M1'],
      'REQ-gone': [null, null, 'M1'],
      'REQ-office': [null, 'Leider voll, Frau Alt.', 'M1'],
    });
  });
});
