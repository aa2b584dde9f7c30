/**
 * Booking next quarter's courses, as the parent's screens read it: which quarter is booked, what
 * an offered course costs, how many places a time has left, which child may still ask for a
 * course, and the family's requests and the office's decisions. Pure: the offer and the requests
 * come from the data layer (data/booking.ts), parsed by the contract's schemas, with the free
 * places and whether requests are still taken worked out there by the contract's own rules.
 */
import { courseCost, currentQuarter, hourLabel, lessonTimes, nextQuarter, summaryOf, type QuarterFacts } from '@family-portal/contract/rules';
import type { BookingRequest, CatalogueOffer, OfferCatalogue, WaitingEntry } from '@family-portal/contract';
import { dateFormat } from './intlFormats';
import { sortRoomHours, weekdayName } from './schedule';
import type { Child } from './types';

export type { BookingRequest, CatalogueOffer, RequestStatus } from '@family-portal/contract';

/** A family's place on a waiting list (waiting_entries), with the id of its waiting request (the document's id). */
export type WaitingListEntry = WaitingEntry & { requestId: string };

/** One offered course as the family reads it. */
export interface BookingOffer extends CatalogueOffer {
  /** Requests are still taken: today (the school's clock) is not past its last day. */
  open: boolean;
  /** Free places per offered room hour id; null when not known. */
  free: Record<string, number> | null;
}

/** The next quarter's offer and the family's requests for it; null where the school has no booking. */
export interface BookingData {
  quarter: OfferCatalogue['quarter'];
  /**
   * Every offered course with its free places (the booking page's read); none in the light read
   * of the entries to booking, which reads the offer's summary (data/booking.ts).
   */
  offers: BookingOffer[];
  /** The last day any offered course still takes requests; null when none does. */
  requestsUntil: string | null;
  /** The offered courses' names by lesson id: for the family's requests. */
  lessonNames: Record<string, string>;
  /** The family's requests for this quarter, whatever their status. */
  requests: BookingRequest[];
  /** The family's places on the quarter's waiting lists, with a place held for it where one is. */
  waiting: WaitingListEntry[];
}

export type OfferedRoomHour = CatalogueOffer['roomHours'][number];

/**
 * The quarter families book: the one after the current quarter (the calendar feed's rule), or
 * the next to start when none is current. "today" is a plain day on the school's clock.
 */
export function bookingQuarter<T extends QuarterFacts>(quarters: readonly T[], today: string): T | null {
  return nextQuarter(quarters, currentQuarter(quarters, today), today);
}

/** What the plan will cost: the one money rule of a course (hours × weeks × price per hour + extras). */
export const offerCost = (offer: Pick<CatalogueOffer, 'weeks' | 'hours' | 'pricePerHour' | 'extrasPerQuarter'>): number => courseCost(offer.weeks, offer);

/** Free places of an offered time, or null when not known. */
export function freePlacesOf(offer: Pick<BookingOffer, 'free'>, roomHourId: string): number | null {
  if (!offer.free) return null;
  return offer.free[roomHourId] ?? 0;
}

/** The offers still taking requests, by course name. */
export function openOffers(data: BookingData | null): BookingOffer[] {
  return (data?.offers ?? []).filter((offer) => offer.open).sort((a, b) => a.lessonName.localeCompare(b.lessonName));
}

/** Every offered course, those whose requests are closed among them, by name. */
export function allOffers(data: BookingData | null): BookingOffer[] {
  return [...(data?.offers ?? [])].sort((a, b) => a.lessonName.localeCompare(b.lessonName));
}

export const DAY_PARTS = ['morning', 'afternoon', 'evening'] as const;
export type DayPart = (typeof DAY_PARTS)[number];

/** Before noon, before 17:00, or later, by a time's start; null when its label names no time. */
export function dayPartOf(label: string): DayPart | null {
  const times = lessonTimes(label);
  if (!times) return null;
  return times.start.hour < 12 ? 'morning' : times.start.hour < 17 ? 'afternoon' : 'evening';
}

/** What the booking page's filters ask for; null: any. */
export interface OfferFilter {
  day: string | null;
  part: DayPart | null;
}

/** An offer matches when one of its times falls on the day and in the part of the day asked for. */
export function offerMatches(offer: Pick<CatalogueOffer, 'roomHours'>, { day, part }: OfferFilter): boolean {
  return offer.roomHours.some((time) => (day === null || time.dayOfWeek === day) && (part === null || dayPartOf(time.hourRefLabel) === part));
}

/** The weekdays the offer's times fall on, Monday first (the day filter's choices). */
export function offerDays(offers: readonly Pick<CatalogueOffer, 'roomHours'>[]): string[] {
  return [...new Set(sortRoomHours(offers.flatMap((offer) => offer.roomHours)).map((time) => time.dayOfWeek))];
}

/** Requests are taken for at least one course. */
export const bookingOpen = (data: BookingData | null): boolean => openOffers(data).length > 0;

/** The booking page's read: the whole offer, and what the entries to booking take from it. */
export function bookingDataOf(quarter: BookingData['quarter'], offers: BookingOffer[], requests: BookingRequest[], waiting: WaitingListEntry[] = []): BookingData {
  const summary = summaryOf({ quarter, offers });
  // The last day of all is an open one while any course is open (open: today is not past its day).
  const open = offers.some((offer) => offer.open);
  return { quarter, offers, requestsUntil: open && summary ? summary.requestsUntil : null, lessonNames: summary?.lessonNames ?? {}, requests, waiting };
}

