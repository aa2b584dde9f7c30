import { usableAsDocumentId } from '@family-portal/contract';
import { describe, expect, it } from 'vitest';
import { TEST_MAIL_SETTINGS } from './mailTestSettings';
import { bookingDecisionMail, type BookingDecision } from './bookingDecisionMail';
import { bookingDecisionMailId } from './documentIds';
import { readUnsubscribeToken } from './unsubscribeToken';

const settings = TEST_MAIL_SETTINGS;
const anna = { uid: 'uid-anna', email: 'anna@example.com', name: 'Anna Müller', language: 'en' as const };
const confirmed: BookingDecision = {
  status: 'confirmed',
  childName: 'Mia Müller',
  lessonName: 'Klavier',
  quarterName: '2027 Q1',
  // Thursday before Monday in the office's order: the e-mail sorts them.
  roomHours: [
    { dayOfWeek: 'Do.', hourRefLabel: '4 16:00-16:45', roomName: 'Musikraum' },
    { dayOfWeek: 'Mo.', hourRefLabel: '3 15:00-15:45', roomName: null },
  ],
  note: 'Bitte Noten mitbringen.',
};
const declined: BookingDecision = { ...confirmed, status: 'declined', roomHours: [confirmed.roomHours[1]!], note: null };

describe('the e-mail about a booking decision', () => {
  it('names the child, the course, the quarter, the weekdays and times, the decision and the note, in English', () => {
    const mail = bookingDecisionMail(confirmed, anna, settings);
    expect(mail.to).toBe('anna@example.com');
    expect(mail.uid).toBe('uid-anna');
    expect(mail.message.subject).toBe("Family Portal: Mia Müller's place in Klavier is confirmed");
    expect(mail.message.text).toContain('Dear Anna Müller,\n\nThe school office has confirmed your booking request for Mia Müller: Klavier in the quarter 2027 Q1.');
    expect(mail.message.text).toContain(
      'Child: Mia Müller\nCourse: Klavier\nQuarter: 2027 Q1\nTimes: Monday 15:00-15:45; Thursday 16:00-16:45 (Musikraum)\nDecision: Confirmed',
    );
    expect(mail.message.text).toContain('Note from the school office: Bitte Noten mitbringen.');
    expect(mail.message.text).toContain('See your booking requests in the portal: https://portal.lindenhof.example/booking');
    // The association's frame, as every e-mail of the portal.
    expect(mail.message.text.startsWith('Schulverein Lindenhof e.V.\n\n')).toBe(true);
    expect(mail.message.text).toContain('Imprint: https://portal.lindenhof.example/imprint');
  });

  it('unsubscribes from booking decisions only, with a signed link and the one-click header', () => {
    const mail = bookingDecisionMail(confirmed, anna, settings);
    const token = /https:\/\/portal\.lindenhof\.example\/unsubscribe\?token=([\w.-]+)/.exec(mail.message.text)![1]!;
    expect(readUnsubscribeToken(token, 'link-key')).toEqual({ uid: 'uid-anna', kind: 'bookingDecided' });
    expect(mail.headers['List-Unsubscribe']).toBe(`<https://europe-west1-lindenhof.cloudfunctions.net/unsubscribeOneClick?token=${token}>`);
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('says a declined request in German and in Russian, without a note when the office wrote none', () => {
    const german = bookingDecisionMail(declined, { ...anna, language: 'de' }, settings);
    expect(german.message.subject).toBe('Familienportal: Kursanfrage für Mia Müller in Klavier abgelehnt');
    expect(german.message.text).toContain('Guten Tag Anna Müller,\n\ndas Schulbüro hat Ihre Kursanfrage für Mia Müller abgelehnt: Klavier im Quartal 2027 Q1.');
    expect(german.message.text).toContain('Zeiten: Montag 15:00-15:45\nEntscheidung: Abgelehnt');
    expect(german.message.text).toContain('Ihre Kursanfragen im Portal ansehen: https://portal.lindenhof.example/booking');
    expect(german.message.text).not.toContain('Hinweis des Schulbüros');

    const russian = bookingDecisionMail(confirmed, { ...anna, language: 'ru' }, settings);
    expect(russian.message.subject).toBe('Семейный портал: место для Mia Müller на занятии «Klavier» подтверждено');
    expect(russian.message.text).toContain('Канцелярия школы подтвердила вашу заявку для Mia Müller: «Klavier», четверть 2027 Q1.');
    expect(russian.message.text).toContain('Время: Понедельник 15:00-15:45; Четверг 16:00-16:45 (Musikraum)\nРешение: Подтверждено');
    expect(russian.message.text).toContain('Примечание канцелярии школы: Bitte Noten mitbringen.');
    expect(russian.message.html).toContain('<html lang="ru">');
  });

  it("escapes the office's note and the names in the HTML, and keeps the subject on one line", () => {
    const hostile: BookingDecision = { ...confirmed, childName: 'Mia <b>', lessonName: 'Klavier\r\nBcc: eve@example.com', note: '<script>alert("x")</script> & <a href="https://evil.example">hier</a>' };
    const mail = bookingDecisionMail(hostile, anna, settings);
    expect(mail.message.html).not.toContain('<script>');
    expect(mail.message.html).not.toContain('<a href="https://evil.example"');
    expect(mail.message.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;a href=&quot;https://evil.example&quot;&gt;hier&lt;/a&gt;');
    expect(mail.message.html).toContain('Mia &lt;b&gt;');
    // The text part is plain text: the note as the office wrote it.
    expect(mail.message.text).toContain('Note from the school office: <script>alert("x")</script> &');
    expect(mail.message.subject).toBe("Family Portal: Mia <b>'s place in Klavier Bcc: eve@example.com is confirmed");
    expect(mail.message.subject).not.toMatch(/[\r\n]/);
  });
});

describe('the id of a booking decision e-mail', () => {
  it('is the same for the same request, decision and account, and another for another of any of them', () => {
    const id = bookingDecisionMailId('REQ-1', 'confirmed', 'uid-anna');
    expect(bookingDecisionMailId('REQ-1', 'confirmed', 'uid-anna')).toBe(id);
    expect(new Set([id, bookingDecisionMailId('REQ-1', 'declined', 'uid-anna'), bookingDecisionMailId('REQ-2', 'confirmed', 'uid-anna'), bookingDecisionMailId('REQ-1', 'confirmed', 'uid-ben')]).size).toBe(4);
    // The office's keys may hold a slash; the id never does.
    expect(usableAsDocumentId(bookingDecisionMailId('REQ/1', 'confirmed', 'uid-anna'))).toBe(true);
  });
});
