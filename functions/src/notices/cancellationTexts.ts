/**
 * The notice of a cancelled lesson, written by the function in German, English and Russian (the
 * office types only the reason): the lesson's name, the day as each language writes it (Intl, on
 * the school's clock), the time the room hours' labels give, and the reason. Pure.
 */
import { hourLabel, lessonTimes, MAX_NOTICE_TITLE, type NoticeLanguage, type NoticeText } from '@family-portal/contract';
import { instantOfWallClock } from '../sync/time/wallClock';

/** The office's language first: a parent without de, en or ru reads the German one. */
export const CANCELLATION_LANGUAGES: readonly NoticeLanguage[] = ['de', 'en', 'ru'];

const LOCALES: Record<NoticeLanguage, string> = { de: 'de-DE', en: 'en-GB', ru: 'ru-RU' };

const TEXTS: Record<NoticeLanguage, { title: (lesson: string, day: string) => string; body: (lesson: string, day: string, time: string | null) => string; reason: string }> = {
  de: {
    title: (lesson, day) => `${lesson} fällt am ${day} aus`,
    body: (lesson, day, time) => `${lesson} fällt am ${day}${time ? ` (${time})` : ''} aus.`,
    reason: 'Grund',
  },
  en: {
    title: (lesson, day) => `${lesson} is cancelled on ${day}`,
    body: (lesson, day, time) => `${lesson} on ${day}${time ? ` (${time})` : ''} is cancelled.`,
    reason: 'Reason',
  },
  ru: {
    title: (lesson, day) => `${lesson}: занятие ${day} отменено`,
    body: (lesson, day, time) => `Занятие «${lesson}» ${day}${time ? ` (${time})` : ''} отменено.`,
    reason: 'Причина',
  },
};

/** A day the office closed the school: every lesson of the family that day. */
const CLOSURE_TEXTS: Record<NoticeLanguage, { title: (day: string) => string; body: (day: string) => string }> = {
  de: {
    title: (day) => `Die Schule ist am ${day} geschlossen`,
    body: (day) => `Die Schule ist am ${day} geschlossen: Der Unterricht Ihrer Kinder an diesem Tag fällt aus.`,
  },
  en: {
    title: (day) => `The school is closed on ${day}`,
    body: (day) => `The school is closed on ${day}: your children's lessons that day are cancelled.`,
  },
  ru: {
    // "понедельник, 30 ноября 2026 г." stands after a colon: no case to inflect.
    title: (day) => `Школа закрыта: ${day}`,
    body: (day) => `Школа закрыта: ${day}. Занятия ваших детей в этот день отменены.`,
  },
};

// oxlint-disable-next-line no-control-regex -- a synced name with a line break or a control character must not break the title
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
const oneLine = (text: string) => text.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();

/** "Monday, 30 November 2026", "Montag, 30. November 2026", "понедельник, 30 ноября 2026 г.". */
export function longDay(date: string, language: NoticeLanguage, timeZone: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // Noon of that day on the school's clock: the same calendar day in the school's zone, whatever the offset.
  const noon = instantOfWallClock({ year, month, day, hour: 12, minute: 0, second: 0 }, timeZone);
  return new Intl.DateTimeFormat(LOCALES[language], { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(noon);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "15:00–16:00" from a room hour's label, or the label without its slot code when it names no time. */
export function timeOf(label: string): string {
  const times = lessonTimes(label);
  if (!times) return oneLine(hourLabel(label));
  return `${times.start.hour}:${pad(times.start.minute)}–${times.end.hour}:${pad(times.end.minute)}`;
}

/** A title longer than a notice's may be gets a shortened lesson name. */
function fittedTitle(make: (lesson: string) => string, lesson: string): string {
  const whole = make(lesson);
  if (whole.length <= MAX_NOTICE_TITLE) return whole;
  const room = Math.max(1, lesson.length - (whole.length - MAX_NOTICE_TITLE) - 1);
  return make(`${lesson.slice(0, room).trimEnd()}…`);
}

export function cancellationTexts(input: { lessonName: string; date: string; hourLabels: readonly string[]; reason: string; timeZone: string }): Record<NoticeLanguage, NoticeText> {
  const lesson = oneLine(input.lessonName) || '—';
  const times = [...new Set(input.hourLabels.map(timeOf).filter(Boolean))];
  const time = times.length > 0 ? times.join(', ') : null;
  const texts = {} as Record<NoticeLanguage, NoticeText>;
  for (const language of CANCELLATION_LANGUAGES) {
    const t = TEXTS[language];
    const day = longDay(input.date, language, input.timeZone);
    texts[language] = { title: fittedTitle((name) => t.title(name, day), lesson), body: `${t.body(lesson, day, time)}\n${t.reason}: ${input.reason.trim()}` };
  }
  return texts;
}

/** The notice of a day the school is closed, in every language: the day and the office's reason. */
export function closureTexts(input: { date: string; reason: string; timeZone: string }): Record<NoticeLanguage, NoticeText> {
  const texts = {} as Record<NoticeLanguage, NoticeText>;
  for (const language of CANCELLATION_LANGUAGES) {
    const day = longDay(input.date, language, input.timeZone);
    texts[language] = { title: CLOSURE_TEXTS[language].title(day), body: `${CLOSURE_TEXTS[language].body(day)}\n${TEXTS[language].reason}: ${input.reason.trim()}` };
  }
  return texts;
}
