import { describe, expect, it } from 'vitest';
import { absenceMail, absenceMailExpiry } from './absenceMail';

const day = {
  date: '2026-12-01',
  lessons: [
    { lessonId: 'L2', lessonName: 'Schach <b>', children: [{ absenceId: 'A2', childId: 'C2', childName: 'Anton', familyName: 'Groß', reason: '<script>alert(1)</script>' }] },
    {
      lessonId: 'L1',
      lessonName: 'Klavier',
      children: [
        { absenceId: 'A1', childId: 'C1', childName: 'Mia', familyName: 'Klein', reason: 'Grippe' },
        { absenceId: 'A3', childId: 'C3', childName: 'Zoe', familyName: 'Groß', reason: '' },
      ],
    },
  ],
};
const settings = { language: 'de' as const, consoleUrl: 'https://portal.example.org/admin/absences', association: { name: 'Schulverein', address: '' } };

describe('absenceMail', () => {
  it("names the day, and per course each child, its family and the reason, in the office's language", () => {
    const mail = absenceMail(day, settings);
    expect(mail.subject).toBe('Familienportal: Abmeldungen für Dienstag, 1. Dezember 2026');
    expect(mail.text).toContain('Für Dienstag, 1. Dezember 2026 haben Familien 3 Kinder abgemeldet, je Kurs:');
    expect(mail.text).toContain('Klavier:\n- Mia (Familie Klein): Grippe\n- Zoe (Familie Groß)');
    expect(mail.text).toContain('Abmeldungen in der Konsole: https://portal.example.org/admin/absences');
    expect(absenceMail(day, { ...settings, language: 'en' }).subject).toMatch(/^Family Portal: absences on Tuesday,? 1 December 2026$/);
    expect(absenceMail(day, { ...settings, language: 'ru' }).text).toContain('канцелярии школы');
  });

  it('escapes what families and the office typed in the HTML', () => {
    const { html } = absenceMail(day, settings);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('Schach &lt;b&gt;');
  });
});

describe('absenceMailExpiry', () => {
  it("is the start of the day, on the school's clock, on which the retention deletes that day's reports: twelve months and a day later", () => {
    expect(absenceMailExpiry('2026-12-01', 'Europe/Berlin').toDate().toISOString()).toBe('2027-12-01T23:00:00.000Z');
    expect(absenceMailExpiry('2026-07-01', 'Europe/Berlin').toDate().toISOString()).toBe('2027-07-01T22:00:00.000Z');
    expect(absenceMailExpiry('2028-02-29', 'Europe/Berlin').toDate().toISOString()).toBe('2029-02-28T23:00:00.000Z');
  });
});
