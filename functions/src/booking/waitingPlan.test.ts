import { describe, expect, it } from 'vitest';
import type { Holders } from './holders';
import { planWaitingList, type InLine, type WaitingPlanInput } from './waitingPlan';

const now = new Date('2026-12-06T12:00:00.000Z');
const HOLD = 48 * 3_600_000;
const until = new Date(now.getTime() + HOLD).toISOString();

const family = (n: number, roomHourIds: string[], order = `2026-12-0${n}T08:00:00.000Z`): InLine => ({
  requestId: `REQ-${n}`,
  memberId: `M${n}`,
  childId: `C${n}`,
  quarterId: 'Q2',
  lessonId: 'L1',
  roomHourIds,
  order,
});
const held = (roomHourIds: string[]) => ({ roomHourIds, state: 'held' as const, since: '2026-12-01T08:00:00.000Z' });

function plan(input: Partial<WaitingPlanInput> & Pick<WaitingPlanInput, 'holders' | 'waiting'>) {
  return planWaitingList({ offerId: 'O1', places: 2, offeredTimes: ['RH1', 'RH2'], passedBefore: new Map(), now, offerHoldMs: HOLD, ...input });
}

describe('planWaitingList', () => {
  it('offers a freed place to the first family in line, held for the hold time, and counts it as taken', () => {
    const result = plan({ holders: { A: held(['RH1']) }, waiting: [family(2, ['RH1']), family(1, ['RH1'])] });
    expect(result.holders['REQ-1']).toEqual({ roomHourIds: ['RH1'], state: 'offered', since: now.toISOString(), order: '2026-12-01T08:00:00.000Z', until });
    expect(result.holders['REQ-2']).toBeUndefined();
    expect(result.events).toEqual([{ step: 'offered', request: family(1, ['RH1']), roomHourId: 'RH1', until }]);
    expect(result.entries.get('REQ-1')?.offer).toEqual({ roomHourId: 'RH1', offeredAt: now.toISOString(), until });
    expect(result.entries.get('REQ-2')).toMatchObject({ positions: [{ roomHourId: 'RH1', position: 2 }], offer: null });
  });

  it('gives two places freed at once to the first two families, never two families one place', () => {
    const result = plan({ holders: {}, waiting: [family(3, ['RH1']), family(1, ['RH1']), family(2, ['RH1'])] });
    expect(Object.keys(result.holders).sort()).toEqual(['REQ-1', 'REQ-2']);
    expect(result.events.map((event) => event.request.requestId)).toEqual(['REQ-1', 'REQ-2']);
  });

  it("offers a family the first time of its own order of preference that has a place, one place at a time", () => {
    const full: Holders = { A: held(['RH1']), B: held(['RH1']), C: held(['RH2']) };
    const result = plan({ holders: full, waiting: [family(1, ['RH1', 'RH2']), family(2, ['RH2'])] });
    // RH1 has none free: the first family gets RH2, the only free place, and the second gets nothing.
    expect(result.holders['REQ-1']?.roomHourIds).toEqual(['RH2']);
    expect(result.holders['REQ-2']).toBeUndefined();
    expect(result.entries.get('REQ-2')?.positions).toEqual([{ roomHourId: 'RH2', position: 2 }]);
  });

  it('leaves a family holding an offer alone: a second freed place goes to the next in line', () => {
    const offered = { roomHourIds: ['RH1'], state: 'offered' as const, since: '2026-12-06T11:00:00.000Z', until };
    const result = plan({ holders: { 'REQ-1': offered }, waiting: [family(1, ['RH1']), family(2, ['RH1'])] });
    expect(result.holders['REQ-1']).toEqual(offered);
    expect(result.holders['REQ-2']?.state).toBe('offered');
  });

  it('ends an offer that ran out: the family is no longer in line at that time, and the next gets the place', () => {
    const ranOut = { roomHourIds: ['RH1'], state: 'offered' as const, since: '2026-12-04T12:00:00.000Z', until: now.toISOString() };
    const result = plan({ holders: { A: held(['RH1']), 'REQ-1': ranOut }, waiting: [family(1, ['RH1', 'RH2']), family(2, ['RH1'])] });
    expect(result.events.map(({ step, request, roomHourId }) => [step, request.requestId, roomHourId])).toEqual([
      ['expired', 'REQ-1', 'RH1'],
      // Still in line for RH2, which has two places free: the first family gets one of them.
      ['offered', 'REQ-1', 'RH2'],
      ['offered', 'REQ-2', 'RH1'],
    ]);
    expect(result.entries.get('REQ-1')?.passed).toEqual(['RH1']);
    expect(result.entries.get('REQ-2')?.positions).toEqual([{ roomHourId: 'RH1', position: 1 }]);
  });

  it('a family turning its offer down passes that time, and the place goes on', () => {
    const offered = { roomHourIds: ['RH1'], state: 'offered' as const, since: '2026-12-06T11:00:00.000Z', until };
    const result = plan({ holders: { A: held(['RH1']), 'REQ-1': offered }, waiting: [family(1, ['RH1']), family(2, ['RH1'])], passing: 'REQ-1' });
    expect(result.events.map(({ step, request }) => [step, request.requestId])).toEqual([
      ['passed', 'REQ-1'],
      ['offered', 'REQ-2'],
    ]);
    expect(result.entries.get('REQ-1')).toMatchObject({ positions: [], offer: null, passed: ['RH1'] });
  });

  it('drops an offer whose family is no longer waiting: never a place held for nobody', () => {
    const offered = { roomHourIds: ['RH1'], state: 'offered' as const, since: '2026-12-06T11:00:00.000Z', until };
    const result = plan({ holders: { A: held(['RH1']), 'REQ-9': offered }, waiting: [] });
    expect(result.holders).toEqual({ A: held(['RH1']) });
    expect(result.changed).toBe(true);
    expect(result.events).toEqual([]);
  });

  it('offers nothing when the offer is gone, or at a time no longer offered, and changes nothing when nothing frees', () => {
    expect(plan({ holders: {}, waiting: [family(1, ['RH1'])], places: null }).holders).toEqual({});
    expect(plan({ holders: {}, waiting: [family(1, ['RH3'])] }).holders).toEqual({});
    const full = plan({ holders: { A: held(['RH1']), B: held(['RH1']) }, waiting: [family(1, ['RH1'])] });
    expect(full.changed).toBe(false);
    expect(full.entries.get('REQ-1')).toMatchObject({ positions: [{ roomHourId: 'RH1', position: 1 }], offer: null });
  });

  it('keeps times passed before out of the line, and orders families who joined in the same second by key', () => {
    const same = '2026-12-01T08:00:00.000Z';
    const result = plan({
      holders: { A: held(['RH1']), B: held(['RH1']), C: held(['RH2']), D: held(['RH2']) },
      waiting: [family(2, ['RH1'], same), family(1, ['RH1', 'RH2'], same)],
      passedBefore: new Map([['REQ-1', ['RH2']]]),
    });
    expect(result.entries.get('REQ-1')).toMatchObject({ positions: [{ roomHourId: 'RH1', position: 1 }], passed: ['RH2'] });
    expect(result.entries.get('REQ-2')?.positions).toEqual([{ roomHourId: 'RH1', position: 2 }]);
  });
});
