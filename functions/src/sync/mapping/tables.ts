/**
 * The AppSheet contract: the nine tables a school's AppSheet app must have, their key and
 * change-timestamp columns, and how each column becomes a Firestore field (spec section 3).
 * docs/appsheet.md documents the same schema for the people who build the AppSheet app.
 */
import { ACTIVE, BOOK_DEPOSIT_TYPE, WEEKDAYS, type SyncedCollection } from '@family-portal/contract';
import type { FieldSpec, SyncedDocument, TableSpec } from './schema';

/** Whether an e-mail can be a document id of the member index; the sync rejects member rows whose e-mail cannot. */
export function usableAsDocumentId(email: string): boolean {
  return !email.includes('/') && !/^__.*__$/.test(email) && Buffer.byteLength(email, 'utf8') <= 1500;
}

/** The contract's nine collections (packages/contract), one per AppSheet table. */

/** The change-timestamp column every table carries (AppSheet type ChangeTimestamp). */
export const CHANGED_COLUMN = 'Last Changed';

/** Values the school office types in German, and what the portal stores. */
const ACTIVE_STATUS = { Aktiv: ACTIVE, Inaktiv: 'inactive' } as const;

const text = (field: string, column: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  field,
  column,
  type: 'text',
  ...extra,
});
const ref = (field: string, column: string, required = true): FieldSpec => text(field, column, { required });
const money = (field: string, column: string, extra: Partial<FieldSpec> = { default: 0 }): FieldSpec => ({
  field,
  column,
  type: 'decimal',
  ...extra,
});

const orderedDays = (first: string | null, last: string | null, what: string) =>
  first && last && first > last ? `${what} ends before it starts` : null;

const members: TableSpec = {
  collection: 'members',
  appSheetTable: 'Members',
  keyColumn: 'Member ID',
  changedColumn: CHANGED_COLUMN,
  fields: [
    text('primaryName', 'Primary Name', { required: true }),
    text('secondaryName', 'Secondary Name'),
    { field: 'primaryEmail', column: 'Email', type: 'email', required: true },
    text('phone', 'Phone'),
    text('phone2', 'Phone 2'),
    text('address', 'Address'),
    // Any word other than the active one is a non-active status; the family still sees its data.
    { field: 'status', column: 'Status', type: 'enum', values: ACTIVE_STATUS, allowOtherValues: 'warn', required: true },
    text('type', 'Membership Type'),
    { field: 'membershipStartsAt', column: 'Member Since', type: 'date' },
    { field: 'membershipEndsAt', column: 'Member Until', type: 'date' },
    { field: 'cancellationRequested', column: 'Cancellation Requested', type: 'boolean', default: false },
    { field: 'cancellationRequestedAt', column: 'Cancellation Requested At', type: 'dateTime' },
    text('cancellationReason', 'Cancellation Reason'),
    money('balance', 'Balance'),
    money('childrenBalance', 'Children Balance'),
    money('membershipBalance', 'Membership Balance'),
  ],
  check: (doc) =>
    (usableAsDocumentId(doc.primaryEmail as string) ? null : 'the e-mail address cannot be used to sign in') ??
    orderedDays(doc.membershipStartsAt as string | null, doc.membershipEndsAt as string | null, 'membership'),
};

const children: TableSpec = {
  collection: 'children',
  appSheetTable: 'Children',
  keyColumn: 'Child ID',
  changedColumn: CHANGED_COLUMN,
  fields: [
    ref('memberId', 'Member ID'),
    text('name', 'Name', { required: true }),
    { field: 'birthday', column: 'Birthday', type: 'date' },
    { field: 'age', column: 'Age', type: 'integer' },
    text('class', 'Class'),
    text('notes', 'Notes'),
    { field: 'createdAt', column: 'Created At', type: 'dateTime' },
    { field: 'status', column: 'Status', type: 'enum', values: ACTIVE_STATUS, allowOtherValues: 'warn', required: true },
  ],
};

const payments: TableSpec = {
  collection: 'payments',
  appSheetTable: 'Payments',
  keyColumn: 'Payment ID',
  changedColumn: CHANGED_COLUMN,
  fields: [
    ref('memberId', 'Member ID'),
    { field: 'date', column: 'Date', type: 'date', required: true },
    money('amount', 'Amount', { required: true }),
    money('balance', 'Balance'),
    text('comment', 'Comment'),
    {
      field: 'type',
      column: 'Payment Type',
      type: 'enum',
      values: { Bar: 'cash', Überweisung: 'bank', Karte: 'card', Sonstiges: 'other' },
      // Shown with the "other" icon and the office's own word.
      allowOtherValues: 'warn',
      required: true,
    },
    {
      field: 'direction',
      column: 'Direction',
      type: 'enum',
      values: { Eingang: 'IN', Ausgang: 'OUT' },
      required: true,
    },
    money('planShares', 'Plan Shares'),
    money('membershipShares', 'Membership Shares'),
    money('otherPaymentsShare', 'Other Payments Share'),
  ],
};

