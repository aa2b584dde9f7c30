/**
 * The notices tab's pure pieces: the lessons the office may choose (with their times), and the
 * texts of a notice as the office typed them, checked by the contract's rules before sending.
 */
import { MAX_NOTICE_BODY, MAX_NOTICE_TITLE, noticeTextSchema, type NoticeLanguage, type NoticeTexts, type OfficeNotice } from '@family-portal/contract';
import type { OfficeTimetable } from '../../../data/officeTimetable';
import { hourLabel, sortRoomHours, weekdayName } from '../../../domain/schedule';
import type { RoomHour } from '../../../domain/types';

/** The order of the language fields, and so of preference: the school's language first. */
export const NOTICE_LANGUAGES: readonly NoticeLanguage[] = ['de', 'en', 'ru'];

/** The most lessons one notice may go to (sendNoticeBody in the contract). */
export const MAX_AUDIENCE_LESSONS = 30;

export interface LessonChoice {
  id: string;
  name: string;
  /** Sorted Mo. to So. */
  roomHours: RoomHour[];
}

/** Every lesson that has a time, by name (then id: a school may name two lessons alike). */
export function lessonChoices(timetable: OfficeTimetable): LessonChoice[] {
  const byLesson = new Map<string, RoomHour[]>();
  for (const roomHour of timetable.roomHours) byLesson.set(roomHour.lessonId, [...(byLesson.get(roomHour.lessonId) ?? []), roomHour]);
  return timetable.lessons
    .filter((lesson) => byLesson.has(lesson.id))
    .map((lesson) => ({ id: lesson.id, name: lesson.name, roomHours: sortRoomHours(byLesson.get(lesson.id)!) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'de') || a.id.localeCompare(b.id));
}

/** "Mon 15:00-16:00, Room A" in the reader's language. */
export const roomHourLabel = (roomHour: RoomHour, locale: string) =>
  [`${weekdayName(roomHour.dayOfWeek, locale)} ${hourLabel(roomHour.hourRefLabel)}`, roomHour.roomName].filter(Boolean).join(', ');

/** "Piano – Beginners (L001): Mon 15:00-16:00, Room A; Wed …" */
export const lessonLabel = (lesson: LessonChoice, locale: string) =>
  `${lesson.name} (${lesson.id}): ${lesson.roomHours.map((roomHour) => roomHourLabel(roomHour, locale)).join('; ')}`;

export type TextDrafts = Record<NoticeLanguage, { title: string; body: string }>;
export const EMPTY_DRAFTS: TextDrafts = { de: { title: '', body: '' }, en: { title: '', body: '' }, ru: { title: '', body: '' } };

export type TextProblem =
  | { kind: 'noText' }
  | { kind: 'titleMissing' | 'bodyMissing' | 'titleOneLine' | 'bodyControl'; language: NoticeLanguage }
  | { kind: 'titleTooLong'; language: NoticeLanguage; max: number }
  | { kind: 'bodyTooLong'; language: NoticeLanguage; max: number };

/** The languages with something typed, in the order of preference. */
export const filledLanguages = (drafts: TextDrafts) => NOTICE_LANGUAGES.filter((language) => drafts[language].title.trim() || drafts[language].body.trim());

/** The texts to send, in the order of preference; or every problem, field by field. */
export function checkedTexts(drafts: TextDrafts): { texts: NoticeTexts } | { problems: TextProblem[] } {
  const problems: TextProblem[] = [];
  const texts: NoticeTexts = {};
  const languages = filledLanguages(drafts);
  if (languages.length === 0) return { problems: [{ kind: 'noText' }] };
  for (const language of languages) {
    const title = drafts[language].title.trim();
    const body = drafts[language].body.trim();
    if (!title) problems.push({ kind: 'titleMissing', language });
    else if (title.length > MAX_NOTICE_TITLE) problems.push({ kind: 'titleTooLong', language, max: MAX_NOTICE_TITLE });
    else if (!noticeTextSchema.shape.title.safeParse(title).success) problems.push({ kind: 'titleOneLine', language });
    if (!body) problems.push({ kind: 'bodyMissing', language });
    else if (body.length > MAX_NOTICE_BODY) problems.push({ kind: 'bodyTooLong', language, max: MAX_NOTICE_BODY });
    else if (!noticeTextSchema.shape.body.safeParse(body).success) problems.push({ kind: 'bodyControl', language });
    texts[language] = { title, body };
  }
  return problems.length ? { problems } : { texts };
}

/** How many of a notice's e-mails wait for the next day's budget (none once it is withdrawn: they never go). */
export const mailsWaiting = (notice: Pick<OfficeNotice, 'mails' | 'withdrawnAt'>) => (notice.withdrawnAt || !notice.mails ? 0 : notice.mails.held);
