/**
 * Where a new absence report goes among its child's open reports (those whose last day is today
 * or later), pure. A parent who reports an illness day by day, or sends the same report twice,
 * should leave the office one report per absence: so a report of the same lessons whose days
 * overlap or touch the new one's takes the new days (from the earliest to the latest), and the
 * new reason if one was given. Anything else is a report of its own, refused once the child has
 * MAX_OPEN_ABSENCES open reports.
 *
 * Only equal sets of lessons merge. Merging a report of piano and chess into one of piano alone
 * would report chess on days nobody reported it for, or cut a report into pieces; two reports of
 * different lessons on the same days are two things the office reads apart anyway. Nor does a
 * merge make a report longer than MAX_ABSENCE_DAYS: the new days then stand as a report of their
 * own, so that every stored report keeps the length the office's list and the form rely on.
 */
import { MAX_ABSENCE_DAYS, MAX_OPEN_ABSENCES } from '@family-portal/contract';
import { addDays, daysCovered, type StoredAbsence } from './absenceDays';

export interface NewAbsence {
  lessonIds: readonly string[];
  from: string;
  to: string;
  /** Empty: no reason given. */
  reason: string;
}

export type AbsencePlacement =
  /** `keep` takes the days from..to and the reason; `absorbed` (reports it now covers) go. */
  | { kind: 'merge'; keep: StoredAbsence; absorbed: StoredAbsence[]; from: string; to: string; reason: string }
  | { kind: 'new' }
  | { kind: 'too-many' };

const sameLessons = (a: readonly string[], b: readonly string[]) => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((lessonId) => right.has(lessonId));
};

/** The days overlap, or one range ends the day before the other begins. */
const meet = (a: { from: string; to: string }, b: { from: string; to: string }) => a.from <= addDays(b.to, 1) && b.from <= addDays(a.to, 1);

export function placeAbsence(open: readonly StoredAbsence[], report: NewAbsence): AbsencePlacement {
  let range = { from: report.from, to: report.to };
  let candidates = open.filter((absence) => sameLessons(absence.lessonIds, report.lessonIds));
  const joined: StoredAbsence[] = [];
  // Widened by one report, the range may reach the next: join until nothing more meets it.
  for (;;) {
    const meeting = candidates.filter((absence) => meet(absence, range));
    if (meeting.length === 0) break;
    joined.push(...meeting);
    candidates = candidates.filter((absence) => !meeting.includes(absence));
    const ranges = [range, ...meeting];
    range = { from: ranges.map((one) => one.from).sort()[0]!, to: ranges.map((one) => one.to).sort().at(-1)! };
  }
  if (joined.length === 0 || daysCovered(range.from, range.to) > MAX_ABSENCE_DAYS) {
    return open.length >= MAX_OPEN_ABSENCES ? { kind: 'too-many' } : { kind: 'new' };
  }
  // The report that begins first stays; those it now covers go.
  const [keep, ...absorbed] = joined.sort((a, b) => a.from.localeCompare(b.from) || a.id.localeCompare(b.id)) as [StoredAbsence, ...StoredAbsence[]];
  const reason = report.reason || joined.find((absence) => absence.reason)?.reason || '';
  return { kind: 'merge', keep, absorbed, ...range, reason };
}
