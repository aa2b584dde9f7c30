/**
 * Every e-mail's subject, of every kind and in en, de and ru, says each thing once: no word of
 * the portal's own repeats in it ("Unterricht fällt aus: Deutsch fällt am Montag aus" did).
 */
import { describe, expect, it } from 'vitest';
import { cancellationTexts, CANCELLATION_LANGUAGES } from '../notices/cancellationTexts';
import { bookingDecisionMail } from './bookingDecisionMail';
import { TEST_MAIL_SETTINGS } from './mailTestSettings';
import { noticeMail } from './noticeMailContent';
import { OFFICE_MAIL_TEXTS } from './officeAlerts';
import { PARENT_MAIL_TEXTS } from './parentMailTexts';

/** Names that come from the office's records: they may repeat the portal's words, so none does. */
const NAMES = { child: 'Mia', lesson: 'Klavier', title: 'Sommerfest' };

/** The words of at least four letters that occur more than once, whatever their case. */
function repeatedWords(subject: string): string[] {
  const words = (subject.toLocaleLowerCase().match(/\p{L}{4,}/gu) ?? []).filter((word) => !Object.values(NAMES).some((name) => name.toLowerCase() === word));
  return [...new Set(words.filter((word, index) => words.indexOf(word) !== index))];
}

function subjects(language: (typeof CANCELLATION_LANGUAGES)[number]): Record<string, string> {
  const to = { uid: 'uid-anna', email: 'anna@example.com', name: 'Anna', language };
  const cancelled = cancellationTexts({ lessonName: NAMES.lesson, date: '2026-12-07', hourLabels: ['3 15:00-15:45'], reason: 'Krank', timeZone: 'Europe/Berlin' });
  const decision = { childName: NAMES.child, lessonName: NAMES.lesson, quarterName: '2027 Q1', roomHours: [], note: null };
  const parent = PARENT_MAIL_TEXTS[language];
  return {
    notice: noticeMail({ noticeId: 'N1', kind: 'notice', texts: { [language]: { title: NAMES.title, body: 'Text' } }, languages: [language], cancellation: null }, to, TEST_MAIL_SETTINGS).message.subject,
    cancellation: noticeMail(
      { noticeId: 'N2', kind: 'cancellation', texts: cancelled, languages: [...CANCELLATION_LANGUAGES], cancellation: { lessonId: 'L1', lessonName: NAMES.lesson, date: '2026-12-07', roomHourId: null, reason: 'Krank' } },
      to,
      TEST_MAIL_SETTINGS,
    ).message.subject,
    confirmed: bookingDecisionMail({ ...decision, status: 'confirmed' }, to, TEST_MAIL_SETTINGS).message.subject,
    declined: bookingDecisionMail({ ...decision, status: 'declined' }, to, TEST_MAIL_SETTINGS).message.subject,
    paymentDue: parent.paymentDue.subject,
    paymentReceived: parent.paymentReceived.subject,
    cancellationConfirmed: parent.cancellationConfirmed.subject,
    ...Object.fromEntries(Object.entries(OFFICE_MAIL_TEXTS[language].subject).map(([kind, subject]) => [`office ${kind}`, subject])),
  };
}

describe("every e-mail's subject", () => {
  it.each(CANCELLATION_LANGUAGES)('says each thing once, in %s', (language) => {
    const all = subjects(language);
    expect(Object.keys(all).length).toBeGreaterThanOrEqual(11);
    const repeated = Object.fromEntries(Object.entries(all).flatMap(([kind, subject]) => (repeatedWords(subject).length > 0 ? [[kind, subject]] : [])));
    expect(repeated).toEqual({});
  });

  it('finds a repetition where there is one', () => {
    expect(repeatedWords('Familienportal: Unterricht fällt aus: Deutsch fällt am Montag aus')).toEqual(['fällt']);
  });
});