/** The last day any open course takes requests (for "until …"), or null when none is open. */
export const lastRequestDay = (data: BookingData | null): string | null => data?.requestsUntil ?? null;

/**
 * A room hour's time in the reader's locale ("15:40–16:25"), from the label's range; a label
 * that names no readable range is shown without its slot code, never as a guessed time.
 */
export function timeRange(label: string, locale: string): string {
  const times = lessonTimes(label);
  if (!times) return hourLabel(label);
  const format = dateFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });
  const at = ({ hour, minute }: { hour: number; minute: number }) => format.format(new Date(Date.UTC(2024, 0, 1, hour, minute)));
  return `${at(times.start)}–${at(times.end)}`;
}

/** "Mon 15:40–16:25 · Room 101" as one text, for a sentence that names the time (TimeText shows it in parts). */
export function timeText(time: Pick<OfferedRoomHour, 'dayOfWeek' | 'hourRefLabel' | 'roomName'>, locale: string): string {
  const when = `${weekdayName(time.dayOfWeek, locale)} ${timeRange(time.hourRefLabel, locale)}`;
  return time.roomName ? `${when} · ${time.roomName}` : when;
}

/** A request that keeps its child's place in the course: asked for, or confirmed by the office. */
export const isActiveRequest = (request: Pick<BookingRequest, 'status'>) => request.status === 'requested' || request.status === 'confirmed';

/** The child's request for the course that still holds (requested or confirmed), if any. */
export function activeRequestOf(requests: readonly BookingRequest[], lessonId: string, childId: string): BookingRequest | undefined {
  return requests.find((request) => request.lessonId === lessonId && request.childId === childId && isActiveRequest(request));
}

export interface ChildChoice {
  child: Child;
  /** Why the child cannot be picked for this course: it holds a request already. */
  blockedBy: BookingRequest | null;
}

/** The family's active children for a course, each with the request that already holds it, if any. */
export function childChoices(children: readonly Child[], requests: readonly BookingRequest[], lessonId: string): ChildChoice[] {
  return children
    .filter((child) => child.status === 'active')
    .map((child) => ({ child, blockedBy: activeRequestOf(requests, lessonId, child.id) ?? null }));
}

/** A time may be picked while requests are open and it has a place left (or its places are not known yet). */
export function timeSelectable(offer: BookingOffer, roomHourId: string): boolean {
  if (!offer.open) return false;
  const free = freePlacesOf(offer, roomHourId);
  return free === null || free > 0;
}

/** A child and the times chosen for it: to request, or to wait for in order of preference. */
export interface Selection {
  childId: string;
  roomHourIds: string[];
}

/** What the form starts with: the only child, and the only time with a place left. */
export function initialSelection(offer: BookingOffer, choices: readonly ChildChoice[]): Selection {
  const children = choices.filter((choice) => !choice.blockedBy);
  const times = offer.roomHours.filter((roomHour) => timeSelectable(offer, roomHour.id));
  return {
    childId: children.length === 1 ? children[0]!.child.id : '',
    roomHourIds: times.length === 1 ? [times[0]!.id] : [],
  };
}

/** The request can be sent: a child who may still ask, and at least one time that may be picked. */
export function canRequest(offer: BookingOffer, choices: readonly ChildChoice[], childId: string, roomHourIds: readonly string[]): boolean {
  const choice = choices.find((candidate) => candidate.child.id === childId);
  return !!choice && !choice.blockedBy && roomHourIds.length > 0 && roomHourIds.every((id) => timeSelectable(offer, id));
}

/** The requests with one added or replaced (by its id): the function's answer, shown before Firestore has it. */
export function withRequest(requests: readonly BookingRequest[], request: BookingRequest): BookingRequest[] {
  return requests.some((known) => known.id === request.id) ? requests.map((known) => (known.id === request.id ? request : known)) : [...requests, request];
}

/** The request's times, as the offer names them (a time the offer no longer lists is left out). */
export function requestTimes(request: Pick<BookingRequest, 'roomHourIds'>, offer: Pick<CatalogueOffer, 'roomHours'> | undefined): OfferedRoomHour[] {
  return sortRoomHours((offer?.roomHours ?? []).filter((roomHour) => request.roomHourIds.includes(roomHour.id)));
}

const STATUS_ORDER = { requested: 0, waiting: 1, confirmed: 2, declined: 3, withdrawn: 4 } as const satisfies Record<BookingRequest['status'], number>;

/**
 * The family's requests: those waiting for the office first, then those on a waiting list, then
 * decided, then withdrawn; the newest first within each.
 */
export function sortRequests(requests: readonly BookingRequest[]): BookingRequest[] {
  const when = (request: BookingRequest) => request.decidedAt ?? request.requestedAt ?? '';
  return [...requests].sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || when(b).localeCompare(when(a)));
}

/** The office's latest decisions (confirmed or declined), newest first, at most `limit`. */
export function latestDecisions(requests: readonly BookingRequest[], limit = 3): BookingRequest[] {
  return requests
    .filter((request) => request.status === 'confirmed' || request.status === 'declined')
    .sort((a, b) => (b.decidedAt ?? '').localeCompare(a.decidedAt ?? ''))
    .slice(0, limit);
}
