/**
 * Notices from the office, lessons cancelled on one date, and absences reported by families: the
 * portal's own records (AppSheet holds none of them), written only by functions.
 *
 * - notices/{noticeId}: what the office sent, to whom, and how many families have read it
 *   (closed to clients; the console reads it through functions).
 * - notice_deliveries/{noticeId}_{memberId}: one per family in the audience when the notice was
 *   sent (so sending costs the audience, not the school), with the texts, the cancellation if
 *   it is one, and when the family first opened it. A family reads its own, newest first.
 * - absences/{absenceId}: a child will miss lessons on a date or a range of dates. A family reads
 *   its own; kept 12 months after the last day, then deleted by a scheduled function.
 */
import * as z from 'zod/mini';
import { MAIL_LANGUAGES } from './api';
import { id } from './columns';
import { checkedText } from './checkedText';

export const NOTICES = 'notices';
export const NOTICE_DELIVERIES = 'notice_deliveries';
export const ABSENCES = 'absences';
/** absence_mail_days/{YYYY-MM-DD}: the office's daily absence e-mail for that day was sent (created once). */
export const ABSENCE_MAIL_DAYS = 'absence_mail_days';

/**
 * notice_mail_days/{YYYY-MM-DD}: how many notice e-mails were written that school day (`mails`, the
 * daily budget's counter) and how often the office closed the school that day (`closures`).
 */
export const NOTICE_MAIL_DAYS = 'notice_mail_days';
/** notice_mail_queue/{noticeId}: a notice whose e-mails wait for the next day's budget. */
export const NOTICE_MAIL_QUEUE = 'notice_mail_queue';

/** The document id of a family's copy of a notice. */
export const deliveryId = (noticeId: string, memberId: string) => `${noticeId}_${memberId}`;

/** Absences are deleted this many months after their last day. */
export const ABSENCE_RETENTION_MONTHS = 12;
/** A lesson may be cancelled up to this many days back (to correct) and ahead. */
export const CANCELLATION_WINDOW_DAYS = 180;

const day = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a day YYYY-MM-DD'));

export const MAX_NOTICE_TITLE = 120;
export const MAX_NOTICE_BODY = 5000;
// oxlint-disable-next-line no-control-regex -- finding control characters is the point of this pattern
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * A notice in one language: a one-line title and a plain-text body (line breaks kept; links
 * become links where it is shown). Both are shown and mailed escaped, never as HTML.
 */
export const noticeTextSchema = z.strictObject({
  title: z.string().check(
    z.trim(),
    z.minLength(1, 'must not be empty'),
    z.maxLength(MAX_NOTICE_TITLE),
    z.refine((value) => !CONTROL_BUT_LINE_BREAKS.test(value) && !value.includes('\n'), 'must be one line without control characters'),
  ),
  body: z.string().check(
    z.trim(),
    z.minLength(1, 'must not be empty'),
    z.maxLength(MAX_NOTICE_BODY),
    z.refine((value) => !CONTROL_BUT_LINE_BREAKS.test(value.replace(/\r\n/g, '\n')), 'must not contain control characters other than line breaks'),
  ),
});
export type NoticeText = z.infer<typeof noticeTextSchema>;
export type NoticeLanguage = (typeof MAIL_LANGUAGES)[number];
/** The texts by language, at least one; `languages` keeps the order the office gave them in. */
export type NoticeTexts = Partial<Record<NoticeLanguage, NoticeText>>;

export const NOTICE_AUDIENCE_KINDS = ['all', 'lessons', 'family'] as const;
/**
 * Who a notice is for, as the office chose it:
 * - all: every active family with a portal account;
 * - lessons: the families with a child enrolled in one of these lessons of the current quarter;
 * - family: one family.
 */
export const noticeAudienceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('all') }),
  z.strictObject({ kind: z.literal('lessons'), lessonIds: z.array(id.check(z.maxLength(100))).check(z.minLength(1), z.maxLength(30)) }),
  z.strictObject({ kind: z.literal('family'), memberId: id.check(z.maxLength(100)) }),
]);
export type NoticeAudience = z.infer<typeof noticeAudienceSchema>;

/**
 * Whom a notice went to, as the console lists it: the office's choice, or, for a day the school
 * is closed, every family with a lesson that day (closeSchool resolves it; nobody sends it).
 */
