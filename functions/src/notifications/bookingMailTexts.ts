/**
 * The words of the e-mail about the office's decision on a booking request (bookingDecisionMail.ts)
 * in en, de and ru, in the glossary's terms (docs/glossary.md; src/i18n/glossary.test.ts reads
 * this file too). The names come from the office's records; mailBody.ts escapes them in the HTML.
 */
export const BOOKING_MAIL_TEXTS = {
  en: {
    subject: {
      confirmed: (child: string, lesson: string) => `Family Portal: ${child}'s place in ${lesson} is confirmed`,
      declined: (child: string, lesson: string) => `Family Portal: ${child}'s booking request for ${lesson} was declined`,
    },
    body: {
      confirmed: (child: string, lesson: string, quarter: string) => `The school office has confirmed your booking request for ${child}: ${lesson} in the quarter ${quarter}.`,
      declined: (child: string, lesson: string, quarter: string) => `The school office has declined your booking request for ${child}: ${lesson} in the quarter ${quarter}.`,
    },
    next: {
      confirmed: 'The course will appear on the Plans page of the portal shortly.',
      declined: 'If you have questions, please contact the school office.',
    },
    rows: { child: 'Child', lesson: 'Course', quarter: 'Quarter', times: 'Times', decision: 'Decision' },
    decision: { confirmed: 'Confirmed', declined: 'Declined' },
    note: (note: string) => `Note from the school office: ${note}`,
    link: 'See your booking requests in the portal',
  },
  de: {
    subject: {
      confirmed: (child: string, lesson: string) => `Familienportal: Platz für ${child} in ${lesson} bestätigt`,
      declined: (child: string, lesson: string) => `Familienportal: Kursanfrage für ${child} in ${lesson} abgelehnt`,
    },
    body: {
      confirmed: (child: string, lesson: string, quarter: string) => `das Schulbüro hat Ihre Kursanfrage für ${child} bestätigt: ${lesson} im Quartal ${quarter}.`,
      declined: (child: string, lesson: string, quarter: string) => `das Schulbüro hat Ihre Kursanfrage für ${child} abgelehnt: ${lesson} im Quartal ${quarter}.`,
    },
    next: {
      confirmed: 'Der Kurs erscheint in Kürze auf der Seite „Kurse“ im Portal.',
      declined: 'Bei Fragen wenden Sie sich bitte an das Schulbüro.',
    },
    rows: { child: 'Kind', lesson: 'Kurs', quarter: 'Quartal', times: 'Zeiten', decision: 'Entscheidung' },
    decision: { confirmed: 'Bestätigt', declined: 'Abgelehnt' },
    note: (note: string) => `Hinweis des Schulbüros: ${note}`,
    link: 'Ihre Kursanfragen im Portal ansehen',
  },
  ru: {
    subject: {
      confirmed: (child: string, lesson: string) => `Семейный портал: место для ${child} на занятии «${lesson}» подтверждено`,
      declined: (child: string, lesson: string) => `Семейный портал: заявка для ${child} на занятие «${lesson}» отклонена`,
    },
    body: {
      confirmed: (child: string, lesson: string, quarter: string) => `Канцелярия школы подтвердила вашу заявку для ${child}: «${lesson}», четверть ${quarter}.`,
      declined: (child: string, lesson: string, quarter: string) => `Канцелярия школы отклонила вашу заявку для ${child}: «${lesson}», четверть ${quarter}.`,
    },
    next: {
      confirmed: 'Вскоре занятие появится на странице «Занятия» портала.',
      declined: 'Если у вас есть вопросы, пожалуйста, обратитесь в канцелярию школы.',
    },
    rows: { child: 'Ребёнок', lesson: 'Занятие', quarter: 'Четверть', times: 'Время', decision: 'Решение' },
    decision: { confirmed: 'Подтверждено', declined: 'Отклонено' },
    note: (note: string) => `Примечание канцелярии школы: ${note}`,
    link: 'Ваши заявки на портале',
  },
} as const;
