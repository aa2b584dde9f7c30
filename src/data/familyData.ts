/** What a signed-in parent's session reads (spec section 7), free of React and of the app's setup. */
import type { Child, Lesson, Member, OtherPayment, Payment, Plan, Quarter, RoomHour, Teacher } from '../domain/types';
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
  /** When the last successful sync began (the figures are at least that recent), or null. */
  lastSuccessfulSyncAt: string | null;
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
  lastSuccessfulSyncAt: null,
};

/**
 * The family's documents, then what its plans point to: their lessons and room hours, then the
 * lessons' teachers. What a session reads depends on the family, not on the school's size.
 *
 * Each step waits only for what it needs, as every round trip costs a parent on a phone: the
 * member and its family are read at once by the index entry's memberId, and `onFamily` gets
 * everything but the teachers and room hours, which only the plans page shows, as soon as the
 * lessons are in.
 */
export async function loadFamilyData(queries: Queries, email: string, onFamily?: (family: FamilyData) => void): Promise<FamilyData> {
  // Without a membership nothing else is readable (the rules deny even the reference data).
  const memberId = await queries.memberIdOf(email);
  if (!memberId) return EMPTY;
  const [member, children, payments, otherPayments, quarters, lastSuccessfulSyncAt] = await Promise.all([
    queries.memberById(memberId),
    queries.children(memberId),
    queries.payments(memberId),
    queries.otherPayments(memberId),
    queries.quarters(),
    queries.lastSuccessfulSyncAt(),
  ]);
  if (!member) return EMPTY;
  const plans = await queries.plans(member.id, children.map((child) => child.id));
  const roomHoursRead = queries.roomHours(plans.flatMap((plan) => plan.roomHourIds));
  roomHoursRead.catch(() => undefined); // awaited below; a failed lesson read must not leave it unhandled
  const lessons = await queries.lessons(plans.map((plan) => plan.lessonId));
  const family: FamilyData = { member, children, plans, quarters, payments, otherPayments, lessons, teachers: [], roomHours: [], lastSuccessfulSyncAt };
  onFamily?.(family);
  const [teachers, roomHours] = await Promise.all([
    queries.teachers(lessons.flatMap((lesson) => (lesson.teacherId ? [lesson.teacherId] : []))),
    roomHoursRead,
  ]);
  return { ...family, teachers, roomHours };
}
