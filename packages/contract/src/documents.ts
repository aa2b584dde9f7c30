/**
 * The nine synced documents as Firestore holds them (spec section 3; design §3): what the sync
 * writes and what the web app reads. Days are "YYYY-MM-DD", instants ISO-8601 in UTC.
 * The sync's own bookkeeping fields (`_hash`, `_syncedAt`, `_lastChanged`) are not part of the
 * contract and are dropped when a document is parsed.
 *
 * zod/mini keeps the web app's bundle small: these schemas are parsed on every read.
 */
import * as z from 'zod/mini';
import { PAYMENT_DIRECTIONS } from './rules';

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a day YYYY-MM-DD'));
const instant = z.iso.datetime({ offset: true });
const id = z.string().check(z.minLength(1));
/** A field the sync writes as null when the cell is blank; older documents may lack it. */
const blank = <T extends z.ZodMiniType>(schema: T) => z._default(z.nullable(schema), null);
const text = blank(z.string());
const amount = z.number().check(z.refine(Number.isFinite, 'expected a finite number'));
const money = z._default(amount, 0);

export const memberSchema = z.object({
  id,
  primaryName: z.string(),
  secondaryName: text,
  primaryEmail: z.string(),
  phone: text,
  phone2: text,
  address: text,
  /** `active`, or the office's own word for any other status. */
  status: z.string(),
  type: text,
  membershipStartsAt: blank(day),
  membershipEndsAt: blank(day),
  cancellationRequested: z._default(z.boolean(), false),
  cancellationRequestedAt: blank(instant),
  cancellationReason: text,
  balance: money,
  childrenBalance: money,
  membershipBalance: money,
});

export const childSchema = z.object({
  id,
  memberId: id,
  name: z.string(),
  birthday: blank(day),
  age: blank(z.int()),
  class: text,
  notes: text,
  createdAt: blank(instant),
  status: z.string(),
});

export const quarterSchema = z.object({
  id,
  name: z.string(),
  /** active, planned, closed, or the office's own word. */
  status: z.string(),
  firstDay: day,
  lastDay: day,
});

export const planSchema = z.object({
  id,
  /** The family the plan belongs to (through its child); the rules grant reads by it. */
  memberId: id,
  childId: id,
  quarterId: id,
  lessonId: id,
  weeks: z.int().check(z.nonnegative()),
  roomHourIds: z._default(z.array(z.string()), []),
  paid: money,
  balance: money,
});

export const lessonSchema = z.object({
  id,
  name: z.string(),
  teacherId: text,
  /** Blank means the default of 1 hour (spec section 9), applied by the web app. */
  hours: blank(amount),
  pricePerHour: amount,
  extrasPerQuarter: money,
  whatsappGroup: text,
});

export const teacherSchema = z.object({ id, name: z.string() });

export const roomHourSchema = z.object({
  id,
  lessonId: id,
  /** One of WEEKDAYS, or the office's own text. */
  dayOfWeek: z.string(),
  hourRefLabel: z.string(),
  roomName: text,
});

export const paymentSchema = z.object({
  id,
  memberId: id,
  date: day,
  amount,
  balance: money,
  comment: text,
  /** One of PAYMENT_TYPES, or the office's own word for a type the contract does not know. */
  type: z.string(),
  direction: z.enum(PAYMENT_DIRECTIONS),
  planShares: money,
  membershipShares: money,
  otherPaymentsShare: money,
});

export const otherPaymentSchema = z.object({
  id,
  memberId: id,
  /** BOOK_DEPOSIT_TYPE for book deposits; other types as the office typed them. */
  type: z.string(),
  /** active, returned, or the office's own word. */
  status: z.string(),
  date: day,
  amount,
  childId: text,
  comment: text,
});

export type Member = z.infer<typeof memberSchema>;
export type Child = z.infer<typeof childSchema>;
export type Quarter = z.infer<typeof quarterSchema>;
export type Plan = z.infer<typeof planSchema>;
export type Lesson = z.infer<typeof lessonSchema>;
export type Teacher = z.infer<typeof teacherSchema>;
export type RoomHour = z.infer<typeof roomHourSchema>;
export type Payment = z.infer<typeof paymentSchema>;
export type OtherPayment = z.infer<typeof otherPaymentSchema>;

/** The nine synced collections, in the order a sync settles them. */
export const SYNCED_COLLECTIONS = ['members', 'children', 'payments', 'otherPayments', 'quarters', 'teachers', 'lessons', 'roomHours', 'plans'] as const;
export type SyncedCollection = (typeof SYNCED_COLLECTIONS)[number];

/** Each synced collection and the schema of its documents (the document id is the `id` field). */
export const DOCUMENT_SCHEMAS = {
  members: memberSchema,
  children: childSchema,
  payments: paymentSchema,
  otherPayments: otherPaymentSchema,
  quarters: quarterSchema,
  teachers: teacherSchema,
  lessons: lessonSchema,
  roomHours: roomHourSchema,
  plans: planSchema,
} as const satisfies Record<SyncedCollection, z.ZodMiniType>;
