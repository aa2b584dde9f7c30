/**
 * Booking next quarter's courses: the office's offer and the families' requests, both kept in
 * AppSheet (optional tables: a school without them has no booking), the offer as families read
 * it (one catalogue document per quarter, built by the sync, with free places counted apart),
 * and the booking endpoints' bodies and answers.
 */
import * as z from 'zod/mini';
import { count, date, dateTime, defineTable, email, id, list, oneOf, orBlank, ref, required, text, wholeWeeks } from './columns';
import { checkedText } from './checkedText';

/** A school without the booking tables offers nothing through the portal. */
const BOOKING_TABLE = { feature: 'booking', doc: 'booking.md', gives: "to let families book next quarter's courses" } as const;

/** One row per lesson the office offers in a quarter; places count per room hour. */
export const offersTable = defineTable({
  collection: 'offers',
  appSheetTable: 'Offers',
  keyColumn: 'Offer ID',
  optional: BOOKING_TABLE,
  columns: {
    quarterId: required(ref('Quarter ID')),
    lessonId: required(ref('Lesson ID')),
    /** The room hours offered; blank offers every room hour of the lesson. */
    roomHourIds: orBlank(list('Room Hour IDs'), []),
    /** Places per room hour given out through the portal. */
    places: required(count('Places')),
    weeks: required(wholeWeeks('Weeks')),
    /** The last day (school's clock) a family may send a request. */
    requestsUntil: required(date('Requests Until')),
  },
});

/** The office's words for a request's status, and what the portal stores. */
export const REQUEST_STATUS_WORDS = {
  Angefragt: 'requested',
  Bestätigt: 'confirmed',
  Abgelehnt: 'declined',
  Zurückgezogen: 'withdrawn',
  /** On the waiting list of a full time: holds no place until one is offered and taken. */
  Warteliste: 'waiting',
} as const;
export type RequestStatus = (typeof REQUEST_STATUS_WORDS)[keyof typeof REQUEST_STATUS_WORDS];
export const REQUEST_STATUSES = ['requested', 'confirmed', 'declined', 'withdrawn', 'waiting'] as const satisfies readonly RequestStatus[];
/** The AppSheet word of a status (the first word that maps to it). */
export const requestStatusWord = (status: RequestStatus): string =>
  Object.entries(REQUEST_STATUS_WORDS).find(([, stored]) => stored === status)?.[0] as string;
/** A request in one of these holds its places; declined and withdrawn ones give them back. */
export const holdsPlaces = (status: RequestStatus) => status === 'requested' || status === 'confirmed';

/** A family's request for one child, one lesson, one quarter; the document id is its AppSheet key. */
export const bookingRequestsTable = defineTable({
  collection: 'bookingRequests',
  appSheetTable: 'Course Requests',
  keyColumn: 'Request ID',
  optional: BOOKING_TABLE,
  columns: {
    childId: required(ref('Child ID')),
    quarterId: required(ref('Quarter ID')),
    lessonId: required(ref('Lesson ID')),
    offerId: ref('Offer ID'),
    roomHourIds: required(list('Room Hour IDs')),
    weeks: required(wholeWeeks('Weeks')),
    status: required(oneOf('Status', REQUEST_STATUS_WORDS)),
    requestedAt: dateTime('Requested At'),
    /** The parent's address that sent it. */
    requestedBy: email('Requested By'),
    /** The office's note to the family with its decision. */
    note: text('Note'),
    decidedAt: dateTime('Decided At'),
    /** The Plans row made when the office confirmed it. */
    planId: ref('Plan ID'),
    /**
     * A waiting request's place in line (blank: its Requested At, when the family joined). The
     * office's "Move up" sets it (docs/booking.md, the waiting list).
     */
    waitingSince: dateTime('Waiting Since'),
  },
  /** The family, through the child, as for plans: the rules grant reads by it. */
  derived: { memberId: id },
});

export type Offer = z.infer<typeof offersTable.schema>;
export type BookingRequest = z.infer<typeof bookingRequestsTable.schema>;

/**
 * offer_catalogue/{quarterId}: a quarter's offer as families read it, copied by the sync from the
 * offers, lessons, room hours and teachers (families may not read those collections whole).
 */
export const OFFER_CATALOGUE = 'offer_catalogue';
/** offer_places/{offerId}: places taken per room hour, counted by the booking functions. */
export const OFFER_PLACES = 'offer_places';

