/**
 * What the office's requests tab shows of the answer of listBookingRequests: the filter (kept in
 * the address), the requests it keeps, each request's room hours and the free places per room hour.
 */
import { freePlaces, REQUEST_STATUSES, type BOOKING_DECISIONS, type BookingRequestsAnswer, type OfficeRequestRow, type RequestStatus } from '@family-portal/contract';
import { sortRoomHours } from '../../../domain/schedule';

export type BookingDecision = (typeof BOOKING_DECISIONS)[number];
export type OfficeOffer = BookingRequestsAnswer['offers'][number];
export type OfferedRoomHour = OfficeOffer['roomHours'][number];

export const STATUS_FILTERS = ['all', ...REQUEST_STATUSES] as const;
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

/** Every lesson of the offer or of a request, by name. */
export function lessonsOf(answer: BookingRequestsAnswer): Array<{ id: string; name: string }> {
  const names = new Map<string, string>();
  for (const offer of answer.offers) names.set(offer.lessonId, offer.lessonName);
  for (const row of answer.requests) if (!names.has(row.lessonId)) names.set(row.lessonId, row.lessonName ?? row.lessonId);
  return [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

const byLesson = (filter: RequestFilter) => (row: OfficeRequestRow) => filter.lesson === '' || row.lessonId === filter.lesson;

/** The requests the filter keeps, the oldest first: the office decides in the order families asked. */
export function visibleRequests(answer: BookingRequestsAnswer, filter: RequestFilter): OfficeRequestRow[] {
  return answer.requests
    .filter(byLesson(filter))
    .filter((row) => filter.status === 'all' || row.status === filter.status)
    .sort((a, b) => (a.requestedAt ?? '').localeCompare(b.requestedAt ?? '') || a.id.localeCompare(b.id));
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

/** Free places of one of the offer's room hours: places − taken, never below zero. */
export const freeOf = (offer: OfficeOffer, roomHourId: string) => freePlaces(offer, { quarterId: '', taken: offer.taken }, roomHourId);

/** The reasons the console explains in its own words; any other code is shown as it is. */
const REASONS = ['not-found', 'not-requested', 'request-in-progress', 'appsheet-failed', 'full', 'busy'] as const;
export type ReasonKey = `admin.requests.reason.${(typeof REASONS)[number] | 'other'}`;
export function reasonKey(code: string | undefined): ReasonKey {
  return (REASONS as readonly string[]).includes(code ?? '') ? (`admin.requests.reason.${code}` as ReasonKey) : 'admin.requests.reason.other';
}
