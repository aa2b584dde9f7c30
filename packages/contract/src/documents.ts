/**
 * The nine synced documents (spec section 3; design §3), each declared once with the AppSheet
 * columns it is read from (columns.ts). Firestore holds days as "YYYY-MM-DD" and instants as
 * ISO-8601 in UTC. The sync's own bookkeeping fields (`_hash`, `_syncedAt`, `_lastChanged`) are
 * not part of the contract and are dropped when a document is parsed.
 *
 * zod/mini keeps the web app's bundle small: these schemas are parsed on every read.
 */
import * as z from 'zod/mini';
import { date, dateTime, decimal, defineTable, email, id, integer, list, oneOf, orBlank, ref, required, text, url, wholeWeeks, yesNo } from './columns';
import { bookingRequestsTable, offersTable } from './booking';
import { closedDaysTable } from './calendar';
import { debitsTable } from './collections';
import { mandatesTable } from './mandates';
import { ACTIVE, BOOK_DEPOSIT_TYPE, WEEKDAYS, type PaymentDirection, type PaymentType } from './rules';

/** Whether an e-mail can be a document id of the member index; the sync rejects member rows whose e-mail cannot. */
export function usableAsDocumentId(email: string): boolean {
  return !email.includes('/') && !/^__.*__$/.test(email) && new TextEncoder().encode(email).length <= 1500;
}

/** The office types statuses in German; the portal stores these words. */
const ACTIVE_STATUS = { Aktiv: ACTIVE, Inaktiv: 'inactive' } as const;

const money = (name: string) => orBlank(decimal(name), 0);

const orderedDays = (first: string | null, last: string | null, what: string) =>
  first && last && first > last ? `${what} ends before it starts` : null;

export const membersTable = defineTable({
  collection: 'members',
  appSheetTable: 'Members',
  keyColumn: 'Member ID',
  columns: {
    primaryName: required(text('Primary Name')),
    secondaryName: text('Secondary Name'),
    primaryEmail: required(email('Email')),
    phone: text('Phone'),
    phone2: text('Phone 2'),
    address: text('Address'),
    // Any word other than the active one is a non-active status; the family still sees its data.
    status: required(oneOf('Status', ACTIVE_STATUS, 'warn')),
    type: text('Membership Type'),
    membershipStartsAt: date('Member Since'),
    membershipEndsAt: date('Member Until'),
    cancellationRequested: orBlank(yesNo('Cancellation Requested'), false),
    cancellationRequestedAt: dateTime('Cancellation Requested At'),
    cancellationReason: text('Cancellation Reason'),
    balance: money('Balance'),
    childrenBalance: money('Children Balance'),
    membershipBalance: money('Membership Balance'),
  },
  check: (member) =>
    (usableAsDocumentId(member.primaryEmail) ? null : 'the e-mail address cannot be used to sign in') ??
    orderedDays(member.membershipStartsAt, member.membershipEndsAt, 'membership'),
});

export const childrenTable = defineTable({
  collection: 'children',
  appSheetTable: 'Children',
  keyColumn: 'Child ID',
  columns: {
    memberId: required(ref('Member ID')),
    name: required(text('Name')),
    birthday: date('Birthday'),
    age: integer('Age'),
    class: text('Class'),
    notes: text('Notes'),
    createdAt: dateTime('Created At'),
    status: required(oneOf('Status', ACTIVE_STATUS, 'warn')),
  },
});

export const paymentsTable = defineTable({
  collection: 'payments',
  appSheetTable: 'Payments',
  keyColumn: 'Payment ID',
  columns: {
    memberId: required(ref('Member ID')),
    date: required(date('Date')),
    amount: required(decimal('Amount')),
    balance: money('Balance'),
    comment: text('Comment'),
    // Another word is shown with the "other" icon and the office's own word.
    type: required(oneOf('Payment Type', { Bar: 'cash', Überweisung: 'bank', Karte: 'card', Sonstiges: 'other' } satisfies Record<string, PaymentType>, 'warn')),
    direction: required(oneOf('Direction', { Eingang: 'IN', Ausgang: 'OUT' } satisfies Record<string, PaymentDirection>)),
    planShares: money('Plan Shares'),
    membershipShares: money('Membership Shares'),
    otherPaymentsShare: money('Other Payments Share'),
  },
});

export const otherPaymentsTable = defineTable({
  collection: 'otherPayments',
  appSheetTable: 'Other Payments',
  keyColumn: 'Other Payment ID',
  columns: {
    memberId: required(ref('Member ID')),
    /** BOOK_DEPOSIT_TYPE for book deposits; other types as the office typed them. */
    type: required(oneOf('Type', { [BOOK_DEPOSIT_TYPE]: BOOK_DEPOSIT_TYPE, Buecherkaution: BOOK_DEPOSIT_TYPE }, 'keep')),
    status: required(oneOf('Status', { Aktiv: ACTIVE, Erstattet: 'returned' }, 'warn')),
    date: required(date('Date')),
    amount: required(decimal('Amount')),
    childId: ref('Child ID'),
    comment: text('Comment'),
  },
});

export const quartersTable = defineTable({
  collection: 'quarters',
  appSheetTable: 'Quarters',
  keyColumn: 'Quarter ID',
  columns: {
    name: required(text('Name')),
    status: required(oneOf('Status', { ...ACTIVE_STATUS, Geplant: 'planned', Abgeschlossen: 'closed' }, 'warn')),
    firstDay: required(date('First Day')),
    lastDay: required(date('Last Day')),
  },
  check: (quarter) => orderedDays(quarter.firstDay, quarter.lastDay, 'quarter'),
});

