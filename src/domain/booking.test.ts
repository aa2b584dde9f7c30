import { describe, expect, it } from 'vitest';
import {
  activeRequestOf,
  allOffers,
  dayPartOf,
  bookingDataOf,
  offerDays,
  offerMatches,
  bookingOpen,
  bookingQuarter,
  canRequest,
  childChoices,
  freePlacesOf,
  initialSelection,
  lastRequestDay,
  latestDecisions,
  offerCost,
  openOffers,
  requestTimes,
  sortRequests,
  timeRange,
  timeSelectable,
  withRequest,
  type BookingData,
  type BookingOffer,
  type BookingRequest,
} from './booking';
import { requestsOpen, summaryOf } from '@family-portal/contract';
import { offer, request } from '../test/bookingFixtures';
import type { Child, Quarter } from './types';

const quarter = (id: string, status: string, firstDay: string, lastDay: string): Quarter => ({ id, name: id, status, firstDay, lastDay });

const child = (id: string, status = 'active'): Child => ({ id, memberId: 'M1', name: `Child ${id}`, birthday: null, age: null, class: null, notes: null, createdAt: null, status });

const data = (offers: BookingOffer[], requests: BookingRequest[] = []): BookingData =>
  bookingDataOf({ id: 'Q1', name: '2027 Q1', firstDay: '2027-01-01', lastDay: '2027-03-31' }, offers, requests);

describe('the quarter families book', () => {
  const q4 = quarter('Q4', 'active', '2026-10-01', '2026-12-31');
  const q1 = quarter('Q1', 'planned', '2027-01-01', '2027-03-31');
  const q2 = quarter('Q2', 'planned', '2027-04-01', '2027-06-30');

  it('is the one after the current quarter (the calendar feed rule)', () => {
    expect(bookingQuarter([q2, q1, q4], '2026-11-20')?.id).toBe('Q1');
  });

  it('is the next to start when no quarter is current, and none when nothing is planned', () => {
    expect(bookingQuarter([quarter('Q1', 'planned', '2027-01-01', '2027-03-31')], '2026-12-27')?.id).toBe('Q1');
    expect(bookingQuarter([q4], '2026-11-20')).toBeNull();
  });
});

describe('an offered course', () => {
  it('costs hours (1 when blank) × weeks × price per hour plus the extras', () => {
    expect(offerCost(offer())).toBe(190);
    expect(offerCost(offer({ hours: 1.5, pricePerHour: 16.5, extrasPerQuarter: 0, weeks: 11 }))).toBe(272.25);
  });

  it('has the free places the data layer counted, none for a time without a count, unknown without the places read', () => {
    expect(freePlacesOf(offer(), 'RH1')).toBe(2);
    expect(freePlacesOf(offer(), 'RH2')).toBe(0);
    expect(freePlacesOf(offer(), 'RH9')).toBe(0);
    expect(freePlacesOf(offer({ free: null }), 'RH1')).toBeNull();
  });

  it('lets a time be picked while open with a place left (or its places not read yet)', () => {
    expect(timeSelectable(offer(), 'RH1')).toBe(true);
    expect(timeSelectable(offer(), 'RH2')).toBe(false);
    expect(timeSelectable(offer({ free: null }), 'RH2')).toBe(true);
    expect(timeSelectable(offer({ open: false }), 'RH1')).toBe(false);
  });

  it("shows a time in the reader's locale, and a label without a range without its slot code", () => {
    expect(timeRange('3 - 15:40-16:25', 'en-GB')).toBe('15:40–16:25');
    expect(timeRange('08:00-08:45', 'de-DE')).toBe('08:00–08:45');
    expect(timeRange('8.00-8.45', 'ru-RU')).toBe('08:00–08:45');
    expect(timeRange('4 - nachmittags', 'en-GB')).toBe('nachmittags');
  });

  it("lists a request's times in weekday order, leaving out a time the offer no longer has", () => {
    expect(requestTimes(request({ roomHourIds: ['RH2', 'RH1', 'RH9'] }), offer()).map((time) => time.id)).toEqual(['RH1', 'RH2']);
    expect(requestTimes(request(), undefined)).toEqual([]);
  });
});

