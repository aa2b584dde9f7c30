import { describe, expect, it } from 'vitest';
import { TEST_MAIL_SETTINGS as settings } from './mailTestSettings';
import { waitingOfferMail, waitingOfferMailId, type OfferFacts } from './waitingOfferMail';

const facts: OfferFacts = {
  requestId: 'REQ-1',
  childName: 'Mia',
  lessonName: 'Schach',
  roomHour: { dayOfWeek: 'Di.', hourRefLabel: '15:00-16:00', roomName: 'Raum 2' },
  path: '/booking?offer=O1&child=C1',
  until: '2026-12-08T17:00:00.000Z',
};

describe('waitingOfferMail', () => {
  it("names the child, the course, its time and the hold's end on the school's clock, in the parent's language, with the link and the push", () => {
    const mail = waitingOfferMail(facts, { uid: 'u1', email: 'anna@example.com', language: 'en' }, settings);
    expect(mail.to).toBe('anna@example.com');
    expect(mail.message.subject).toBe('Family Portal: a place for Mia in Schach');
    expect(mail.message.text).toContain('a place in Schach (Tuesday 15:00-16:00 (Raum 2)) has become free for Mia, and it is held for you until Tuesday, 8 December 2026 at 18:00');
    expect(mail.message.text).toContain('it goes to the next family on the waiting list');
    expect(mail.message.text).toContain('https://portal.lindenhof.example/booking?offer=O1&child=C1');
    expect(mail.push).toEqual({
      kind: 'waitingOffer',
      language: 'en',
      title: 'A place is free for Mia',
      body: 'Schach, Tuesday 15:00-16:00 (Raum 2): held for you until Tuesday, 8 December 2026 at 18:00.',
      path: '/booking?offer=O1&child=C1',
      tag: 'waitingOffer:REQ-1',
    });
  });

  it('speaks German and Russian with the glossary\'s words', () => {
    const de = waitingOfferMail(facts, { uid: 'u1', email: 'a@example.com', language: 'de' }, settings);
    expect(de.message.subject).toBe('Familienportal: ein Platz für Mia in Schach');
    expect(de.message.text).toContain('Er wird bis Dienstag, 8. Dezember 2026 um 18:00 für Sie freigehalten.');
    expect(de.message.text).toContain('Schulbüro');
    const ru = waitingOfferMail(facts, { uid: 'u1', email: 'a@example.com', language: 'ru' }, settings);
    expect(ru.message.subject).toBe('Семейный портал: место для Mia на занятии «Schach»');
    expect(ru.message.text).toContain('канцелярия школы');
    expect(ru.message.text).toContain('листа ожидания');
  });

  it('is one document per offer and recipient, the same however often the offer is written', () => {
    expect(waitingOfferMailId('REQ-1', facts.until, 'u1')).toBe(waitingOfferMailId('REQ-1', facts.until, 'u1'));
    expect(waitingOfferMailId('REQ-1', facts.until, null)).toBe('waitingOffer-REQ-1-1796749200000-family');
  });
});
