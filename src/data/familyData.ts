/** What a signed-in parent's session reads (spec section 7), free of React and of the app's setup. */
import type { Child, Lesson, Member, OtherPayment, Payment, Plan, Quarter, RoomHour, Teacher } from '../domain/types';
import type { CalendarClosedDay, FamilyTimetable } from '@family-portal/contract';
import type { FamilyAbsence } from '../domain/absences';
import type { NoticeDelivery } from '../domain/notices';
import { CORRESPONDENCE_REFUSED } from './notices';
import type { Queries } from './queries';

export interface FamilyData {
  member: Member | null;
  children: Child[];
  plans: Plan[];
  quarters: Quarter[];
  payments: Payment[];
  otherPayments: OtherPayment[];
  lessons: Lesson[];
  teachers: Teacher[];
  roomHours: RoomHour[];
  /** The family's newest notices from the office (at most DASHBOARD_NOTICES), newest first. */
  notices: NoticeDelivery[];
  /** The family's cancelled lessons, newest first (the plans page marks them beside the course). */
  cancellations: NoticeDelivery[];
  /** The absences the family reported, by first day. */
  absences: FamilyAbsence[];
  /** When the last successful sync began (the figures are at least that recent), or null. */
  lastSuccessfulSyncAt: string | null;
  /** The school's closed days of the quarters not yet over, in date order; null when not known. */
  closedDays: CalendarClosedDay[] | null;
}

export const EMPTY: FamilyData = {
  member: null,
  children: [],
  plans: [],
  quarters: [],
  payments: [],
  otherPayments: [],
  lessons: [],
  teachers: [],
  roomHours: [],
  notices: [],
  cancellations: [],
  absences: [],
  lastSuccessfulSyncAt: null,
  closedDays: null,
};

/** The family's correspondence with the office: its notices, cancelled lessons and absence reports. */
export type Correspondence = Pick<FamilyData, 'notices' | 'cancellations' | 'absences'>;

/**
 * The family's figures in two round trips, whatever the school's size: the e-mail index entry
 * says which member the parent is; then everything at once by that member id: the member, its
 * children, plans, payments, book deposits, the quarters, the family's timetable (the lessons,
 * room hours and teachers its plans point to, which the sync copies into one document), the
 * school's closed days (a document per quarter not over). Every
 * round trip costs a parent on a phone; none of these waits for another.
 *
 * With `withCorrespondence`, the notices, cancelled lessons and absences in the same round trip
 * (from this device's cache, where they cost nothing); from the server they are read after the
 * figures are shown (loadCorrespondence), so that the dashboard is not held up by them.
 */
export async function loadFamilyData(queries: Queries, email: string, { withCorrespondence = false } = {}): Promise<FamilyData> {
  // Without a membership nothing else is readable (the rules deny even the quarters).
  const memberId = await queries.memberIdOf(email);
  if (!memberId) return EMPTY;
  const [member, children, plans, payments, otherPayments, quarters, timetable, lastSuccessfulSyncAt, closedDays, correspondence] = await Promise.all([
    queries.memberById(memberId),
    queries.children(memberId),
    queries.plans(memberId),
    queries.payments(memberId),
    queries.otherPayments(memberId),
    queries.quarters(),
    queries.timetable(memberId),
    queries.lastSuccessfulSyncAt(),
    queries.closedDays(),
    withCorrespondence ? loadCorrespondence(queries, memberId).catch(noneWhenRefused) : undefined,
  ]);
  if (!member) return EMPTY;
  return familyOf({ member, children, plans, payments, otherPayments, quarters, timetable, lastSuccessfulSyncAt, closedDays, ...correspondence });
}

/** With the figures, a membership that ended shows no correspondence (the cache, read this way, never refuses). */
function noneWhenRefused(error: unknown): Correspondence {
  if (error instanceof Error && error.message === CORRESPONDENCE_REFUSED) return { notices: [], cancellations: [], absences: [] };
  throw error;
}

/**
 * The family's notices, cancelled lessons and absence reports, in one round trip. Rejects with
 * CORRESPONDENCE_REFUSED when the rules refuse them (the membership has ended).
 */
export async function loadCorrespondence(queries: Queries, memberId: string): Promise<Correspondence> {
  const [notices, cancellations, absences] = await Promise.all([queries.notices(memberId), queries.cancellations(memberId), queries.absences(memberId)]);
  return { notices, cancellations, absences };
}

/** What the family's own reads add to what an admin's view of the family holds. */
type OwnReads = 'notices' | 'cancellations' | 'absences';

/**
 * The family as the screens read it, from its documents (the parent's own reads, or an admin's
 * view of the family, which the function answers in the same shape, without the notices and
 * absences: those are the family's own correspondence with the office).
 */
export function familyOf(parts: Omit<FamilyData, 'lessons' | 'teachers' | 'roomHours' | OwnReads> & Partial<Pick<FamilyData, OwnReads>> & { member: Member; timetable: FamilyTimetable }): FamilyData {
  const { timetable, notices = [], cancellations = [], absences = [], ...family } = parts;
  // A plan is the family's through its child (spec section 7): one of a child no longer listed is not shown.
  const childIds = new Set(family.children.map((child) => child.id));
  return { ...family, plans: family.plans.filter((plan) => childIds.has(plan.childId)), ...timetable, notices, cancellations, absences };
}
