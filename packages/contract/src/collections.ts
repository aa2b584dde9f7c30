/**
 * The office collects what families owe by SEPA direct debit: a collection run finds the families
 * with an active mandate who owe money, announces each amount and date to the family (the
 * pre-notification), and becomes the bank's file (pain.008). Each debit is a row of the optional
 * AppSheet table Direct Debits, mirrored to `debits`, which a family reads for its own; the run
 * itself is `collection_runs/{runId}`, the office's alone. docs/payments.md says what each sees.
 */
import * as z from 'zod/mini';
import { date, decimal, defineTable, id, oneOf, ref, required, text } from './columns';
import { isCalendarDay } from './collectionDates';

/** The office's words for a debit's status, and what the portal stores. */
export const DEBIT_STATUS_WORDS = {
  Angekündigt: 'announced',
  Eingereicht: 'filed',
  Zurückgegeben: 'returned',
  /** The office took the family out of the run before the file was made (it paid by transfer). */
  Zurückgezogen: 'withdrawn',
} as const;
export type DebitStatus = (typeof DEBIT_STATUS_WORDS)[keyof typeof DEBIT_STATUS_WORDS];
export const debitStatusWord = (status: DebitStatus): string =>
  Object.entries(DEBIT_STATUS_WORDS).find(([, stored]) => stored === status)?.[0] as string;

/**
 * Reason codes a bank returns a SEPA direct debit with (EPC guidance on R-transactions, the ISO
 * 20022 ExternalStatusReason1Code list). The portal names the common ones; any other code of
 * four capitals is taken as the bank gave it.
 */
export const RETURN_REASONS = ['AC01', 'AC04', 'AC06', 'AG01', 'AM04', 'AM05', 'MD01', 'MD02', 'MD06', 'MD07', 'MS02', 'MS03', 'RR01', 'RR04', 'SL01'] as const;
export const returnReason = z.string().check(z.regex(/^[A-Z0-9]{4}$/, 'expected the bank\'s reason code: four capitals or digits, such as AC04 or MD01'));

/**
 * After these a mandate must not be used again until the family confirms it: MD01 (no mandate
 * or it was revoked) and MD06 (the payer claimed a refund). EPC016-06 PT-04.23 / PT-04.24.
 */
export const SUSPENDING_REASONS: readonly string[] = ['MD01', 'MD06'];

/** The office's Direct Debits table: one row per debit of a collection run, never reused. */
export const debitsTable = defineTable({
  collection: 'debits',
  appSheetTable: 'Direct Debits',
  keyColumn: 'End To End ID',
  optional: { feature: 'direct debit collections', doc: 'payments.md', gives: 'to collect what families owe by direct debit' },
  columns: {
    runId: required(text('Run ID')),
    memberId: required(ref('Member ID')),
    mandateReference: required(text('Mandate Reference')),
    /** Euros, as AppSheet keeps a Decimal; the portal counts in cents (debitCents). */
    amount: required(decimal('Amount')),
    collectionDate: required(date('Collection Date')),
    status: required(oneOf('Status', DEBIT_STATUS_WORDS)),
    returnReason: text('Return Reason'),
  },
  check: (debit) => {
    const cents = debit.amount * 100;
    if (!(debit.amount > 0) || Math.abs(cents - Math.round(cents)) > 1e-6) return 'the amount must be positive, in euros and cents';
    if (debit.status === 'returned' && !debit.returnReason) return 'a returned debit needs the bank\'s reason code';
    if (debit.returnReason !== null && !/^[A-Z0-9]{4}$/.test(debit.returnReason)) return 'the return reason must be the bank\'s code: four capitals or digits, such as AC04';
    return null;
  },
});
export type Debit = z.infer<typeof debitsTable.schema>;

/**
 * Why a collection call was refused, in the error's data (`{ reason, … }`), so that the console
 * says it in the office's language: a date too soon or on a closing day (with `earliest`, and
 * `days` of notice), nobody left to collect from, a file made after the bank's last day (`date`),
 * every family taken out, a mandate no longer active or a family abroad without its address
 * (`reference`, `memberId`), a run already filed, a return of a debit never filed.
 */
export const COLLECTION_REFUSALS = ['too-soon', 'not-a-business-day', 'nobody-left', 'file-too-late', 'all-taken-out', 'mandate-inactive', 'address-needed', 'run-filed', 'not-filed'] as const;
export type CollectionRefusal = (typeof COLLECTION_REFUSALS)[number];

/** collection_runs/{runId}: a run as the office's console reads it. */
export const COLLECTION_RUNS = 'collection_runs';
export const collectionRunSchema = z.object({
  id,
  collectionDate: z.string(),
  status: z.enum(['announced', 'filed']),
  /** What the bank's file says to each family: "Kursgebühren 2026 Q4". */
  purpose: z.string(),
  debitCount: z.int(),
  totalCents: z.int(),
  announcedAt: z.string(),
  announcedBy: z.string(),
  filedAt: z.nullable(z.string()),
  /** The file's MsgId, fixed when it is first created: a file created again is the same file. */
  messageId: z.nullable(z.string()),
});
export type CollectionRun = z.infer<typeof collectionRunSchema>;

const collectionDate = z.string().check(z.refine(isCalendarDay, 'expected a calendar day YYYY-MM-DD'));
const idempotencyKey = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,100}$/, 'expected 8 to 100 letters, digits, - or _'));

/** POST previewCollection: who would be collected on this date, and how much. */
export const previewCollectionBody = z.strictObject({ collectionDate });

/** POST announceCollection: freeze the amounts and tell each family. */
export const announceCollectionBody = z.strictObject({
  collectionDate,
  /** The bank statement's text before the family's name: "Kursgebühren 2026 Q4". */
  purpose: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
  /** Families the office leaves out of this run. */
  leaveOut: z.array(id).check(z.maxLength(5000)),
  idempotencyKey,
});

/** POST fileCollection: the bank's file of an announced run; the run is filed and cannot change after. */
export const fileCollectionBody = z.strictObject({ runId: id });

/** POST removeFromCollection: a family that paid by transfer before the date leaves an announced run. */
export const removeFromCollectionBody = z.strictObject({ runId: id, memberId: id });

/** POST recordDebitReturn: the bank returned a debit, with its reason code. */
export const recordDebitReturnBody = z.strictObject({ endToEndId: id, reason: returnReason });

/** POST confirmMandate: the family confirms a suspended mandate, and direct debit resumes. */
export const confirmMandateBody = z.strictObject({ mandateReference: z.string().check(z.minLength(1), z.maxLength(35)) });

/** A family a run would collect from, as previewCollection lists it. */
export const collectionCandidateSchema = z.object({
  memberId: id,
  name: z.string(),
  amountCents: z.int(),
  mandateReference: z.string(),
  ibanMasked: z.string(),
  /** The open run the family is in already: it cannot be in another. */
  openRunId: z.nullable(z.string()),
});
export type CollectionCandidate = z.infer<typeof collectionCandidateSchema>;

export const previewCollectionAnswer = z.object({
  data: z.object({ collectionDate: z.string(), earliest: z.string(), preNotificationDays: z.int(), families: z.array(collectionCandidateSchema) }),
});
export const collectionRunAnswer = z.object({ data: z.object({ run: collectionRunSchema }) });
export const collectionFileAnswer = z.object({ data: z.object({ fileName: z.string(), xml: z.string(), run: collectionRunSchema }) });
export const debitAnswer = z.object({ data: debitsTable.schema });