export const sentAudienceSchema = z.union([noticeAudienceSchema, z.strictObject({ kind: z.literal('day'), date: day })]);
export type SentAudience = z.infer<typeof sentAudienceSchema>;

const noticeTextsSchema = z
  .strictObject({ de: z.optional(noticeTextSchema), en: z.optional(noticeTextSchema), ru: z.optional(noticeTextSchema) })
  .check(z.refine((texts) => Object.values(texts).some(Boolean), 'at least one language is required'));

/**
 * One send the office means, whatever the number of attempts: the console makes a key
 * (crypto.randomUUID()) when the form is filled and sends it with every attempt of that send (a
 * retry after a timeout, a second click). The same key from the same admin is the same notice:
 * the first answer again, nothing written or sent twice.
 */
export const sendKeySchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{8,100}$/, 'expected 8 to 100 letters, digits, - or _'));

/** sendNotice (office). The languages' order in the body is the order of preference. */
export const sendNoticeBody = z.strictObject({ texts: noticeTextsSchema, audience: noticeAudienceSchema, idempotencyKey: sendKeySchema });
export type SendNoticeBody = z.input<typeof sendNoticeBody>;

/** cancelLesson (office): one lesson on one date, optionally one of its room hours only. */
export const cancelLessonBody = z.strictObject({
  lessonId: id.check(z.maxLength(100)),
  date: day,
  roomHourId: z.optional(id.check(z.maxLength(100))),
  reason: checkedText('lessonCancelledReason').check(z.minLength(1, 'must not be empty')),
  idempotencyKey: sendKeySchema,
});
export type CancelLessonBody = z.input<typeof cancelLessonBody>;

/** A closure of a date withdrawn less than this long ago: closing it again asks before e-mailing the families again. */
export const CLOSURE_RESEND_HOURS = 24;

/**
 * closeSchool (office): every lesson on one date cancelled at short notice (snow, a strike, a burst
 * pipe), one notice to each family with a lesson that day. A cancellation whose lessonId is null.
 * `resendMails`: the office's answer when a closure of that date was withdrawn within
 * CLOSURE_RESEND_HOURS (the families were e-mailed about it): true e-mails them again, false
 * closes the school without e-mails; without it, such a closure is refused with
 * closure-resend-unconfirmed.
 */
export const closeSchoolBody = z.strictObject({
  date: day,
  reason: checkedText('lessonCancelledReason').check(z.minLength(1, 'must not be empty')),
  idempotencyKey: sendKeySchema,
  resendMails: z.optional(z.boolean()),
});
export type CloseSchoolBody = z.input<typeof closeSchoolBody>;

/** withdrawNotice (office): a notice or a cancellation; a withdrawn cancellation restores the lesson. */
export const withdrawNoticeBody = z.strictObject({ noticeId: id.check(z.maxLength(100)) });
/** markNoticeRead (member): the family has opened it. */
export const markNoticeReadBody = z.strictObject({ noticeId: id.check(z.maxLength(100)) });
/** markNoticeRead's answer: when the family first opened it (a second call answers the same instant). */
export const markNoticeReadAnswer = z.object({ data: z.object({ noticeId: id, readAt: z.string() }) });

export const cancellationSchema = z.object({
  /** Null: the school is closed that day, every lesson on that date is cancelled (closeSchool). */
  lessonId: z.nullable(id),
  /** Empty when the school is closed. */
  lessonName: z.string(),
  date: day,
  /** Null: every room hour of the lesson on that date. */
  roomHourId: z.nullable(z.string()),
  reason: z.string(),
});
export type Cancellation = z.infer<typeof cancellationSchema>;

export const NOTICE_KINDS = ['notice', 'cancellation'] as const;

/** notice_deliveries/{noticeId}_{memberId}: a family's copy, as the dashboard and plans page read it. */
export const noticeDeliverySchema = z.object({
  noticeId: id,
  memberId: id,
  kind: z.enum(NOTICE_KINDS),
  /** ISO instant. */
  sentAt: z.string(),
  texts: z.partialRecord(z.enum(MAIL_LANGUAGES), noticeTextSchema),
  languages: z.array(z.enum(MAIL_LANGUAGES)),
  cancellation: z.nullable(cancellationSchema),
  /** When the family first opened it (ISO instant), null while unread. */
  readAt: z.nullable(z.string()),
});
export type NoticeDelivery = z.infer<typeof noticeDeliverySchema>;

