/**
 * The office's half of the console: who has a portal account, invitations, and a
 * family's screens seen read-only. Active admins only; every answer is parsed by the web app.
 */
import * as z from 'zod/mini';
import { calendarClosedDaySchema } from './calendar';
import { DOCUMENT_SCHEMAS, familyTimetableSchema } from './documents';
import { MAIL_LANGUAGES } from './api';
import { NOTICE_KINDS } from './notices';

/** One document per invited member: when, by whom, how often (server-only). */
export const INVITATIONS = 'invitations';
/** One document per family an admin opened read-only (server-only). */
export const ADMIN_AUDIT = 'admin_audit';

/** At most one invitation per member in this many days, and this many a day per school. */
export const INVITATION_INTERVAL_DAYS = 30;
export const INVITATIONS_PER_DAY = 500;

/** A member's portal account: one whose address the index resolves to the member, verified or not, or none. */
export const ACCOUNT_STATES = ['verified', 'unverified', 'none'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

export const MEMBER_SORTS = ['memberId', 'name', 'email', 'lastInvitedAt'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

/** The members table's filter, sort and page, as query parameters. */
export const accountsQuery = z.strictObject({
  account: z._default(z.enum([...ACCOUNT_STATES, 'all']), 'none'),
  /** Part of the member id, the name or the address, any case. */
  search: z._default(z.string().check(z.trim(), z.maxLength(100)), ''),
  /** Only members never invited. */
  notInvited: z._default(z.enum(['true', 'false']), 'false'),
  sort: z._default(z.enum(MEMBER_SORTS), 'memberId'),
  direction: z._default(z.enum(['asc', 'desc']), 'asc'),
  offset: z._default(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(100_000)), 0),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 50),
});
export type AccountsQuery = z.output<typeof accountsQuery>;

export const memberRowSchema = z.object({
  memberId: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.string(),
  account: z.enum(ACCOUNT_STATES),
  /** The index refuses the address: another member row gives it too. */
  duplicate: z.boolean(),
  lastInvitedAt: z.nullable(z.string()),
  invitations: z.int(),
});
export type MemberRow = z.infer<typeof memberRowSchema>;

export const accountsOverviewSchema = z.object({
  /** Members per status word, as the office writes it ("active", "inactive", …). */
  byStatus: z.record(z.string(), z.int()),
  /** Of the active members. */
  active: z.object({ verified: z.int(), unverified: z.int(), none: z.int() }),
  /** Addresses more than one member row gives, with those members: fixed in AppSheet. */
  duplicates: z.array(z.object({ email: z.string(), memberIds: z.array(z.string()) })),
  /**
   * Parents who get each e-mail: who turned it on; for lessonCancelled, on unless turned off, the
   * verified accounts of active members less the parents who turned it off.
   */
  mailChoices: z.object({ paymentDue: z.int(), paymentReceived: z.int(), cancellationConfirmed: z.int(), bookingDecided: z.int(), notices: z.int(), lessonCancelled: z.int() }),
  invitationsToday: z.object({ sent: z.int(), limit: z.int() }),
});
export type AccountsOverview = z.infer<typeof accountsOverviewSchema>;

export const accountsAnswer = z.object({
  data: z.object({
    overview: accountsOverviewSchema,
    rows: z.array(memberRowSchema),
    total: z.int(),
    offset: z.int(),
    limit: z.int(),
  }),
});
export type AccountsPage = z.infer<typeof accountsAnswer>['data'];

export const accountsCsvAnswer = z.object({ data: z.object({ csv: z.string(), rows: z.int() }) });

/** Who to invite: chosen members, or every active member without an account not yet invited. */
export const inviteMembersBody = z.strictObject({
  memberIds: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(100))).check(z.minLength(1), z.maxLength(500))),
  allNotInvited: z.optional(z.literal(true)),
  /** The office's language: the invitation's first part. */
  language: z.enum(MAIL_LANGUAGES),
});
export type InviteMembersBody = z.input<typeof inviteMembersBody>;

export const INVITATION_SKIPS = ['has-account', 'invited-recently', 'duplicate-address', 'not-found', 'inactive', 'daily-limit'] as const;
export type InvitationSkip = (typeof INVITATION_SKIPS)[number];