describe('the offer of the quarter', () => {
  const closed = offer({ offerId: 'O2', lessonId: 'L2', lessonName: 'Aquarell', open: false, requestsUntil: '2027-01-10' });
  const later = offer({ offerId: 'O3', lessonId: 'L3', lessonName: 'Ballett', requestsUntil: '2027-03-20' });

  it('shows the open courses by name; booking is open while one is', () => {
    expect(openOffers(data([offer(), closed, later])).map((o) => o.lessonName)).toEqual(['Ballett', 'Schach']);
    expect(bookingOpen(data([closed]))).toBe(false);
    expect(bookingOpen(data([closed, later]))).toBe(true);
    expect(bookingOpen(null)).toBe(false);
  });

  it('takes requests until the last day of the open courses', () => {
    expect(lastRequestDay(data([offer(), closed, later]))).toBe('2027-03-20');
    expect(lastRequestDay(data([closed]))).toBeNull();
  });

  it("answers the entries as the catalogue's summary does: the last open day, every course's name", () => {
    const offers = [offer(), closed, later];
    const catalogue = { quarter: data([]).quarter, offers };
    const summary = summaryOf(catalogue)!;
    expect(summary.lessonNames).toEqual(data(offers).lessonNames);
    expect(data(offers).lessonNames).toEqual({ L1: 'Schach', L2: 'Aquarell', L3: 'Ballett' });
    // The light read: the summary's last day while it is not past (contract requestsOpen).
    for (const today of ['2027-03-01', '2027-03-20', '2027-03-21']) {
      const open = offers.map((o) => ({ ...o, open: requestsOpen(o, today) }));
      expect(requestsOpen(summary, today) ? summary.requestsUntil : null).toBe(lastRequestDay(data(open)));
    }
    expect(summaryOf({ ...catalogue, offers: [] })).toBeNull();
  });
});

