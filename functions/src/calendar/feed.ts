/**
 * A family's courses as an iCalendar feed (RFC 5545) for the calendar on the parent's phone: for
 * each plan of the current and the next quarter, one weekly event per room hour from the quarter's
 * first lesson to its last day, at the time the hour label gives, in the school's time zone with
 * its VTIMEZONE (so summer time inside a quarter never moves a lesson). UIDs are the plan's and
 * the room hour's, so that a changed plan replaces its event at the next refresh and a deleted one
 * disappears. A label without a readable time gives no event; it is named in the feed's
 * description instead. A lesson the office cancelled on one date is that occurrence overridden
 * as cancelled (cancelledOccurrences.ts).
 *
 * A day the school is closed (the office's Closed Days table: holidays, public holidays, known
 * in advance) is an EXDATE of the series: the lesson does not exist that day, as on the plans
 * page, and no calendar app shows it. A day closed at short notice (snow, a burst pipe) reaches
 * families as cancelled lessons with the office's reason instead, through the cancellation
 * notices above: the family should see that a lesson they expected falls out, and why. Pure: the
 * caller reads the documents and gives the time stamp.
 */
import { currentQuarter, lessonTimes, nextQuarter, weeklyDates, WEEKDAYS, type CalendarClosedDay, type QuarterFacts } from '@family-portal/contract';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { ICalCalendar, ICalEventStatus } from 'ical-generator';
import { instantOfWallClock } from '../sync/time/wallClock';
import { cancelledDates, type FeedCancellation } from './cancelledOccurrences';
import type { MailLanguage } from '../notifications/mailBody';

export interface FeedFamily {
  children: ReadonlyArray<{ id: string; name: string }>;
  plans: ReadonlyArray<{ id: string; childId: string; quarterId: string; lessonId: string; roomHourIds: readonly string[] }>;
  quarters: ReadonlyArray<QuarterFacts & { id: string }>;
  lessons: ReadonlyMap<string, { name: string; teacherId?: string | null; whatsappGroup?: string | null }>;
  roomHours: ReadonlyMap<string, { dayOfWeek: string; hourRefLabel: string; roomName?: string | null }>;
  teachers: ReadonlyMap<string, { name: string }>;
  /** The family's cancelled lessons (its cancellation notices that were not withdrawn). */
  cancellations: readonly FeedCancellation[];
  /** The school's closed days of the current and the next quarter (school_calendar). */
  closedDays: readonly CalendarClosedDay[];
}

export interface FeedSettings {
  language: MailLanguage;
  timeZone: string;
  /** The school's day, YYYY-MM-DD: which quarter is the current one. */
  today: string;
  /** The product's id in PRODID and the UIDs' domain part. */
  domain: string;
  /**
   * Every event's DTSTAMP (ISO instant). Fixed by the caller, not the clock: the same courses
   * must give the same bytes at every poll, or the ETag would change each second.
   */
  stamp: string;
}

const TEXTS = {
  en: {
    name: 'Courses (Family Portal)',
    teacher: (name: string) => `Teacher: ${name}`,
    group: (url: string) => `Class chat: ${url}`,
    unreadable: 'These lesson times could not be read and are not in this calendar; the Plans page of the portal shows them:',
    cancelled: (summary: string) => `Cancelled: ${summary}`,
    reason: (reason: string) => `Cancelled by the school office: ${reason}`,
  },
  de: {
    name: 'Kurse (Familienportal)',
    teacher: (name: string) => `Lehrkraft: ${name}`,
    group: (url: string) => `Klassenchat: ${url}`,
    unreadable: 'Diese Kurszeiten konnten nicht gelesen werden und fehlen in diesem Kalender; die Seite Kurse im Portal zeigt sie:',
    cancelled: (summary: string) => `Fällt aus: ${summary}`,
    reason: (reason: string) => `Vom Büro abgesagt: ${reason}`,
  },
  ru: {
    name: 'Занятия (Семейный портал)',
    teacher: (name: string) => `Преподаватель: ${name}`,
    group: (url: string) => `Чат группы: ${url}`,
    unreadable: 'Время этих занятий не удалось распознать, поэтому их нет в календаре; они указаны на странице «Курсы» портала:',
    cancelled: (summary: string) => `Отменено: ${summary}`,
    reason: (reason: string) => `Отменено канцелярией школы: ${reason}`,
  },
} as const;

/** A link that is safe to put in a calendar: https only. */
function safeLink(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A TEXT value as RFC 5545 (3.3.11) writes it: backslash, semicolon and comma escaped, a line
 * break as "\n", other control characters dropped. For the properties ical-generator writes as
 * it is given them (UID, X-WR-CALNAME, X-WR-CALDESC): the events' SUMMARY, DESCRIPTION and
 * LOCATION it escapes itself. Without it a key or a label with a line break would start calendar
 * lines of its own; the sync refuses such keys too (sync/mapping/mapRow.ts).
 */
export function icalText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    // oxlint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '')
    .replace(/[\\;,]/g, (character) => `\\${character}`)
    .replace(/\n/g, '\\n');
}

