/**
 * What the office's requests tab shows of the answer of listBookingRequests: the filter (kept in
 * the address), the requests it keeps, each request's room hours and the free places per room hour.
 */
import { freePlaces, waitingOrder, type BOOKING_DECISIONS, type BookingRequestsAnswer, type OfficeRequestRow, type RequestStatus, type WAITING_LIST_MOVES } from '@family-portal/contract';
import { sortRoomHours } from '../../../domain/schedule';

export type BookingDecision = (typeof BOOKING_DECISIONS)[number];
export type WaitingListMove = (typeof WAITING_LIST_MOVES)[number];
export type OfficeOffer = BookingRequestsAnswer['offers'][number];
export type OfferedRoomHour = OfficeOffer['roomHours'][number];

/**
 * Every status, the waiting list beside the requests that wait for the office: both are the
 * office's to act on. A status the contract adds without a place here fails statusCounts' types.
 */
export const STATUS_FILTERS = ['all', 'requested', 'waiting', 'confirmed', 'declined', 'withdrawn'] as const satisfies readonly ('all' | RequestStatus)[];
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface RequestFilter {
  /** A lesson id; '' for every lesson. */
  lesson: string;
  status: StatusFilter;
}

/** What waits for the office comes first. */
export const DEFAULT_FILTER: RequestFilter = { lesson: '', status: 'requested' };

export function filterOf(params: URLSearchParams): RequestFilter {
  const status = params.get('status');
  return {
    lesson: params.get('lesson') ?? DEFAULT_FILTER.lesson,
    status: (STATUS_FILTERS as readonly string[]).includes(status ?? '') ? (status as StatusFilter) : DEFAULT_FILTER.status,
  };
}

/** The address's query of a filter: only what differs from the defaults. */
export function paramsOf(filter: RequestFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.lesson !== DEFAULT_FILTER.lesson) params.set('lesson', filter.lesson);
  if (filter.status !== DEFAULT_FILTER.status) params.set('status', filter.status);
  return params;
}

/** Only a request that still waits may be decided. */
export const decidable = (row: OfficeRequestRow) => row.status === 'requested';

/** Only a request on a waiting list may be moved up or taken off it. */
export const movable = (row: OfficeRequestRow) => row.status === 'waiting';

/** Every lesson of the offer or of a request, by name. */
export function lessonsOf(answer: BookingRequestsAnswer): Array<{ id: string; name: string }> {
  const names = new Map<string, string>();
  for (const offer of answer.offers) names.set(offer.lessonId, offer.lessonName);
  for (const row of answer.requests) if (!names.has(row.lessonId)) names.set(row.lessonId, row.lessonName ?? row.lessonId);
  return [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

const byLesson = (filter: RequestFilter) => (row: OfficeRequestRow) => filter.lesson === '' || row.lessonId === filter.lesson;

/** Where a row stands: a waiting request by its place in line (Waiting Since, which Move up changes), any other by when it was sent. */
const orderOf = (row: OfficeRequestRow) => (row.status === 'waiting' ? waitingOrder(row) : (row.requestedAt ?? ''));

/** The requests the filter keeps, the oldest first: the office decides in the order families asked, and sees a waiting list in line. */
export function visibleRequests(answer: BookingRequestsAnswer, filter: RequestFilter): OfficeRequestRow[] {
  return answer.requests
    .filter(byLesson(filter))
    .filter((row) => filter.status === 'all' || row.status === filter.status)
    .sort((a, b) => orderOf(a).localeCompare(orderOf(b)) || a.id.localeCompare(b.id));
}

/** How many requests of the chosen lesson have each status (the status filter's options). */
export function statusCounts(answer: BookingRequestsAnswer, filter: RequestFilter): Record<StatusFilter, number> {
  const counts = Object.fromEntries(STATUS_FILTERS.map((status) => [status, 0])) as Record<StatusFilter, number>;
  for (const row of answer.requests.filter(byLesson(filter))) {
    counts.all += 1;
    counts[row.status satisfies RequestStatus] += 1;
  }
  return counts;
}

/** The request's room hours as the offer describes them; an id the offer does not know stays an id. */
export function roomHoursOfRequest(answer: BookingRequestsAnswer, row: OfficeRequestRow): OfferedRoomHour[] {
  const offer = answer.offers.find((candidate) => candidate.offerId === row.offerId) ?? answer.offers.find((candidate) => candidate.lessonId === row.lessonId);
  const known = new Map((offer?.roomHours ?? []).map((roomHour) => [roomHour.id, roomHour]));
  return sortRoomHours(row.roomHourIds.map((id) => known.get(id) ?? { id, dayOfWeek: '', hourRefLabel: id, roomName: null }));
}

export interface WaitingTimeOfRow {
  roomHour: OfferedRoomHour;
  /** 1 is next in line; null where the family is no longer in line (it let an offer pass), or not counted yet. */
  position: number | null;
  /** Until when the place offered at this time is held for the family; null when none is. */
  offeredUntil: string | null;
}

/** A waiting request's times in the family's order of preference (not by weekday), each with its place in line and the place offered. */
export function waitingTimesOfRow(answer: BookingRequestsAnswer, row: OfficeRequestRow): WaitingTimeOfRow[] {
  const known = new Map(roomHoursOfRequest(answer, row).map((roomHour) => [roomHour.id, roomHour]));
  return row.roomHourIds.flatMap((id) => {
    const roomHour = known.get(id);
    if (!roomHour) return [];
    const position = row.waiting?.positions.find((place) => place.roomHourId === id)?.position ?? null;
    const offer = row.waiting?.offer;
    return [{ roomHour, position, offeredUntil: offer?.roomHourId === id ? offer.until : null }];
  });
}

/** Free places of one of the offer's room hours: places − taken, never below zero. */
export const freeOf = (offer: OfficeOffer, roomHourId: string) => freePlaces(offer, { quarterId: '', taken: offer.taken }, roomHourId);

/** The reasons the console explains in its own words; any other code is shown as it is. */
const REASONS = ['not-found', 'not-requested', 'request-in-progress', 'appsheet-failed', 'full', 'busy'] as const;
export type ReasonKey = `admin.requests.reason.${(typeof REASONS)[number] | 'other'}`;
export function reasonKey(code: string | undefined): ReasonKey {
  return (REASONS as readonly string[]).includes(code ?? '') ? (`admin.requests.reason.${code}` as ReasonKey) : 'admin.requests.reason.other';
}