export const teachersTable = defineTable({
  collection: 'teachers',
  appSheetTable: 'Teachers',
  keyColumn: 'Teacher ID',
  columns: { name: required(text('Name')) },
});

export const lessonsTable = defineTable({
  collection: 'lessons',
  appSheetTable: 'Lessons',
  keyColumn: 'Lesson ID',
  columns: {
    name: required(text('Name')),
    teacherId: ref('Teacher ID'),
    /** Blank means the default of 1 hour (spec section 9), applied by the web app. */
    hours: decimal('Hours'),
    pricePerHour: required(decimal('Price Per Hour')),
    extrasPerQuarter: money('Extras Per Quarter'),
    whatsappGroup: url('WhatsApp Group'),
  },
});

export const roomHoursTable = defineTable({
  collection: 'roomHours',
  appSheetTable: 'Room Hours',
  keyColumn: 'Room Hour ID',
  columns: {
    lessonId: required(ref('Lesson ID')),
    // "Mo" without the dot is a common way to type it; both are stored as "Mo.".
    dayOfWeek: required(oneOf('Day', Object.fromEntries(WEEKDAYS.flatMap((day) => [[day, day], [day.replace('.', ''), day]])) as Record<string, (typeof WEEKDAYS)[number]>)),
    hourRefLabel: required(text('Hour')),
    roomName: text('Room'),
  },
  check: (roomHour) => (/^\d/.test(roomHour.hourRefLabel) ? null : 'hour label must start with a number'),
});

export const plansTable = defineTable({
  collection: 'plans',
  appSheetTable: 'Plans',
  keyColumn: 'Plan ID',
  columns: {
    childId: required(ref('Child ID')),
    quarterId: required(ref('Quarter ID')),
    lessonId: required(ref('Lesson ID')),
    weeks: required(wholeWeeks('Weeks')),
    roomHourIds: orBlank(list('Room Hour IDs'), []),
    paid: money('Paid'),
    balance: money('Balance'),
  },
  /** The family the plan belongs to, through its child: the rules grant reads by it. */
  derived: { memberId: id },
});

/**
 * The synced collections, in the order a sync settles them: the nine every school has, then the
 * optional tables a school may leave out of its app: booking (booking.ts), closed days
 * (calendar.ts), direct debit mandates (mandates.ts) and their collections (collections.ts).
 */
export const SYNCED_COLLECTIONS = ['members', 'children', 'payments', 'otherPayments', 'quarters', 'teachers', 'lessons', 'roomHours', 'plans', 'offers', 'bookingRequests', 'closedDays', 'mandates', 'debits'] as const;
export type SyncedCollection = (typeof SYNCED_COLLECTIONS)[number];

/** Each synced collection's declaration: its AppSheet table, columns and schemas. */
export const APPSHEET_TABLES = {
  members: membersTable,
  children: childrenTable,
  payments: paymentsTable,
  otherPayments: otherPaymentsTable,
  quarters: quartersTable,
  teachers: teachersTable,
  lessons: lessonsTable,
  roomHours: roomHoursTable,
  plans: plansTable,
  offers: offersTable,
  bookingRequests: bookingRequestsTable,
  closedDays: closedDaysTable,
  mandates: mandatesTable,
  debits: debitsTable,
} as const satisfies { [N in SyncedCollection]: { collection: N } };
export type AppSheetTable = (typeof APPSHEET_TABLES)[SyncedCollection];

/** Each synced collection and the schema of its documents (the document id is the `id` field). */
export const DOCUMENT_SCHEMAS = Object.fromEntries(SYNCED_COLLECTIONS.map((name) => [name, APPSHEET_TABLES[name].schema])) as {
  readonly [N in SyncedCollection]: (typeof APPSHEET_TABLES)[N]['schema'];
};

export type Member = z.infer<typeof DOCUMENT_SCHEMAS.members>;
export type Child = z.infer<typeof DOCUMENT_SCHEMAS.children>;
export type Quarter = z.infer<typeof DOCUMENT_SCHEMAS.quarters>;
export type Plan = z.infer<typeof DOCUMENT_SCHEMAS.plans>;
export type Lesson = z.infer<typeof DOCUMENT_SCHEMAS.lessons>;
export type Teacher = z.infer<typeof DOCUMENT_SCHEMAS.teachers>;
export type RoomHour = z.infer<typeof DOCUMENT_SCHEMAS.roomHours>;
export type Payment = z.infer<typeof DOCUMENT_SCHEMAS.payments>;
export type OtherPayment = z.infer<typeof DOCUMENT_SCHEMAS.otherPayments>;

/**
 * member_references/{memberId} as a parent reads it: copies of the lessons, room hours and teachers
 * the family's plans point to, which the sync keeps in line with them. The web app reads a family's
 * timetable from this one document; members cannot read those three collections.
 */
export const familyTimetableSchema = z.object({
  lessons: z.array(DOCUMENT_SCHEMAS.lessons),
  roomHours: z.array(DOCUMENT_SCHEMAS.roomHours),
  teachers: z.array(DOCUMENT_SCHEMAS.teachers),
});
export type FamilyTimetable = z.infer<typeof familyTimetableSchema>;
