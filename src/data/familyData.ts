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
 * Each read waits only for what it needs, as every round trip costs a parent on a phone: the
 * member and its family are read at once by the index entry's memberId; the plans as soon as the
 * children are known (not after the payments, the family's largest collection); `onFamily` gets
 * everything but the teachers and room hours, which only the plans page shows, once the plans'
 * lessons and the rest of the family are in.
 */
export async function loadFamilyData(queries: Queries, email: string, onFamily?: (family: FamilyData) => void): Promise<FamilyData> {
  // Without a membership nothing else is readable (the rules deny even the reference data).
  const memberId = await queries.memberIdOf(email);
  if (!memberId) return EMPTY;
  const memberRead = queries.memberById(memberId);
  const childrenRead = queries.children(memberId);
  const rest = Promise.all([queries.payments(memberId), queries.otherPayments(memberId), queries.quarters(), queries.lastSuccessfulSyncAt()]);
  const plansRead = Promise.all([memberRead, childrenRead]).then(([member, children]) =>
    member ? queries.plans(member.id, children.map((child) => child.id)) : [],
  );
  const roomHoursRead = plansRead.then((plans) => queries.roomHours(plans.flatMap((plan) => plan.roomHourIds)));
  const lessonsRead = plansRead.then((plans) => queries.lessons(plans.map((plan) => plan.lessonId)));
  // Awaited below in turn; one that fails first must not leave the others unhandled.
  for (const read of [rest, roomHoursRead, lessonsRead]) read.catch(() => undefined);
  const [member, children, plans] = await Promise.all([memberRead, childrenRead, plansRead]);
  if (!member) return EMPTY;
  const [lessons, [payments, otherPayments, quarters, lastSuccessfulSyncAt]] = await Promise.all([lessonsRead, rest]);
  const family: FamilyData = { member, children, plans, quarters, payments, otherPayments, lessons, teachers: [], roomHours: [], lastSuccessfulSyncAt };
  onFamily?.(family);
  const [teachers, roomHours] = await Promise.all([
    queries.teachers(lessons.flatMap((lesson) => (lesson.teacherId ? [lesson.teacherId] : []))),
    roomHoursRead,
  ]);
  return { ...family, teachers, roomHours };
}