/**
 * A notice's e-mails so far: `sent` written, `held` waiting for the next day because the school's
 * daily budget of notice e-mails (`budget`, that day's) was used up. Cancellations are counted
 * against the budget but never held.
 */
export const noticeMailsSchema = z.object({ sent: z.int(), held: z.int(), budget: z.int() });
export type NoticeMails = z.infer<typeof noticeMailsSchema>;

/** The console's row of a notice: its text, audience, and "read by `reads` of `recipients` families". */
export const officeNoticeSchema = z.object({
  id,
  kind: z.enum(NOTICE_KINDS),
  sentAt: z.string(),
  sentBy: z.string(),
  texts: z.partialRecord(z.enum(MAIL_LANGUAGES), noticeTextSchema),
  languages: z.array(z.enum(MAIL_LANGUAGES)),
  audience: sentAudienceSchema,
  cancellation: z.nullable(cancellationSchema),
  recipients: z.int(),
  reads: z.int(),
  withdrawnAt: z.nullable(z.string()),
  withdrawnBy: z.nullable(z.string()),
  /**
   * Null until its e-mails were counted (none to send, or sent before the budget); an answer
   * without it (functions from before it, while a deploy is under way) reads as null.
   */
  mails: z._default(z.nullable(noticeMailsSchema), null),
});
export type OfficeNotice = z.infer<typeof officeNoticeSchema>;
export const officeNoticeAnswer = z.object({ data: officeNoticeSchema });
/** listNotices (office): newest first, a page at a time. */
export const noticesQuery = z.strictObject({ after: z.optional(id.check(z.maxLength(100))) });
export const NOTICE_PAGE_LENGTH = 50;
export const noticesAnswer = z.object({ data: z.object({ notices: z.array(officeNoticeSchema), next: z.nullable(z.string()) }) });

/** reportAbsence (member): one child, the lessons it will miss (its current plans'), a day or a range. */
export const reportAbsenceBody = z.strictObject({
  childId: id.check(z.maxLength(100)),
  lessonIds: z.array(id.check(z.maxLength(100))).check(z.minLength(1), z.maxLength(10)),
  from: day,
  to: day,
  reason: z.optional(checkedText('absenceReason')),
});
export type ReportAbsenceBody = z.input<typeof reportAbsenceBody>;
export const withdrawAbsenceBody = z.strictObject({ absenceId: id.check(z.maxLength(100)) });
export const withdrawAbsenceAnswer = z.object({ success: z.literal(true) });

/** absences/{absenceId}: as the family (and the office's list) read it. */
export const absenceSchema = z.object({
  memberId: id,
  childId: id,
  lessonIds: z.array(id),
  from: day,
  to: day,
  reason: z.string(),
  /** ISO instant, and the parent's address that reported it. */
  reportedAt: z.string(),
  reportedBy: z.string(),
});
export type Absence = z.infer<typeof absenceSchema>;
/**
 * reportAbsence's answer: the report as stored. `merged`: the days went into the child's open
 * report of the same lessons that they overlap or touch (its id, its days widened), not a new
 * one; `absorbed`: the family's other reports that the widened one now covers, deleted.
 */
export const absenceAnswer = z.object({ data: z.object({ id, ...absenceSchema.shape }), merged: z.boolean(), absorbed: z.array(id) });


/** listAbsences (office): from a day (default today, school's clock) for some days. */
export const absencesQuery = z.strictObject({
  from: z.optional(day),
  days: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(14)), 7),
});
/** Per day, per lesson: the children who will be missing (the list a teacher needs at the door). */
export const absenceListSchema = z.object({
  from: day,
  days: z.array(
    z.object({
      date: day,
      lessons: z.array(
        z.object({
          lessonId: id,
          lessonName: z.string(),
          children: z.array(z.object({ absenceId: id, childId: id, childName: z.string(), familyName: z.string(), reason: z.string() })),
        }),
      ),
    }),
  ),
});
export type AbsenceList = z.infer<typeof absenceListSchema>;
export const absencesAnswer = z.object({ data: absenceListSchema });