describe("a family's children and requests", () => {
  const children = [child('C1'), child('C2'), child('C3', 'inactive')];

  it('offers the active children, each with the request that already holds the course', () => {
    const held = request({ childId: 'C1', status: 'confirmed' });
    const choices = childChoices(children, [held, request({ id: 'REQ-2', childId: 'C2', status: 'withdrawn' }), request({ id: 'REQ-3', childId: 'C2', lessonId: 'L2' })], 'L1');
    expect(choices.map(({ child, blockedBy }) => [child.id, blockedBy?.id ?? null])).toEqual([['C1', 'REQ-1'], ['C2', null]]);
  });

  it('a declined or withdrawn request holds nothing: the child may ask again', () => {
    expect(activeRequestOf([request({ status: 'declined' })], 'L1', 'C1')).toBeUndefined();
    expect(activeRequestOf([request({ status: 'withdrawn' })], 'L1', 'C1')).toBeUndefined();
    expect(activeRequestOf([request()], 'L1', 'C1')?.id).toBe('REQ-1');
  });

  it('starts with the only child who may ask and the only time with a place', () => {
    expect(initialSelection(offer(), childChoices([child('C1')], [], 'L1'))).toEqual({ childId: 'C1', roomHourIds: ['RH1'] });
    expect(initialSelection(offer({ free: { RH1: 1, RH2: 1 } }), childChoices(children, [], 'L1'))).toEqual({ childId: '', roomHourIds: [] });
  });

  it('sends only for a child who may ask, with at least one time that may be picked', () => {
    const choices = childChoices(children, [request({ childId: 'C2' })], 'L1');
    expect(canRequest(offer(), choices, 'C1', ['RH1'])).toBe(true);
    expect(canRequest(offer(), choices, 'C2', ['RH1'])).toBe(false);
    expect(canRequest(offer(), choices, 'C3', ['RH1'])).toBe(false);
    expect(canRequest(offer(), choices, 'C1', [])).toBe(false);
    expect(canRequest(offer(), choices, 'C1', ['RH1', 'RH2'])).toBe(false);
  });

  it("shows the function's answer at once: added, or in place of the request it changes", () => {
    const first = request();
    expect(withRequest([], first)).toEqual([first]);
    const withdrawn = request({ status: 'withdrawn' });
    expect(withRequest([first, request({ id: 'REQ-2' })], withdrawn).map((r) => [r.id, r.status])).toEqual([['REQ-1', 'withdrawn'], ['REQ-2', 'requested']]);
  });

  it('lists requests waiting for the office first, then those on a waiting list, then decided, then withdrawn, newest first within each', () => {
    const sorted = sortRequests([
      request({ id: 'w', status: 'withdrawn' }),
      request({ id: 'list', status: 'waiting' }),
      request({ id: 'c-old', status: 'confirmed', decidedAt: '2027-02-02T10:00:00.000Z' }),
      request({ id: 'r-old', requestedAt: '2027-01-01T10:00:00.000Z' }),
      request({ id: 'd', status: 'declined', decidedAt: '2027-02-03T10:00:00.000Z' }),
      request({ id: 'r-new', requestedAt: '2027-02-05T10:00:00.000Z' }),
    ]);
    expect(sorted.map((r) => r.id)).toEqual(['r-new', 'r-old', 'list', 'c-old', 'd', 'w']);
  });

  it("gives the office's latest decisions, newest first, at most three", () => {
    const decisions = latestDecisions([
      request({ id: 'a', status: 'confirmed', decidedAt: '2027-02-01T10:00:00.000Z' }),
      request({ id: 'b', status: 'declined', decidedAt: '2027-02-04T10:00:00.000Z' }),
      request({ id: 'c' }),
      request({ id: 'd', status: 'confirmed', decidedAt: '2027-02-03T10:00:00.000Z' }),
      request({ id: 'e', status: 'confirmed', decidedAt: '2027-02-02T10:00:00.000Z' }),
      request({ id: 'f', status: 'withdrawn' }),
    ]);
    expect(decisions.map((r) => r.id)).toEqual(['b', 'd', 'e']);
  });
});

describe("the booking page's filters", () => {
  const evening = offer({ offerId: 'O2', lessonName: 'Ballett', open: false, roomHours: [{ id: 'RH9', dayOfWeek: 'Fr.', hourRefLabel: '7 17:20-18:05', roomName: null }] });

  it('puts a time in the morning, the afternoon or the evening by its start', () => {
    expect(dayPartOf('1 08:00-08:45')).toBe('morning');
    expect(dayPartOf('3 - 15:40-16:25')).toBe('afternoon');
    expect(dayPartOf('7 17:20-18:05')).toBe('evening');
    expect(dayPartOf('Nachmittag')).toBeNull();
  });

  it('keeps an offer with one time on the day and in the part of the day asked for', () => {
    expect(offerMatches(offer(), { day: null, part: null })).toBe(true);
    expect(offerMatches(offer(), { day: 'Mo.', part: 'afternoon' })).toBe(true);
    expect(offerMatches(offer(), { day: 'Mo.', part: 'evening' })).toBe(false);
    expect(offerMatches(offer(), { day: 'Fr.', part: null })).toBe(false);
    expect(offerMatches(evening, { day: 'Fr.', part: 'evening' })).toBe(true);
  });

  it('offers the days the times fall on, Monday first, and lists closed offers too', () => {
    expect(offerDays([evening, offer()])).toEqual(['Mo.', 'Mi.', 'Fr.']);
    expect(allOffers(data([offer(), evening])).map((o) => [o.lessonName, o.open])).toEqual([['Ballett', false], ['Schach', true]]);
    expect(openOffers(data([offer(), evening])).map((o) => o.lessonName)).toEqual(['Schach']);
  });
});