export const invitationResultSchema = z.object({
  sent: z.array(z.string()),
  skipped: z.array(z.object({ memberId: z.string(), reason: z.enum(INVITATION_SKIPS) })),
});
export type InvitationResult = z.infer<typeof invitationResultSchema>;
export const inviteMembersAnswer = z.object({ data: invitationResultSchema });

export const viewFamilyBody = z.strictObject({ memberId: z.string().check(z.minLength(1), z.maxLength(100)) });

/** A family's documents as the parent's session reads them (web app, src/data/familyData.ts). */
export const familyViewAnswer = z.object({
  data: z.object({
    member: DOCUMENT_SCHEMAS.members,
    children: z.array(DOCUMENT_SCHEMAS.children),
    plans: z.array(DOCUMENT_SCHEMAS.plans),
    quarters: z.array(DOCUMENT_SCHEMAS.quarters),
    payments: z.array(DOCUMENT_SCHEMAS.payments),
    otherPayments: z.array(DOCUMENT_SCHEMAS.otherPayments),
    timetable: familyTimetableSchema,
    lastSuccessfulSyncAt: z.nullable(z.string()),
    /** The school's closed days of the quarters not over (calendar.ts), as the parent reads them. */
    closedDays: z.array(calendarClosedDaySchema),
  }),
});
export type FamilyViewData = z.infer<typeof familyViewAnswer>['data'];

/**
 * Whom a notice went to, as the audit log names it: the lessons' and the family's names as they
 * were when it was sent, so that the entry still reads right after the records change.
 */
export const auditAudienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('lessons'), lessonNames: z.array(z.string()) }),
  z.object({ kind: z.literal('family'), memberId: z.string(), memberName: z.string() }),
  /** The families with a lesson on a day the office closed the school. */
  z.object({ kind: z.literal('day'), date: z.string() }),
]);
export type AuditAudience = z.infer<typeof auditAudienceSchema>;

/** What the log keeps of a notice sent or withdrawn: its kind, its title in its first language, whom and how many families. */
const auditNotice = {
  noticeId: z.string(),
  noticeKind: z.enum(NOTICE_KINDS),
  title: z.string(),
  audience: auditAudienceSchema,
  recipients: z.int(),
};

/** What happened on a waiting list: joined, left, a place offered, taken, passed (turned down), run out, moved up, taken off. */
export const WAITING_LIST_STEPS = ['joined', 'left', 'offered', 'taken', 'passed', 'expired', 'movedUp', 'removed'] as const;
export type WaitingListStep = (typeof WAITING_LIST_STEPS)[number];

/**
 * The audit log, newest first: each time an admin saw members' data (a family's screens, or the
 * members table downloaded as CSV with the addresses of `rows` members), and each notice or
 * cancelled lesson the office sent or withdrew.
 */
export const auditEntrySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('familyView'), id: z.string(), adminEmail: z.string(), at: z.string(), memberId: z.string(), memberName: z.string() }),
  z.object({ kind: z.literal('accountsCsv'), id: z.string(), adminEmail: z.string(), at: z.string(), rows: z.int() }),
  z.object({ kind: z.literal('noticeSent'), id: z.string(), adminEmail: z.string(), at: z.string(), ...auditNotice }),
  z.object({ kind: z.literal('noticeWithdrawn'), id: z.string(), adminEmail: z.string(), at: z.string(), ...auditNotice }),
  /**
   * A step of a waiting list (docs/booking.md): `adminEmail` is who took it (a parent's or the
   * office's address), blank for the portal's own steps (an offer made or run out).
   */
  z.object({
    kind: z.literal('waitingList'),
    id: z.string(),
    adminEmail: z.string(),
    at: z.string(),
    step: z.enum(WAITING_LIST_STEPS),
    requestId: z.string(),
    childId: z.string(),
    lessonId: z.string(),
    roomHourIds: z.array(z.string()),
    note: z.nullable(z.string()),
  }),
]);
export type AuditEntry = z.infer<typeof auditEntrySchema>;
/** Entries per page. */
export const AUDIT_LOG_LENGTH = 50;
/** The next page starts after the entry with this id (the previous page's `next`). */
export const auditLogQuery = z.strictObject({ after: z.optional(z.string().check(z.minLength(1), z.maxLength(100))) });
export const auditLogAnswer = z.object({ data: z.object({ entries: z.array(auditEntrySchema), next: z.nullable(z.string()) }) });
export type AuditLogPage = z.infer<typeof auditLogAnswer>['data'];
