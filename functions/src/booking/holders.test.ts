import { describe, expect, it } from 'vitest';
import { CLAIM_TTL_MS, countTaken, isLiveClaim, isUnheard, overbookedIds, takesBeyondPlaces, type Holder } from './holders';

const now = new Date('2027-01-10T10:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('holders', () => {
  it('count every holder in every state, per room hour', () => {
    const holders: Record<string, Holder> = {
      a: { roomHourIds: ['RH1'], state: 'held', since: ago(0) },
      b: { roomHourIds: ['RH1', 'RH2'], state: 'reserving', since: ago(0) },
      c: { roomHourIds: ['RH2'], state: 'deciding', since: ago(CLAIM_TTL_MS * 2) },
    };
    expect(countTaken(holders)).toEqual({ RH1: 2, RH2: 2 });
    expect(countTaken({})).toEqual({});
  });

  it('take a claim for live until its TTL has passed; a held place is no claim', () => {
    expect(isLiveClaim({ roomHourIds: [], state: 'reserving', since: ago(CLAIM_TTL_MS - 1000) }, now)).toBe(true);
    expect(isLiveClaim({ roomHourIds: [], state: 'withdrawing', since: ago(CLAIM_TTL_MS + 1000) }, now)).toBe(false);
    expect(isLiveClaim({ roomHourIds: [], state: 'held', since: ago(0) }, now)).toBe(false);
    expect(isLiveClaim(undefined, now)).toBe(false);
  });

  it('mark the requests beyond a time\'s places in the order they reached AppSheet, per time', () => {
    const held = (roomHourIds: string[], order: string): Holder => ({ roomHourIds, state: 'held', since: ago(0), order });
    const holders: Record<string, Holder> = {
      late: held(['RH1'], '2027-01-03T08:00:00.000Z'),
      first: held(['RH1'], '2027-01-01T08:00:00.000Z'),
      second: held(['RH1', 'RH2'], '2027-01-02T08:00:00.000Z'),
      other: held(['RH2'], '2027-01-04T08:00:00.000Z'),
    };
    expect([...overbookedIds(holders, 2)]).toEqual(['late']);
    expect([...overbookedIds(holders, 1)].sort()).toEqual(['late', 'other', 'second']);
    expect(overbookedIds(holders, 3).size).toBe(0);
    // Without an order, the instant the places were taken decides, then the key.
    expect([...overbookedIds({ b: { roomHourIds: ['RH1'], state: 'held', since: ago(0) }, a: { roomHourIds: ['RH1'], state: 'held', since: ago(0) } }, 1)]).toEqual(['b']);
  });

  it('put a late holder after the others of its times, however early it reached AppSheet', () => {
    const holders: Record<string, Holder> = {
      back: { roomHourIds: ['RH1'], state: 'held', since: ago(0), order: '2027-01-01T08:00:00.000Z', late: true },
      told: { roomHourIds: ['RH1'], state: 'held', since: ago(0), order: '2027-01-05T08:00:00.000Z' },
    };
    expect([...overbookedIds(holders, 1)]).toEqual(['back']);
    expect(overbookedIds(holders, 2).size).toBe(0);
  });

  it('tell a request taking a time the others already fill from one that keeps its own times', () => {
    const holders: Record<string, Holder> = {
      other: { roomHourIds: ['RH1'], state: 'held', since: ago(0) },
      own: { roomHourIds: ['RH2'], state: 'reserving', since: ago(0) },
    };
    expect(takesBeyondPlaces(holders, 'own', ['RH1'], 1)).toBe(true);
    expect(takesBeyondPlaces(holders, 'own', ['RH1'], 2)).toBe(false);
    expect(takesBeyondPlaces(holders, 'own', ['RH2'], 1)).toBe(false);
    expect(takesBeyondPlaces(holders, 'new', ['RH1'], 1)).toBe(true);
    expect(takesBeyondPlaces(holders, 'new', ['RH1'], null)).toBe(false);
  });

  it('look up an uncertain hold once it is old enough, and a reserving one only once its function is surely gone', () => {
    const uncertain = (age: number): Holder => ({ roomHourIds: ['RH1'], state: 'reserving', since: ago(age), uncertain: true });
    expect(isUnheard(uncertain(60_000), now, 120_000)).toBe(false);
    expect(isUnheard(uncertain(120_000), now, 120_000)).toBe(true);
    expect(isUnheard(uncertain(0), now, 0)).toBe(true);
    const writing = (age: number): Holder => ({ roomHourIds: ['RH1'], state: 'reserving', since: ago(age) });
    expect(isUnheard(writing(CLAIM_TTL_MS - 1000), now, 0)).toBe(false);
    expect(isUnheard(writing(CLAIM_TTL_MS), now, 0)).toBe(true);
    expect(isUnheard({ roomHourIds: ['RH1'], state: 'held', since: ago(CLAIM_TTL_MS * 2) }, now, 0)).toBe(false);
    expect(isUnheard({ roomHourIds: ['RH1'], state: 'deciding', since: ago(CLAIM_TTL_MS * 2) }, now, 0)).toBe(false);
  });
});