const pad = (n: number) => String(n).padStart(2, '0');
/** "2026-12-24T16:00:00" → "20261224T160000", RFC 5545's local date-time form. */
const icalDateTime = (wallClock: string) => wallClock.replace(/[-:]/g, '');

/** RFC 5545: with a DTSTART in a TZID, UNTIL is the UTC instant (the end of the quarter's last day there). */
function untilUtc(lastDay: string, timeZone: string): string {
  const [year, month, day] = lastDay.split('-').map(Number) as [number, number, number];
  const end = instantOfWallClock({ year, month, day, hour: 23, minute: 59, second: 59 }, timeZone);
  return end.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

export interface Feed {
  ics: string;
  /** Events written (weekly series), occurrences overridden as cancelled, and labels left out because no time could be read from them. */
  events: number;
  cancelled: number;
  unreadable: string[];
}

export function calendarFeed(family: FeedFamily, settings: FeedSettings): Feed {
  const t = TEXTS[settings.language];
  const calendar = new ICalCalendar({ name: icalText(t.name), prodId: { company: settings.domain, product: 'family-portal', language: settings.language.toUpperCase() } });
  // The time zone goes on each event only: a calendar-wide one would write DTSTAMP in local time,
  // where RFC 5545 wants UTC. The generator still adds the events' VTIMEZONE.
  calendar.timezone({ name: null, generator: getVtimezoneComponent });
  const current = currentQuarter(family.quarters, settings.today);
  const next = nextQuarter(family.quarters, current, settings.today);
  const quarters = new Map([current, next].filter((quarter) => quarter !== null).map((quarter) => [quarter.id, quarter]));
  const childName = new Map(family.children.map((child) => [child.id, child.name]));
  const unreadable: string[] = [];
  let events = 0;
  let cancelled = 0;

  const plans = [...family.plans].sort((a, b) => a.id.localeCompare(b.id));
  for (const plan of plans) {
    const quarter = quarters.get(plan.quarterId);
    const lesson = family.lessons.get(plan.lessonId);
    if (!quarter || !lesson) continue;
    const summary = `${childName.get(plan.childId) ?? ''}: ${lesson.name}`;
    const teacher = lesson.teacherId ? family.teachers.get(lesson.teacherId)?.name : undefined;
    const link = safeLink(lesson.whatsappGroup);
    const description = [teacher ? t.teacher(teacher) : null, link ? t.group(link) : null].filter(Boolean).join('\n');
    for (const roomHourId of plan.roomHourIds) {
      const roomHour = family.roomHours.get(roomHourId);
      if (!roomHour) continue;
      const times = lessonTimes(roomHour.hourRefLabel);
      const weekday = (WEEKDAYS as readonly string[]).indexOf(roomHour.dayOfWeek);
      if (!times || weekday < 0) {
        unreadable.push(`${summary} (${roomHour.dayOfWeek} ${roomHour.hourRefLabel})`);
        continue;
      }
      const series = { lessonId: plan.lessonId, roomHourId, weekday, firstDay: quarter.firstDay, lastDay: quarter.lastDay };
      const dates = weeklyDates(series, family.closedDays);
      // The series starts at its first lesson the school is open for; closed days after it are excluded.
      const open = dates.filter(({ closedBy }) => closedBy === null).map(({ date }) => date);
      const first = open[0];
      if (first === undefined) continue;
      const closed = dates.filter(({ date, closedBy }) => closedBy !== null && date > first).map(({ date }) => date);
      const uid = icalText(`${plan.id}.${roomHourId}@${settings.domain}`);
      const start = (day: string) => `${day}T${pad(times.start.hour)}:${pad(times.start.minute)}:00`;
      const end = (day: string) => `${day}T${pad(times.end.hour)}:${pad(times.end.minute)}:00`;
      const event = { id: uid, timezone: settings.timeZone, stamp: settings.stamp, location: roomHour.roomName || null };
      calendar.createEvent({
        ...event,
        start: start(first),
        end: end(first),
        // EXDATE in the same TZID form as DTSTART (ical-generator writes the lines it is given).
        repeating: [
          `RRULE:FREQ=WEEKLY;UNTIL=${untilUtc(quarter.lastDay, settings.timeZone)}`,
          ...(closed.length > 0 ? [`EXDATE;TZID=${settings.timeZone}:${closed.map((day) => icalDateTime(start(day))).join(',')}`] : []),
        ].join('\n'),
        summary,
        description: description || null,
      });
      events += 1;
      // A cancellation on a closed day has no occurrence left to cancel.
      for (const { date, reasons } of cancelledDates(family.cancellations, { ...series, firstDay: first })) {
        if (!open.includes(date)) continue;
        // The same UID and the occurrence's start as RECURRENCE-ID, in the same TZID form as DTSTART.
        calendar.createEvent({
          ...event,
          start: start(date),
          end: end(date),
          recurrenceId: start(date),
          status: ICalEventStatus.CANCELLED,
          summary: t.cancelled(summary),
          description: [...reasons.map(t.reason), description].filter(Boolean).join('\n'),
        });
        cancelled += 1;
      }
    }
  }
  if (unreadable.length > 0) calendar.description(icalText(`${t.unreadable} ${unreadable.join(' · ')}`));
  return { ics: calendar.toString(), events, cancelled, unreadable };
}
