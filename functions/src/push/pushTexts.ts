/**
 * What a push notification says on a lock screen, per kind, in en, de and ru: a short title and a
 * line. A lock screen is read by whoever holds the phone, so a push names no amount, no address
 * and of a child only the first name; the portal shows the rest after signing in. Where the
 * office wrote the text (a notice), its title and first line are the office's.
 */
import type { MailLanguage } from '../lib/mailLanguage';

/** The most a push's line carries: lock screens show two or three lines anyway. */
export const PUSH_BODY_CHARACTERS = 140;
/** A notice's title as the office wrote it, cut where a lock screen would cut it anyway. */
export const PUSH_TITLE_CHARACTERS = 80;

/** The office's text shortened to a lock screen's line, on a word boundary where there is one. */
export function pushLine(text: string, limit = PUSH_BODY_CHARACTERS): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= limit) return line;
  const cut = line.slice(0, limit - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** "Anna" of "Anna Maria Schmidt": a lock screen names a child by the first name only. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

export const PUSH_TEXTS = {
  en: {
    paymentDue: { title: 'A payment is due', body: 'Your family has a balance to pay. The portal shows the transfer details.' },
    paymentReceived: { title: 'Payment received', body: 'Your payment to the school association has arrived. Thank you.' },
    cancellationConfirmed: { title: 'Cancellation request received', body: 'We have recorded your request to cancel the membership.' },
    bookingDecided: {
      title: { confirmed: 'Booking confirmed', declined: 'Booking declined' },
      body: (child: string, lesson: string, quarter: string) => `${child}: ${lesson}, ${quarter}`,
    },
    lessonCancelled: { title: 'Lesson cancelled', body: (lesson: string, day: string) => `${lesson} on ${day}` },
    schoolClosed: { title: 'School closed', body: (day: string) => `No lessons on ${day}.` },
  },
  de: {
    paymentDue: { title: 'Eine Zahlung ist fällig', body: 'Für Ihre Familie ist ein Betrag offen. Die Überweisungsdaten stehen im Portal.' },
    paymentReceived: { title: 'Zahlung eingegangen', body: 'Ihre Zahlung an den Schulverein ist eingegangen. Vielen Dank.' },
    cancellationConfirmed: { title: 'Kündigungsantrag eingegangen', body: 'Wir haben Ihren Antrag, die Mitgliedschaft zu kündigen, erfasst.' },
    bookingDecided: {
      title: { confirmed: 'Buchung bestätigt', declined: 'Buchung abgelehnt' },
      body: (child: string, lesson: string, quarter: string) => `${child}: ${lesson}, ${quarter}`,
    },
    lessonCancelled: { title: 'Unterricht fällt aus', body: (lesson: string, day: string) => `${lesson} am ${day}` },
    schoolClosed: { title: 'Schule geschlossen', body: (day: string) => `Kein Unterricht am ${day}.` },
  },
  ru: {
    paymentDue: { title: 'Необходима оплата', body: 'У вашей семьи есть сумма к оплате. Реквизиты перевода — на портале.' },
    paymentReceived: { title: 'Платёж получен', body: 'Ваш платёж школьному объединению поступил. Спасибо.' },
    cancellationConfirmed: { title: 'Заявление о выходе получено', body: 'Мы зарегистрировали ваше заявление о прекращении членства.' },
    bookingDecided: {
      title: { confirmed: 'Запись подтверждена', declined: 'В записи отказано' },
      body: (child: string, lesson: string, quarter: string) => `${child}: ${lesson}, ${quarter}`,
    },
    lessonCancelled: { title: 'Занятие отменено', body: (lesson: string, day: string) => `${lesson}, ${day}` },
    schoolClosed: { title: 'Школа закрыта', body: (day: string) => `Занятий нет: ${day}.` },
  },
} as const satisfies Record<MailLanguage, unknown>;
