/**
 * A family's notices from the office as the screens show them: which are unread, the text in the
 * reader's language, and the cancelled dates beside a course on the plans page.
 */
import type { NoticeDelivery, Plan, Quarter, RoomHour } from '@family-portal/contract';
import { isClosure } from '@family-portal/contract/rules';
import { weekdayOf } from './lessonCancellation';

export type { NoticeDelivery } from '@family-portal/contract';
export { noticeTextFor } from '@family-portal/contract/rules';

export const isUnread = (notice: Pick<NoticeDelivery, 'readAt'>) => notice.readAt === null;

/** The i18n key of a notice's kind as a family reads it beside the title: a cancelled lesson, a closed school, or none. */
export function cancellationLabel(notice: Pick<NoticeDelivery, 'kind' | 'cancellation'>): 'notices.cancellation' | 'notices.closure' | null {
  if (notice.kind !== 'cancellation') return null;
  return notice.cancellation && isClosure(notice.cancellation) ? 'notices.closure' : 'notices.cancellation';
}

export const unreadCount = (notices: readonly Pick<NoticeDelivery, 'readAt'>[]) => notices.filter(isUnread).length;

/** The notices with one's read mark set (an instant) or taken back (null). */
export function withReadAt<T extends Pick<NoticeDelivery, 'noticeId' | 'readAt'>>(notices: readonly T[], noticeId: string, readAt: string | null): T[] {
  return notices.map((notice) => (notice.noticeId === noticeId ? { ...notice, readAt } : notice));
}

/** The notices, newest first (ISO instants sort as text). */
export const newestFirst = <T extends Pick<NoticeDelivery, 'sentAt'>>(notices: readonly T[]): T[] => [...notices].sort((a, b) => b.sentAt.localeCompare(a.sentAt));

/**
 * The newest notices read with the family's data and the older pages read after them, as one
 * list newest first: a notice in both (sent while the page was open) counts once, as the newest
 * read has it.
 */
export function allNotices<T extends Pick<NoticeDelivery, 'noticeId' | 'sentAt'>>(newest: readonly T[], older: readonly T[]): T[] {
  const byId = new Map<string, T>();
  for (const notice of [...older, ...newest]) byId.set(notice.noticeId, notice);
  return newestFirst([...byId.values()]);
}

export interface PlanCancellation {
  noticeId: string;
  date: string;
  reason: string;
  /** Null: every time of the course that day; else only this room hour. */
  roomHourId: string | null;
}

/**
 * The cancelled dates of a plan's course within its quarter, earliest first: a cancellation of
 * one room hour only where the plan has that time. A day the school is closed (lessonId null)
 * cancels each of the plan's times on that weekday (`roomHours`: the family's, with their days).
 */
export function planCancellations(
  plan: Pick<Plan, 'lessonId' | 'roomHourIds' | 'quarterId'>,
  quarters: readonly Pick<Quarter, 'id' | 'firstDay' | 'lastDay'>[],
  cancellations: readonly NoticeDelivery[],
  roomHours: readonly Pick<RoomHour, 'id' | 'dayOfWeek'>[],
): PlanCancellation[] {
  const quarter = quarters.find((candidate) => candidate.id === plan.quarterId);
  const found: PlanCancellation[] = [];
  for (const { noticeId, cancellation } of cancellations) {
    if (!cancellation) continue;
    if (quarter && (cancellation.date < quarter.firstDay || cancellation.date > quarter.lastDay)) continue;
    const { date, reason } = cancellation;
    if (isClosure(cancellation)) {
      const times = roomHours.filter((roomHour) => plan.roomHourIds.includes(roomHour.id) && roomHour.dayOfWeek === weekdayOf(date));
      for (const time of times) found.push({ noticeId, date, reason, roomHourId: time.id });
      continue;
    }
    if (cancellation.lessonId !== plan.lessonId) continue;
    if (cancellation.roomHourId !== null && !plan.roomHourIds.includes(cancellation.roomHourId)) continue;
    found.push({ noticeId, date, reason, roomHourId: cancellation.roomHourId });
  }
  return found.sort((a, b) => a.date.localeCompare(b.date));
}