export const offeredRoomHourSchema = z.object({
  id,
  dayOfWeek: z.string(),
  hourRefLabel: z.string(),
  roomName: z.nullable(z.string()),
});
export const catalogueOfferSchema = z.object({
  offerId: id,
  lessonId: id,
  lessonName: z.string(),
  teacherName: z.nullable(z.string()),
  /** Blank means 1 hour (spec section 9), as for lessons. */
  hours: z.nullable(z.number()),
  pricePerHour: z.number(),
  extrasPerQuarter: z.number(),
  weeks: z.int(),
  places: z.int(),
  requestsUntil: z.string(),
  roomHours: z.array(offeredRoomHourSchema),
});
export type CatalogueOffer = z.infer<typeof catalogueOfferSchema>;
export const offerCatalogueSchema = z.object({
  quarter: z.object({ id, name: z.string(), firstDay: z.string(), lastDay: z.string() }),
  offers: z.array(catalogueOfferSchema),
});
export type OfferCatalogue = z.infer<typeof offerCatalogueSchema>;

/**
 * offer_summary/{quarterId}: what the entries to booking (the dashboard's card, the plans page's
 * link) show of a quarter's offer, written by the sync with its catalogue: the last day any course
 * takes requests, and each offered course's name by lesson id (for the family's requests and the
 * office's decisions). The catalogue of the 2,000-family demo school is 124 kB of JSON, some
 * 285 kB as Firestore sends it; a parent's every dashboard read it whole (docs/performance.md).
 */
export const OFFER_SUMMARY = 'offer_summary';
export const offerSummarySchema = z.object({
  quarter: offerCatalogueSchema.shape.quarter,
  requestsUntil: z.string(),
  lessonNames: z.record(z.string(), z.string()),
});
export type OfferSummary = z.infer<typeof offerSummarySchema>;

/** Places taken per room hour id; a room hour without an entry has none taken. */
export const offerPlacesSchema = z.object({ quarterId: id, taken: z._default(z.record(z.string(), z.int()), {}) });
export type OfferPlaces = z.infer<typeof offerPlacesSchema>;

/** Free places of a room hour: never below zero (the office may give out more in AppSheet). */
export const freePlaces = (offer: Pick<CatalogueOffer, 'places'>, places: OfferPlaces | undefined, roomHourId: string) =>
  Math.max(0, offer.places - (places?.taken[roomHourId] ?? 0));

/** Requests are taken up to and including the offer's last day, on the school's clock. */
export const requestsOpen = (offer: Pick<CatalogueOffer, 'requestsUntil'>, today: string) => today <= offer.requestsUntil;

const idList = z.array(id).check(z.minLength(1), z.maxLength(7));

/** requestBooking: one child, one offered lesson, the room hours chosen. */
export const requestBookingBody = z.strictObject({ childId: id, offerId: id, roomHourIds: idList });
export type RequestBookingBody = z.infer<typeof requestBookingBody>;
/** withdrawBooking: a request still waiting for the office. */
export const withdrawBookingBody = z.strictObject({ requestId: id });
export const bookingRequestAnswer = z.object({ data: bookingRequestsTable.schema });

/** The office's note to the family: the contact form's rules, at most 500 characters. */
const officeNote = checkedText('officeNote');

/**
 * The waiting list of a full time (docs/booking.md). A family joins per child and lesson with the
 * times it would take, in its order of preference: one Course Requests row with status
 * `Warteliste`, the same key as a request, so that taking a freed place turns that row into the
 * request. Its place in line at each time is its `Waiting Since` (blank: its Requested At).
 */
export const waitingOrder = (request: { requestedAt: string | null; waitingSince?: string | null }): string => request.waitingSince ?? request.requestedAt ?? '';

/** waiting_entries/{requestId}: what a waiting family reads of its place, written by the functions alone. */
export const WAITING_ENTRIES = 'waiting_entries';
export const waitingOfferSchema = z.object({
  roomHourId: id,
  /** When the place was offered, and until when it is held (instants, ISO 8601). */
  offeredAt: z.string(),
  until: z.string(),
});
export type WaitingOffer = z.infer<typeof waitingOfferSchema>;
export const waitingEntrySchema = z.object({
  memberId: id,
  childId: id,
  offerId: id,
  quarterId: id,
  lessonId: id,
  /** Per time the family still waits for, in its order of preference: 1 is next in line. */
  positions: z.array(z.object({ roomHourId: id, position: z.int().check(z.positive()) })),
  /** A freed place held for the family until `until`, or none. */
  offer: z.nullable(waitingOfferSchema),
  /** Times whose offer the family let pass or turned down: it is no longer in line there. */
  passed: z._default(z.array(z.string()), []),
});
export type WaitingEntry = z.infer<typeof waitingEntrySchema>;

