import { describe, expect, it } from 'vitest';
import { CLAIM_TTL_MS, countTaken, isLiveClaim, type Holder } from './holders';

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
});
