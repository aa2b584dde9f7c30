import { describe, expect, it } from 'vitest';
import { offer, request } from '../test/bookingFixtures';
import { timeText, type WaitingListEntry } from './booking';
import type { Child } from './types';
import { formatHeldUntil, fullTimes, heldPlaces, heldState, nextRunOut, ordinalNumber, toggleChoice, waitingChoices, waitingTimes } from './waitingList';

const child = (id: string, status = 'active'): Child => ({ id, memberId: 'M1', name: `Child ${id}`, birthday: null, age: null, class: null, notes: null, createdAt: null, status });

const entry = (overrides: Partial<WaitingListEntry> = {}): WaitingListEntry => ({
  requestId: 'REQ-1',
  memberId: 'M1',
  childId: 'C1',
  offerId: 'O1',
  quarterId: 'Q1',
  lessonId: 'L1',
  positions: [{ roomHourId: 'RH2', position: 2 }],
  offer: null,
  passed: [],
  ...overrides,
});

const NOW = Date.parse('2027-02-10T12:00:00.000Z');
const held = (until: string) => ({ roomHourId: 'RH2', offeredAt: '2027-02-09T12:00:00.000Z', until });

describe('the times a child may wait for', () => {
  it('are the full times of an open course, Monday first; a free time is requested, not waited for', () => {
    expect(fullTimes(offer()).map((time) => time.id)).toEqual(['RH2']);
    expect(fullTimes(offer({ free: { RH1: 0, RH2: 0 } })).map((time) => time.id)).toEqual(['RH1', 'RH2']);
    expect(fullTimes(offer({ free: { RH1: 1, RH2: 3 } }))).toEqual([]);
  });

  it('are none while the places are not known, nor once requests are closed', () => {
    expect(fullTimes(offer({ free: null }))).toEqual([]);
    expect(fullTimes(offer({ open: false }))).toEqual([]);
  });

  it('keep the order in which they were ticked; unticking closes the gap, ticking again puts a time last', () => {
    let order = toggleChoice([], 'RH2', true);
    order = toggleChoice(order, 'RH1', true);
    expect(order).toEqual(['RH2', 'RH1']);
    order = toggleChoice(order, 'RH2', false);
    expect(order).toEqual(['RH1']);
    expect(toggleChoice(order, 'RH2', true)).toEqual(['RH1', 'RH2']);
    expect(toggleChoice(['RH1', 'RH2'], 'RH1', true)).toEqual(['RH2', 'RH1']);
  });
});

describe('the children who may join', () => {
  it('are the active ones without a request that holds the course and not already in line', () => {
    const requests = [
      request({ id: 'a', childId: 'C1', status: 'confirmed' }),
      request({ id: 'b', childId: 'C2', status: 'waiting' }),
      request({ id: 'c', childId: 'C3', status: 'declined' }),
      request({ id: 'd', childId: 'C4', status: 'waiting', lessonId: 'L2' }),
    ];
    const choices = waitingChoices([child('C1'), child('C2'), child('C3'), child('C4'), child('C5', 'inactive')], requests, 'L1');
    expect(choices.map(({ child: { id }, blockedBy }) => [id, blockedBy?.id ?? null])).toEqual([['C1', 'a'], ['C2', 'b'], ['C3', null], ['C4', null]]);
  });
});

describe("a waiting request's times", () => {
  it("keep the family's order of preference, each with its place in line, or passed", () => {
    const times = waitingTimes(request({ roomHourIds: ['RH2', 'RH1', 'RH3'] }), entry({ positions: [{ roomHourId: 'RH2', position: 3 }], passed: ['RH1'] }));
    expect(times).toEqual([
      { roomHourId: 'RH2', position: 3, passed: false },
      { roomHourId: 'RH1', position: null, passed: true },
      { roomHourId: 'RH3', position: null, passed: false },
    ]);
  });

  it('have no place yet before the portal counted it', () => {
    expect(waitingTimes(request({ roomHourIds: ['RH2'] }), undefined)).toEqual([{ roomHourId: 'RH2', position: null, passed: false }]);
  });
});

describe('a place held for the family', () => {
  it('is open until its instant, and has run out from then on', () => {
    expect(heldState(held('2027-02-10T12:00:01.000Z'), NOW)).toBe('open');
    expect(heldState(held('2027-02-10T12:00:00.000Z'), NOW)).toBe('ranOut');
  });

  it('is shown for requests still in line only, the one to run out first first', () => {
    const requests = [request({ id: 'REQ-1', status: 'waiting' }), request({ id: 'REQ-2', childId: 'C2', status: 'waiting' }), request({ id: 'REQ-3', status: 'requested' })];
    const places = heldPlaces(
      requests,
      [
        entry({ requestId: 'REQ-1', offer: held('2027-02-11T12:00:00.000Z') }),
        entry({ requestId: 'REQ-2', childId: 'C2', offer: held('2027-02-09T12:00:00.000Z') }),
        // Taken a moment ago: the request is requested, its entry not yet read again.
        entry({ requestId: 'REQ-3', offer: held('2027-02-11T12:00:00.000Z') }),
        entry({ requestId: 'REQ-4', offer: held('2027-02-11T12:00:00.000Z') }),
      ],
      NOW,
    );
    expect(places.map((place) => [place.request.id, place.state])).toEqual([['REQ-2', 'ranOut'], ['REQ-1', 'open']]);
    expect(heldPlaces(requests, [entry()], NOW)).toEqual([]);
  });

  it('runs out next at the earliest instant still ahead', () => {
    expect(nextRunOut([entry({ offer: held('2027-02-12T00:00:00.000Z') }), entry({ offer: held('2027-02-11T00:00:00.000Z') }), entry({ offer: held('2027-02-01T00:00:00.000Z') }), entry()], NOW)).toBe(
      Date.parse('2027-02-11T00:00:00.000Z'),
    );
    expect(nextRunOut([entry()], NOW)).toBeNull();
  });

  it("is held until a day and time written out on the school's clock, in the reader's language", () => {
    // 18:00 in Berlin (winter time).
    expect(formatHeldUntil('2026-12-10T17:00:00.000Z', 'en-GB', 'Europe/Berlin')).toMatch(/^Thursday,? 10 December 2026 at 18:00$/);
    expect(formatHeldUntil('2026-12-10T17:00:00.000Z', 'de-DE', 'Europe/Berlin')).toBe('Donnerstag, 10. Dezember 2026 um 18:00');
    expect(formatHeldUntil('2026-12-10T17:00:00.000Z', 'ru-RU', 'Europe/Berlin')).toBe('четверг, 10 декабря 2026 г. в 18:00');
  });
});

describe('a place in line', () => {
  it('is an English ordinal by the ordinal plural rule', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map((n) => ordinalNumber(n, 'en-GB'))).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th']);
  });

  it('is the plain number in German and Russian, whose texts mark it ("2. Platz", "2-е место")', () => {
    expect(ordinalNumber(2, 'de-DE')).toBe('2');
    expect(ordinalNumber(2, 'ru-RU')).toBe('2');
  });
});

describe('a time in a sentence', () => {
  it("reads as one text in the reader's language, with its room", () => {
    expect(timeText({ dayOfWeek: 'Mo.', hourRefLabel: '3 - 15:40-16:25', roomName: 'Raum 1' }, 'en-GB')).toBe('Mon 15:40–16:25 · Raum 1');
    expect(timeText({ dayOfWeek: 'Mi.', hourRefLabel: '2 - 16:00-16:45', roomName: null }, 'de-DE')).toMatch(/^Mi\.? 16:00–16:45$/);
  });
});