/** joinWaitingList: one child, one offered lesson, its full times in the family's order of preference. */
export const joinWaitingListBody = requestBookingBody;
export type JoinWaitingListBody = RequestBookingBody;
/** leaveWaitingList, takeWaitingOffer, passWaitingOffer: the family's waiting request. */
export const waitingRequestBody = withdrawBookingBody;
/** passWaitingOffer's answer: the time the family turned down (it stays in line for its others). */
export const passWaitingOfferAnswer = z.object({ data: z.object({ requestId: id, roomHourId: id }) });
/** The office moves a waiting family one place up, or takes it off the list, with a note to the family. */
export const WAITING_LIST_MOVES = ['up', 'off'] as const;
export const moveOnWaitingListBody = z.strictObject({
  requestId: id,
  move: z.enum(WAITING_LIST_MOVES),
  note: z.optional(officeNote),
});
export type MoveOnWaitingListBody = z.input<typeof moveOnWaitingListBody>;

export const BOOKING_DECISIONS = ['confirm', 'decline'] as const;
/** decideBookingRequests (office): several requests at once, one decision and note for all. */
export const decideBookingRequestsBody = z.strictObject({
  requestIds: z.array(id).check(z.minLength(1), z.maxLength(100)),
  decision: z.enum(BOOKING_DECISIONS),
  note: z.optional(officeNote),
});
export type DecideBookingRequestsBody = z.input<typeof decideBookingRequestsBody>;
/** Per request: decided now, already decided that way before, or not (with the reason's code). */
export const DECISION_OUTCOMES = ['confirmed', 'declined', 'unchanged', 'refused', 'failed'] as const;
export const decisionResultSchema = z.object({
  requestId: id,
  outcome: z.enum(DECISION_OUTCOMES),
  /** For refused and failed: the error code (not-found, not-requested, request-in-progress, appsheet-failed). */
  error: z.optional(z.string()),
});
export const decideBookingRequestsAnswer = z.object({ data: z.object({ results: z.array(decisionResultSchema) }) });

/** listBookingRequests (office): a quarter's requests (default: the next quarter). */
export const bookingRequestsQuery = z.strictObject({ quarterId: z.optional(id) });
export const officeRequestRowSchema = z.object({
  id,
  status: z.enum(REQUEST_STATUSES),
  childId: id,
  childName: z.nullable(z.string()),
  memberId: z.nullable(z.string()),
  familyName: z.nullable(z.string()),
  /** False when the family's membership has ended (or its member row is gone): confirm nothing by accident. */
  familyActive: z.boolean(),
  /**
   * More requests hold this time than it has places (an AppSheet answer lost, or the office's own
   * entry): this one came later than the places allow. It cannot be confirmed until one is freed.
   */
  overbooked: z.boolean(),
  offerId: z.nullable(z.string()),
  lessonId: id,
  lessonName: z.nullable(z.string()),
  roomHourIds: z.array(z.string()),
  weeks: z.int(),
  requestedAt: z.nullable(z.string()),
  decidedAt: z.nullable(z.string()),
  note: z.nullable(z.string()),
  planId: z.nullable(z.string()),
  /** A waiting request's place in line set by the office (blank: its Requested At). */
  waitingSince: z.optional(z.nullable(z.string())),
  /** A waiting request: its place in line at each of its times (1 is next), and the place offered to it. */
  waiting: z.optional(z.object({ positions: z.array(z.object({ roomHourId: id, position: z.int() })), offer: z.nullable(waitingOfferSchema) })),
});
export type OfficeRequestRow = z.infer<typeof officeRequestRowSchema>;
export const bookingRequestsAnswer = z.object({
  data: z.object({
    /** Null when no quarter is next (nothing to book). */
    quarter: z.nullable(z.object({ id, name: z.string() })),
    offers: z.array(z.object({ ...catalogueOfferSchema.shape, taken: z.record(z.string(), z.int()) })),
    requests: z.array(officeRequestRowSchema),
  }),
});
export type BookingRequestsAnswer = z.infer<typeof bookingRequestsAnswer>['data'];
