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
};

/**
 * The family's documents, then what its plans point to: their lessons and room hours, then the
 * lessons' teachers. What a session reads depends on the family, not on the school's size.
 */
export async function loadFamilyData(queries: Queries, email: string): Promise<FamilyData> {
  // Without a membership nothing else is readable (the rules deny even the reference data).
  const member = await queries.member(email);
  if (!member) return EMPTY;
  const [children, payments, otherPayments, quarters] = await Promise.all([
    queries.children(member.id),
    queries.payments(member.id),
    queries.otherPayments(member.id),
    queries.quarters(),
  ]);
  const plans = await queries.plans(member.id, children.map((child) => child.id));
  const [lessons, roomHours] = await Promise.all([
    queries.lessons(plans.map((plan) => plan.lessonId)),
    queries.roomHours(plans.flatMap((plan) => plan.roomHourIds)),
  ]);
  const teachers = await queries.teachers(lessons.flatMap((lesson) => (lesson.teacherId ? [lesson.teacherId] : [])));
  return { member, children, plans, quarters, payments, otherPayments, lessons, teachers, roomHours };
}

