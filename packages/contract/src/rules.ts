/**
 * Words and rules that the web app, the functions and the demo data must spell the same way.
 * No zod here: the web app's first screens import this (as @family-portal/contract/rules)
 * without loading the schemas.
 */

import type { OfferCatalogue, OfferSummary } from './booking';
import type { Debit } from './collections';

/** The `otherPayments` type of a book deposit, as the school office types it. */
export const BOOK_DEPOSIT_TYPE = 'Bücherkaution';

/** Room hours' days as the office writes them, Monday first; the plans page sorts by this order. */
export const WEEKDAYS = ['Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.', 'So.'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const PAYMENT_TYPES = ['cash', 'bank', 'card', 'other'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export const PAYMENT_DIRECTIONS = ['IN', 'OUT'] as const;
export type PaymentDirection = (typeof PAYMENT_DIRECTIONS)[number];

/** Spec section 9: amounts within 0.01 of each other are equal. */
export const MONEY_TOLERANCE = 0.01;

/** A debit's amount in whole cents: AppSheet's decimal euros, exact to the cent. */
export const debitCents = (debit: Pick<Debit, 'amount'>): number => Math.round(debit.amount * 100);

/**
 * Spec section 9, the one money rule of a course: hours (default 1) × weeks × price per hour, plus
 * the extras per quarter, rounded to cents. The plans page prices a plan by it and the booking
 * offer a request, so that the parent is shown before sending what the plan will cost.
 */
export function courseCost(weeks: number, lesson: { hours: number | null; pricePerHour: number; extrasPerQuarter: number | null }): number {
  const cost = (lesson.hours ?? 1) * weeks * lesson.pricePerHour + (lesson.extrasPerQuarter ?? 0);
  return Math.round(cost * 100) / 100;
}

/** Spec section 4: a balance below -0.01 asks the family for a payment (the web app and the e-mails). */
export const isPaymentDue = (balance: number) => balance < -MONEY_TOLERANCE;

/** The stored status of an active member, child or quarter; any other word is not active. */
export const ACTIVE = 'active';

/**
 * The one definition of a membership that acts: the member's stored status is the active one. A
 * family whose membership ended keeps reading its records (the index keeps it), but books,
 * reports, marks and subscribes nothing, and gets no notice or calendar.
 */
export const isActiveMember = (member: { status?: unknown } | undefined | null): boolean => member?.status === ACTIVE;

/** The error code of "this membership has ended" (403): a former family acts on nothing. */
export const MEMBERSHIP_ENDED = 'membership-ended';

/**
 * The error code of "this e-mail is not a member's": the API answers it as `error`, and the
 * sign-up gate (a blocking function, whose refusal reaches the web app only as a message)
 * starts its message with it.
 */
export const NOT_A_MEMBER = 'not-a-member';

export interface CancellationFacts {
  status: string;
  membershipEndsAt: string | null;
  cancellationRequested: boolean;
  cancellationRequestedAt: string | null;
}

export type CancellationState =
  | { kind: 'cancelled'; endsAt: string }
  | { kind: 'pending'; requestedAt: string | null }
  | { kind: 'available' }
  | { kind: 'inactive' };

/**
 * Whether a membership can be cancelled (spec section 5): not when it already ends, not when a
 * request is pending, and only while active. The page offers the button by it; the function
 * refuses by it.
 */
export function cancellationState(member: CancellationFacts): CancellationState {
  if (member.membershipEndsAt) return { kind: 'cancelled', endsAt: member.membershipEndsAt };
  if (member.cancellationRequested) return { kind: 'pending', requestedAt: member.cancellationRequestedAt };
  if (member.status !== ACTIVE) return { kind: 'inactive' };
  return { kind: 'available' };
}

/**
 * The portal's own Firestore collections beside the nine synced ones (documents.ts), spelled
 * once for the web app, the functions and the tools; firestore.rules names them too.
 */
export const ADMIN_USERS = 'admin_users';
export const MEMBER_EMAILS = 'member_emails';
/** Addresses that more than one member gives: none of them may sign in until the office decides. */
export const MEMBER_EMAIL_DUPLICATES = 'member_email_duplicates';
export const MEMBER_REFERENCES = 'member_references';
export const SYNC_LOGS = 'sync_logs';
export const SYNC_METADATA = 'sync_metadata';
/**
 * E-mails to send, in the format of the "Trigger Email from Firestore" extension
 * (firestore-send-email), which sends them in production; tools/mail/localSender.ts locally.
 */
export const MAIL = 'mail';
/** What the office alerts have sent (functions/src/notifications/officeAlerts.ts), server-only. */
export const OFFICE_ALERTS = 'office_alerts';
/** A parent's e-mail choices, keyed by the account's uid; server-only (functions/src/members/accountData.ts). */
export const NOTIFICATION_CHOICES = 'notification_choices';
/** Private calendar addresses, by the SHA-256 of their token; server-only (functions/src/calendar). */
export const CALENDAR_FEEDS = 'calendar_feeds';
/**
 * A parent's devices that get Web Push, by the SHA-256 of the push endpoint; server-only
 * (functions/src/push). Each gets the kinds the parent's e-mail choices turn on.
 */
export const PUSH_SUBSCRIPTIONS = 'push_subscriptions';
/**
 * One push to send per event and account, beside its e-mail and with the e-mail's document id;
 * a trigger sends it to each of the account's devices once (functions/src/push/deliverPush.ts).
 */
export const PUSH_OUTBOX = 'push_outbox';

/**
 * The e-mails a parent can turn on: all off until the parent turns one on. bookingDecided (the
 * office's decision on a booking request) came later: choices stored before it lack it (off).
 */
export const PARENT_MAIL_KINDS = ['paymentDue', 'paymentReceived', 'cancellationConfirmed', 'bookingDecided', 'notices', 'lessonCancelled'] as const;
/**
 * Kinds on until the parent turns them off: a lesson cancelled concerns a course the family booked,
 * so every parent of an enrolled child with an account gets it (with an unsubscribe link).
 */
export const MAIL_KINDS_ON_BY_DEFAULT: readonly ParentMailKind[] = ['lessonCancelled'];
export type ParentMailKind = (typeof PARENT_MAIL_KINDS)[number];

/** What the quarter rules read of a quarter. */
export interface QuarterFacts {
  name: string;
  status: string;
  /** Plain days, YYYY-MM-DD. */
  firstDay: string;
  lastDay: string;
}

/** Active first, then by name, descending ("2026 Q4" before "2026 Q3"). */
export function sortQuarters<T extends QuarterFacts>(quarters: readonly T[]): T[] {
  return [...quarters].sort((a, b) => {
    const active = Number(b.status === ACTIVE) - Number(a.status === ACTIVE);
    return active !== 0 ? active : b.name.localeCompare(a.name, undefined, { numeric: true });
  });
}

/**
 * The current quarter, one rule for the dashboard, the plans page and the calendar feed:
 * 1. an active quarter that contains today;
 * 2. else an active quarter (the office marks the quarter it runs, also in the holidays around
 *    it), the first in tab order if there are several;
 * 3. else the quarter that contains today (the office has not set the status);
 * 4. else none.
 * "today" is a plain day, "YYYY-MM-DD", on the school's clock.
 */
export function currentQuarter<T extends QuarterFacts>(quarters: readonly T[], today: string): T | null {
  const sorted = sortQuarters(quarters);
  // Quarter days are plain days (the contract's `day`), like today: no time zone can move them.
  const containsToday = (quarter: T) => quarter.firstDay <= today && today <= quarter.lastDay;
  const active = sorted.filter((quarter) => quarter.status === ACTIVE);
  return active.find(containsToday) ?? active[0] ?? sorted.find(containsToday) ?? null;
}

/** The quarter that starts next after the current one (or after today, without one). */
export function nextQuarter<T extends QuarterFacts>(quarters: readonly T[], current: T | null, today: string): T | null {
  const after = current ? current.lastDay : today;
  const later = quarters.filter((quarter) => quarter !== current && quarter.firstDay > after);
  return later.sort((a, b) => a.firstDay.localeCompare(b.firstDay))[0] ?? null;
}

/** A clock time at the start, "08:00" or "8.00" (but not the code and time of "3.15:40"). */
const STARTS_WITH_TIME = /^\s*\d{1,2}[:.]\d{2}(?![\d:.])/;

/**
 * "3 - 15:40-16:25" → "15:40-16:25": the leading slot code is for sorting, not for reading.
 * A label that starts with a time ("08:00-08:45", "8.00 Uhr") has no code and stays whole.
 */
export function hourLabel(label: string): string {
  if (STARTS_WITH_TIME.test(label)) return label.trim();
  return label.replace(/^\s*\d+\s*(?:[-–.:)|]\s*)?/, '').trim() || label.trim();
}

export interface ClockTime {
  hour: number;
  minute: number;
}

const TIME_RANGE = /^(\d{1,2})[:.](\d{2})\s*(?:-|–|bis)\s*(\d{1,2})[:.](\d{2})(?!\d)/;

/**
 * The start and end a room hour's label gives ("3 15:00-16:00", "08:00-08:45", "8.00-8.45"), or
 * null when it names no readable range: never a guessed time.
 */
export function lessonTimes(label: string): { start: ClockTime; end: ClockTime } | null {
  const match = TIME_RANGE.exec(hourLabel(label));
  if (!match) return null;
  const [startHour, startMinute, endHour, endMinute] = match.slice(1).map(Number) as [number, number, number, number];
  const valid = (hour: number, minute: number) => hour <= 23 && minute <= 59;
  if (!valid(startHour, startMinute) || !valid(endHour, endMinute)) return null;
  if (endHour * 60 + endMinute <= startHour * 60 + startMinute) return null;
  return { start: { hour: startHour, minute: startMinute }, end: { hour: endHour, minute: endMinute } };
}

/** The family's newest notices read with its correspondence (the dashboard, the notices page's first page). */
export const DASHBOARD_NOTICES = 20;

/** A report covers at most this many days (a school holiday's length). */
export const MAX_ABSENCE_DAYS = 31;
/** How far ahead an absence may be reported. */
export const ABSENCE_REPORT_AHEAD_DAYS = 180;
/**
 * A child has at most this many open reports (last day today or later): more than a parent needs
 * for half a year of appointments, few enough that a script or a stuck button cannot fill the
 * office's list. A report merged into an open one does not count as another.
 */
export const MAX_OPEN_ABSENCES = 20;

/** A parent may withdraw an absence until its first day begins (school's clock). */
export const absenceWithdrawable = (absence: { from: string }, today: string) => today < absence.from;

/** Whether a cancellation closes the school for the day (closeSchool) rather than cancelling one lesson. */
export const isClosure = (cancellation: { lessonId: string | null }) => cancellation.lessonId === null;

/**
 * The text a reader gets: their language, else the first one the office gave. Pure, shared by
 * the dashboard, the e-mail and the calendar.
 */
export function noticeTextFor<Language extends string, Text>(texts: Partial<Record<Language, Text>>, languages: readonly Language[], reader: string): Text {
  const own = texts[reader as Language];
  if (own) return own;
  for (const language of languages) {
    const text = texts[language];
    if (text) return text;
  }
  const any = Object.values<Text | undefined>(texts).find(Boolean);
  if (!any) throw new Error('A notice without any text');
  return any;
}

/**
 * A quarter's offer in short (offer_summary, contract booking.ts): the last day any course takes
 * requests and each course's name by lesson id; null for an offer without courses. The sync
 * writes it beside the catalogue, and the booking page works the same out of the catalogue it
 * reads, so that the entries to booking say the same from either.
 */
export function summaryOf(catalogue: Pick<OfferCatalogue, 'quarter'> & { offers: ReadonlyArray<Pick<OfferCatalogue['offers'][number], 'lessonId' | 'lessonName' | 'requestsUntil'>> }): OfferSummary | null {
  const [first, ...rest] = catalogue.offers;
  if (!first) return null;
  return {
    quarter: catalogue.quarter,
    requestsUntil: rest.reduce((latest, offer) => (offer.requestsUntil > latest ? offer.requestsUntil : latest), first.requestsUntil),
    lessonNames: Object.fromEntries(catalogue.offers.map((offer) => [offer.lessonId, offer.lessonName])),
  };
}
