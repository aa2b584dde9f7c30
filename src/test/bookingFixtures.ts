/** An offered course and a request, for the booking tests: the shapes the data layer hands the screens. */
import type { BookingOffer, BookingRequest } from '../domain/booking';

export const offer = (overrides: Partial<BookingOffer> = {}): BookingOffer => ({
  offerId: 'O1',
  lessonId: 'L1',
  lessonName: 'Schach',
  teacherName: 'Olga Iwanow',
  hours: null,
  pricePerHour: 15,
  extrasPerQuarter: 10,
  weeks: 12,
  places: 3,
  requestsUntil: '2027-03-15',
  roomHours: [
    { id: 'RH2', dayOfWeek: 'Mi.', hourRefLabel: '2 - 16:00-16:45', roomName: 'Raum 2' },
    { id: 'RH1', dayOfWeek: 'Mo.', hourRefLabel: '3 - 15:40-16:25', roomName: 'Raum 1' },
  ],
  open: true,
  free: { RH1: 2, RH2: 0 },
  ...overrides,
});

export const request = (overrides: Partial<BookingRequest> = {}): BookingRequest => ({
  id: 'REQ-1',
  childId: 'C1',
  quarterId: 'Q1',
  lessonId: 'L1',
  offerId: 'O1',
  roomHourIds: ['RH1'],
  weeks: 12,
  status: 'requested',
  requestedAt: '2027-02-01T10:00:00.000Z',
  requestedBy: 'anna@example.com',
  note: null,
  decidedAt: null,
  planId: null,
  waitingSince: null,
  memberId: 'M1',
  ...overrides,
});
