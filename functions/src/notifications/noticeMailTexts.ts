/**
 * The words around a notice from the school office and a cancelled lesson in their e-mails
 * (noticeMail.ts) in en, de and ru, in the glossary's terms (docs/glossary.md). The notice's own
 * title and text are the office's, in the reader's language where the office gave it. The
 * subject is the title: a cancellation's title says already what is cancelled and when
 * (notices/cancellationTexts.ts).
 */
export const NOTICE_MAIL_TEXTS = {
  en: {
    subject: (title: string) => `Family Portal: ${title}`,
    intro: { notice: 'The school office has sent a notice:', cancellation: 'The school office has cancelled a lesson of your children:', closure: 'The school is closed for a day on which your children have lessons:' },
    rows: { lesson: 'Course', date: 'Date', reason: 'Reason' },
    link: { notice: 'Read it in the portal', cancellation: 'See the cancellation in the portal' },
    // Cancellations come unless turned off: the usual "because you turned it on" would not be true.
    unsubscribeCancellation: 'You get this e-mail because a lesson booked for your children is cancelled. Stop these e-mails with one click:',
  },
  de: {
    subject: (title: string) => `Familienportal: ${title}`,
    intro: { notice: 'das Schulbüro hat eine Mitteilung geschickt:', cancellation: 'das Schulbüro hat eine Unterrichtsstunde Ihrer Kinder abgesagt:', closure: 'die Schule bleibt an einem Tag geschlossen, an dem Ihre Kinder Unterricht haben:' },
    rows: { lesson: 'Kurs', date: 'Datum', reason: 'Grund' },
    link: { notice: 'Im Portal lesen', cancellation: 'Absage im Portal ansehen' },
    unsubscribeCancellation: 'Sie erhalten diese E-Mail, weil eine für Ihre Kinder gebuchte Unterrichtsstunde ausfällt. Diese E-Mails mit einem Klick abbestellen:',
  },
  ru: {
    subject: (title: string) => `Семейный портал: ${title}`,
    intro: { notice: 'Канцелярия школы прислала сообщение:', cancellation: 'Канцелярия школы отменила занятие ваших детей:', closure: 'Школа закрыта в день, когда у ваших детей есть занятия:' },
    rows: { lesson: 'Занятие', date: 'Дата', reason: 'Причина' },
    link: { notice: 'Прочитать на портале', cancellation: 'Отмена занятия на портале' },
    unsubscribeCancellation: 'Вы получаете это письмо, потому что отменено занятие, на которое записаны ваши дети. Отписаться от таких писем одним нажатием:',
  },
} as const;
