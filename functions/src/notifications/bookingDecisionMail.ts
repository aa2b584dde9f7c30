/**
 * The e-mail that tells a parent the office's decision on a booking request: the child, the
 * course, the quarter, the weekdays and times chosen, confirmed or declined, and the office's note,
 * in the parent's language and the frame every parent's e-mail has (parentMailDocument.ts). Pure:
 * bookingMail.ts reads the facts and sends it.
 */
import { hourLabel, WEEKDAYS } from '@family-portal/contract';
import { BOOKING_MAIL_TEXTS } from './bookingMailTexts';
import { firstName, PUSH_TEXTS } from '../push/pushTexts';
import { MAIL_LOCALES, type MailBlock } from './mailBody';
import { parentMailDocument, type ParentRecipient } from './parentMailDocument';
import type { ParentMailSettings } from './parentMailSettings';

export type DecisionStatus = 'confirmed' | 'declined';

export interface DecidedRoomHour {
  dayOfWeek: string;
  hourRefLabel: string;
  roomName: string | null;
}

/** What the e-mail says of one decided request, as the office's records give it. */
export interface BookingDecision {
  status: DecisionStatus;
  childName: string;
  lessonName: string;
  quarterName: string;
  roomHours: DecidedRoomHour[];
  /** The office's note to the family; null or empty: none. */
  note: string | null;
}

/** Where the family's requests and the office's decisions are shown, at the top. */
export const BOOKING_SCREEN = '/booking';

const weekdayIndex = (day: string) => (WEEKDAYS as readonly string[]).indexOf(day);

/** "Monday 15:00-16:00 (Raum 101)", in the reader's language; a weekday outside the list as the office typed it. */
export function roomHourText(roomHour: DecidedRoomHour, locale: string): string {
  const index = weekdayIndex(roomHour.dayOfWeek);
  const long = index < 0 ? roomHour.dayOfWeek : new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + index, 12)));
  // 2024-01-01 was a Monday. Russian weekdays are lower case; here they start the line.
  const day = long.charAt(0).toLocaleUpperCase(locale) + long.slice(1);
  const room = roomHour.roomName?.trim();
  return `${day} ${hourLabel(roomHour.hourRefLabel)}${room ? ` (${room})` : ''}`;
}

/** Monday first, then by the hour's label as the plans page sorts. */
const byWeekday = (a: DecidedRoomHour, b: DecidedRoomHour) =>
  (weekdayIndex(a.dayOfWeek) + 8) % 8 - (weekdayIndex(b.dayOfWeek) + 8) % 8 || a.hourRefLabel.localeCompare(b.hourRefLabel, undefined, { numeric: true });

export function bookingDecisionMail(decision: BookingDecision, to: ParentRecipient, settings: ParentMailSettings) {
  const t = BOOKING_MAIL_TEXTS[to.language];
  const locale = MAIL_LOCALES[to.language];
  const { status, childName, lessonName, quarterName } = decision;
  const times = [...decision.roomHours].sort(byWeekday).map((roomHour) => roomHourText(roomHour, locale));
  const note = decision.note?.trim();
  const blocks: MailBlock[] = [
    { text: t.body[status](childName, lessonName, quarterName) },
    {
      rows: [
        [t.rows.child, childName],
        [t.rows.lesson, lessonName],
        [t.rows.quarter, quarterName],
        ...(times.length > 0 ? [[t.rows.times, times.join('; ')] as [string, string]] : []),
        [t.rows.decision, t.decision[status]],
      ],
    },
    ...(note ? [{ text: t.note(note) }] : []),
    { text: t.next[status] },
  ];
  return parentMailDocument('bookingDecided', to, settings, {
    subject: t.subject[status](childName, lessonName),
    blocks,
    screen: { path: BOOKING_SCREEN, label: t.link },
    push: { title: PUSH_TEXTS[to.language].bookingDecided.title[status], body: PUSH_TEXTS[to.language].bookingDecided.body(firstName(childName), lessonName, quarterName) },
  });
}
