import { describe, expect, it } from 'vitest';
import { roundTripsOf } from './sessionReads';

const read = (collection: string, askedAt: number, answeredAt: number) => ({ collection, documents: 1, askedAt, answeredAt });

describe('roundTripsOf', () => {
  it('puts reads asked together in one trip, and a read asked after an answer in the next', () => {
    const trips = roundTripsOf([
      read('members', 11, 20),
      read('member_emails', 0, 10),
      read('children', 11, 25),
      read('plans', 26, 30),
      read('lessons', 31, 40),
    ]);
    expect(trips).toEqual([['member_emails'], ['members', 'children'], ['plans'], ['lessons']]);
  });

  it('does not count a read asked while an earlier one is still on its way as waiting for it', () => {
    expect(roundTripsOf([read('member_emails', 0, 10), read('payments', 11, 50), read('members', 11, 15), read('quarters', 12, 14)])).toEqual([
      ['member_emails'],
      ['payments', 'members', 'quarters'],
    ]);
  });

  it('names a collection once per trip', () => {
    expect(roundTripsOf([read('lessons', 0, 5), read('lessons', 1, 6)])).toEqual([['lessons']]);
  });
});
