/**
 * The e-mail of a notice from the school office, or of a cancelled lesson, to one parent: the
 * office's title and text in the parent's language (else the first the office gave, as the
 * dashboard shows it), for a cancellation the course (none for a closed school) and the date, in the frame every parent's
 * e-mail has (parentMailDocument.ts). Pure: noticeMail.ts resolves the recipients and sends it.
 */
import { isClosure, noticeTextFor, type Cancellation, type NoticeLanguage, type NoticeTexts, type ParentMailKind } from '@family-portal/contract';
import { NOTICE_MAIL_TEXTS } from './noticeMailTexts';
import { MAIL_LOCALES, type MailBlock, type MailLanguage } from './mailBody';
import { pushLine, PUSH_TEXTS, PUSH_TITLE_CHARACTERS } from '../push/pushTexts';
import { parentMailDocument, type ParentRecipient } from './parentMailDocument';
import type { ParentMailSettings } from './parentMailSettings';

/** What the e-mail says of a notice, as notices/{id} holds it. */
export interface NoticeFacts {
  /** The notice's id: its e-mail links to the notice's own page. */
  noticeId: string;
  kind: 'notice' | 'cancellation';
  texts: NoticeTexts;
  languages: NoticeLanguage[];
  cancellation: Cancellation | null;
}

/** The e-mail kind (PARENT_MAIL_KINDS) a parent turns on or off for each kind of notice. */
export const MAIL_KIND_OF: Record<NoticeFacts['kind'], ParentMailKind> = { notice: 'notices', cancellation: 'lessonCancelled' };

/** Where the family reads it in the portal: notices are on the dashboard, the plans page says "cancelled on". */
export const noticeScreen = (noticeId: string) => `/notices/${encodeURIComponent(noticeId)}`;
/** The family's timetable: `?lesson=` scrolls to the course a cancellation is about. */
export const PLANS_SCREEN = '/plans';

/** "Tuesday, 1 December 2026" in the reader's language; the day as stored when it is no day. */
export function dayText(day: string, locale: string): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, date, 12)));
}

export function noticeMail(notice: NoticeFacts, to: ParentRecipient, settings: ParentMailSettings) {
  const t = NOTICE_MAIL_TEXTS[to.language];
  const { title, body } = noticeTextFor(notice.texts, notice.languages, to.language);
  const cancellation = notice.kind === 'cancellation' ? notice.cancellation : null;
  // A closed school cancels every lesson of the family that day: no course to name.
  const closure = cancellation !== null && isClosure(cancellation);
  const blocks: MailBlock[] = [
    { text: closure ? t.intro.closure : t.intro[notice.kind] },
    { text: title },
    ...(cancellation
      ? [
          {
            rows: [
              ...(closure ? [] : [[t.rows.lesson, cancellation.lessonName]]),
              [t.rows.date, dayText(cancellation.date, MAIL_LOCALES[to.language])],
            ] as Array<[string, string]>,
          },
        ]
      : []),
    { plain: body },
  ];
  return parentMailDocument(MAIL_KIND_OF[notice.kind], to, settings, {
    subject: t.subject(title),
    blocks,
    screen: { path: noticeScreen(notice.noticeId), label: t.link[notice.kind] },
    ...(notice.kind === 'cancellation' ? { unsubscribeNote: t.unsubscribeCancellation } : {}),
    push: noticePush(notice, title, body, to.language),
  });
}

/**
 * A notice's push: the office's title and first words. A cancelled lesson's says which and when,
 * and a tap opens the plans page at that course; a closed school's opens the notice.
 */
function noticePush(notice: NoticeFacts, title: string, body: string, language: MailLanguage) {
  const texts = PUSH_TEXTS[language];
  const cancellation = notice.kind === 'cancellation' ? notice.cancellation : null;
  if (!cancellation) return { title: pushLine(title, PUSH_TITLE_CHARACTERS), body: pushLine(body) };
  const day = dayText(cancellation.date, MAIL_LOCALES[language]);
  if (isClosure(cancellation)) return { title: texts.schoolClosed.title, body: texts.schoolClosed.body(day) };
  return {
    title: texts.lessonCancelled.title,
    body: texts.lessonCancelled.body(cancellation.lessonName, day),
    path: `${PLANS_SCREEN}?${new URLSearchParams({ lesson: cancellation.lessonId ?? '', cancelled: cancellation.date }).toString()}`,
  };
}
