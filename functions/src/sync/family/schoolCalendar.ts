/**
 * The closed days as families read them: school_calendar/{quarterId}, one document per quarter
 * that is not over and has closed days touching it, so that the plans page, the dashboard and
 * the calendar feed learn the closed days from one small read (design §9). Built from what
 * Firestore holds after every sync, as the offer catalogues: written only when its content
 * changed, deleted when its quarter has none left or is over.
 *
 * A closed day naming a lesson or room hour the school does not have closes nothing: the office
 * sees it in the sync's warnings.
 */
import {
  DOCUMENT_SCHEMAS,
  SCHOOL_CALENDAR,
  type CalendarClosedDay,
  type ClosedDay,
  type Quarter,
  type RowNote,
  type SchoolCalendar,
  schoolCalendarSchema,
} from '@family-portal/contract';
import type { Firestore } from 'firebase-admin/firestore';
import { contentHash, HASH_FIELD } from '../firestore/contentHash';

export interface CalendarSources {
  closedDays: readonly ClosedDay[];
  quarters: ReadonlyArray<Pick<Quarter, 'id' | 'name' | 'firstDay' | 'lastDay'>>;
  /** The ids of every lesson and room hour the school has. */
  lessonIds: ReadonlySet<string>;
  roomHourIds: ReadonlySet<string>;
}

export interface CalendarRun {
  written: number;
  deleted: number;
  warnings: RowNote[];
}

/** The calendars of the quarters not over that closed days touch, by quarter id; pure. */
export function buildSchoolCalendars(sources: CalendarSources, today: string): { calendars: Map<string, SchoolCalendar>; warnings: RowNote[] } {
  const warnings: RowNote[] = [];
  const usable: CalendarClosedDay[] = [];
  for (const closedDay of sources.closedDays) {
    const warn = (reason: string) => warnings.push({ table: 'closedDays', key: closedDay.id, reason });
    if (closedDay.lessonId !== null && !sources.lessonIds.has(closedDay.lessonId)) {
      warn(`column "Lesson ID": no lesson "${closedDay.lessonId}"; closes nothing`);
      continue;
    }
    if (closedDay.roomHourId !== null && !sources.roomHourIds.has(closedDay.roomHourId)) {
      warn(`column "Room Hour ID": no room hour "${closedDay.roomHourId}"; closes nothing`);
      continue;
    }
    const { id, firstDay, name, lessonId, roomHourId } = closedDay;
    usable.push({ id, firstDay, lastDay: closedDay.lastDay ?? firstDay, name, lessonId, roomHourId });
  }
  usable.sort((a, b) => a.firstDay.localeCompare(b.firstDay) || a.lastDay.localeCompare(b.lastDay) || a.id.localeCompare(b.id));
  const calendars = new Map<string, SchoolCalendar>();
  for (const quarter of sources.quarters) {
    if (quarter.lastDay < today) continue;
    const touching = usable.filter((closedDay) => closedDay.firstDay <= quarter.lastDay && closedDay.lastDay >= quarter.firstDay);
    if (touching.length === 0) continue;
    const { id, name, firstDay, lastDay } = quarter;
    calendars.set(id, { quarter: { id, name, firstDay, lastDay }, closedDays: touching });
  }
  return { calendars, warnings };
}

const parsedAll = <T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, docs: ReadonlyArray<{ id: string; data(): unknown }>) =>
  docs.flatMap((doc) => {
    const result = schema.safeParse({ ...(doc.data() as object), id: doc.id });
    return result.success ? [result.data] : [];
  });

/**
 * Brings school_calendar in line with the closed days. A school whose app has no Closed Days
 * table (`withoutClosedDays`) closes on no day, whatever Firestore kept.
 */
export async function updateSchoolCalendars(db: Firestore, today: string, options: { withoutClosedDays?: boolean } = {}): Promise<CalendarRun> {
  const [closedDays, quarters, lessons, roomHours, stored] = await Promise.all([
    options.withoutClosedDays ? null : db.collection('closedDays').get(),
    db.collection('quarters').get(),
    db.collection('lessons').select().get(),
    db.collection('roomHours').select().get(),
    db.collection(SCHOOL_CALENDAR).get(),
  ]);
  const { calendars, warnings } = buildSchoolCalendars(
    {
      closedDays: closedDays ? parsedAll(DOCUMENT_SCHEMAS.closedDays, closedDays.docs) : [],
      quarters: parsedAll(DOCUMENT_SCHEMAS.quarters, quarters.docs),
      lessonIds: new Set(lessons.docs.map((doc) => doc.id)),
      roomHourIds: new Set(roomHours.docs.map((doc) => doc.id)),
    },
    today,
  );
  const storedHashes = new Map(stored.docs.map((doc) => [doc.id, doc.get(HASH_FIELD) as unknown]));
  const batch = db.batch();
  let written = 0;
  for (const [quarterId, calendar] of calendars) {
    const hash = contentHash(calendar);
    if (storedHashes.get(quarterId) === hash) continue;
    batch.set(db.collection(SCHOOL_CALENDAR).doc(quarterId), { ...calendar, [HASH_FIELD]: hash });
    written += 1;
  }
  const gone = stored.docs.filter((doc) => !calendars.has(doc.id));
  for (const doc of gone) batch.delete(doc.ref);
  // A handful of quarters: one commit.
  if (written + gone.length > 0) await batch.commit();
  return { written, deleted: gone.length, warnings };
}

/**
 * The closed days of every quarter not over, as the calendars hold them: each once (a holiday
 * across New Year is in two quarters' documents), in date order. For the calendar feed, the
 * admin's view of a family and the absence reports: one small read of a handful of documents.
 */
export async function storedClosedDays(db: Firestore): Promise<CalendarClosedDay[]> {
  const calendars = await db.collection(SCHOOL_CALENDAR).get();
  const byId = new Map<string, CalendarClosedDay>();
  for (const doc of calendars.docs) {
    const calendar = schoolCalendarSchema.safeParse(doc.data());
    if (calendar.success) for (const closedDay of calendar.data.closedDays) byId.set(closedDay.id, closedDay);
  }
  return [...byId.values()].sort((a, b) => a.firstDay.localeCompare(b.firstDay) || a.id.localeCompare(b.id));
}
