/**
 * The waiting list's rule, pure (waitingList.ts reads and writes around it). Given an offer's
 * holders, its places and the families waiting in line, it decides in one step what a freed
 * place becomes:
 * - an offer whose time ran out, or whose family is no longer waiting (it left, took a place,
 *   the office took it off), ends; a run-out time is passed: the family is no longer in line there;
 * - every time with a free place goes to the first family in line for it that holds nothing of
 *   this offer, at the first time of its own order of preference that has one: so two places
 *   freed at once go to the first two families, and a family is offered one place at a time;
 * - each waiting family's place in line at each of its times.
 * An offered place counts as taken, like a request's: never two families on one freed place, and
 * since only a waiting family holds an offer, never a place held for nobody.
 */
import type { WaitingEntry, WaitingOffer } from '@family-portal/contract';
import { countTaken, type Holders } from './holders';

/** A family in line: its waiting request. */
export interface InLine {
  requestId: string;
  memberId: string;
  childId: string;
  quarterId: string;
  lessonId: string;
  /** The times it waits for, in its order of preference. */
  roomHourIds: string[];
  /** Its place in line (Waiting Since, else Requested At). */
  order: string;
}

export interface WaitingPlanInput {
  offerId: string;
  holders: Holders;
  /** Places per time; null: the offer is gone, and no place is offered. */
  places: number | null;
  /** The offer's times: a time no longer offered is offered to nobody. */
  offeredTimes: readonly string[];
  waiting: readonly InLine[];
  /** Times each request passed before (its entry's `passed`). */
  passedBefore: ReadonlyMap<string, readonly string[]>;
  now: Date;
  offerHoldMs: number;
  /** A family turning down the place offered to it: the offer ends, and the family is no longer in line at that time. */
  passing?: string;
}

/** A step the plan took, for the audit log and the e-mails. */
export interface WaitingEvent {
  step: 'offered' | 'expired' | 'passed';
  request: InLine;
  roomHourId: string;
  until?: string;
}

export interface WaitingPlan {
  holders: Holders;
  /** Whether the holders changed (an offer made or ended). */
  changed: boolean;
  /** Every waiting request's entry, as the family reads it. */
  entries: Map<string, WaitingEntry>;
  events: WaitingEvent[];
}

const inOrder = (a: InLine, b: InLine) => a.order.localeCompare(b.order) || a.requestId.localeCompare(b.requestId);

export function planWaitingList(input: WaitingPlanInput): WaitingPlan {
  const { now } = input;
  const holders: Holders = { ...input.holders };
  const line = [...input.waiting].sort(inOrder);
  const byId = new Map(line.map((request) => [request.requestId, request]));
  const passed = new Map(line.map((request) => [request.requestId, new Set(input.passedBefore.get(request.requestId) ?? [])]));
  const events: WaitingEvent[] = [];
  let changed = false;

  for (const [requestId, holder] of Object.entries(holders)) {
    if (holder.state !== 'offered') continue;
    const request = byId.get(requestId);
    const ranOut = !(Date.parse(holder.until ?? '') > now.getTime());
    const turnedDown = requestId === input.passing;
    if (request && !ranOut && !turnedDown) continue;
    delete holders[requestId];
    changed = true;
    const roomHourId = holder.roomHourIds[0];
    if (request && roomHourId) {
      passed.get(requestId)?.add(roomHourId);
      events.push({ step: turnedDown && !ranOut ? 'passed' : 'expired', request, roomHourId });
    }
  }

  if (input.places !== null) {
    const offered = new Set(input.offeredTimes);
    const taken = countTaken(holders);
    const until = new Date(now.getTime() + input.offerHoldMs).toISOString();
    for (const request of line) {
      if (holders[request.requestId]) continue;
      const time = request.roomHourIds.find((id) => offered.has(id) && !passed.get(request.requestId)?.has(id) && (taken[id] ?? 0) < (input.places as number));
      if (!time) continue;
      holders[request.requestId] = { roomHourIds: [time], state: 'offered', since: now.toISOString(), order: request.order, until };
      taken[time] = (taken[time] ?? 0) + 1;
      changed = true;
      events.push({ step: 'offered', request, roomHourId: time, until });
    }
  }

  const entries = new Map<string, WaitingEntry>();
  const ahead = new Map<string, number>();
  for (const request of line) {
    const own = passed.get(request.requestId) ?? new Set<string>();
    const times = request.roomHourIds.filter((id) => !own.has(id));
    const positions = times.map((roomHourId) => ({ roomHourId, position: (ahead.get(roomHourId) ?? 0) + 1 }));
    for (const id of times) ahead.set(id, (ahead.get(id) ?? 0) + 1);
    const holder = holders[request.requestId];
    const offer: WaitingOffer | null =
      holder?.state === 'offered' && holder.roomHourIds[0] && holder.until ? { roomHourId: holder.roomHourIds[0], offeredAt: holder.since, until: holder.until } : null;
    entries.set(request.requestId, {
      memberId: request.memberId,
      childId: request.childId,
      offerId: input.offerId,
      quarterId: request.quarterId,
      lessonId: request.lessonId,
      positions,
      offer,
      passed: [...own],
    });
  }
  return { holders, changed, entries, events };
}