const otherPayments: TableSpec = {
  collection: 'otherPayments',
  appSheetTable: 'Other Payments',
  keyColumn: 'Other Payment ID',
  changedColumn: CHANGED_COLUMN,
  fields: [
    ref('memberId', 'Member ID'),
    {
      field: 'type',
      column: 'Type',
      type: 'enum',
      values: { [BOOK_DEPOSIT_TYPE]: BOOK_DEPOSIT_TYPE, Buecherkaution: BOOK_DEPOSIT_TYPE },
      allowOtherValues: true,
      required: true,
    },
    {
      field: 'status',
      column: 'Status',
      type: 'enum',
      values: { Aktiv: 'active', Erstattet: 'returned' },
      allowOtherValues: 'warn',
      required: true,
    },
    { field: 'date', column: 'Date', type: 'date', required: true },
    money('amount', 'Amount', { required: true }),
    ref('childId', 'Child ID', false),
    text('comment', 'Comment'),
  ],
};

const quarters: TableSpec = {
  collection: 'quarters',
  appSheetTable: 'Quarters',
  keyColumn: 'Quarter ID',
  changedColumn: CHANGED_COLUMN,
  fields: [
    text('name', 'Name', { required: true }),
    {
      field: 'status',
      column: 'Status',
      type: 'enum',
      values: { ...ACTIVE_STATUS, Geplant: 'planned', Abgeschlossen: 'closed' },
      allowOtherValues: 'warn',
      required: true,
    },
    { field: 'firstDay', column: 'First Day', type: 'date', required: true },
    { field: 'lastDay', column: 'Last Day', type: 'date', required: true },
  ],
  check: (doc) => orderedDays(doc.firstDay as string, doc.lastDay as string, 'quarter'),
};

const teachers: TableSpec = {
  collection: 'teachers',
  appSheetTable: 'Teachers',
  keyColumn: 'Teacher ID',
  changedColumn: CHANGED_COLUMN,
  fields: [text('name', 'Name', { required: true })],
};

const lessons: TableSpec = {
  collection: 'lessons',
  appSheetTable: 'Lessons',
  keyColumn: 'Lesson ID',
  changedColumn: CHANGED_COLUMN,
  fields: [
    text('name', 'Name', { required: true }),
    ref('teacherId', 'Teacher ID', false),
    // Blank hours mean the default of 1 (spec section 9); the client applies it.
    money('hours', 'Hours', {}),
    money('pricePerHour', 'Price Per Hour', { required: true }),
    money('extrasPerQuarter', 'Extras Per Quarter'),
    { field: 'whatsappGroup', column: 'WhatsApp Group', type: 'url' },
  ],
};


const roomHours: TableSpec = {
  collection: 'roomHours',
  appSheetTable: 'Room Hours',
  keyColumn: 'Room Hour ID',
  changedColumn: CHANGED_COLUMN,
  fields: [
    ref('lessonId', 'Lesson ID'),
    {
      field: 'dayOfWeek',
      column: 'Day',
      type: 'enum',
      // "Mo" without the dot is a common way to type it; both are stored as "Mo.".
      values: Object.fromEntries(WEEKDAYS.flatMap((day) => [[day, day], [day.replace('.', ''), day]])),
      required: true,
    },
    text('hourRefLabel', 'Hour', { required: true }),
    text('roomName', 'Room'),
  ],
  check: (doc) => (/^\d/.test(String(doc.hourRefLabel)) ? null : 'hour label must start with a number'),
};

const plans: TableSpec = {
  collection: 'plans',
  appSheetTable: 'Plans',
  keyColumn: 'Plan ID',
  changedColumn: CHANGED_COLUMN,
  fields: [
    ref('childId', 'Child ID'),
    ref('quarterId', 'Quarter ID'),
    ref('lessonId', 'Lesson ID'),
    { field: 'weeks', column: 'Weeks', type: 'integer', required: true },
    { field: 'roomHourIds', column: 'Room Hour IDs', type: 'list' },
    money('paid', 'Paid'),
    money('balance', 'Balance'),
  ],
  check: (doc) => ((doc.weeks as number) < 0 ? 'weeks must not be negative' : null),
};

export const TABLES: Readonly<Record<SyncedCollection, TableSpec>> = {
  members,
  children,
  payments,
  otherPayments,
  quarters,
  teachers,
  lessons,
  roomHours,
  plans,
};

export type { SyncedDocument };
