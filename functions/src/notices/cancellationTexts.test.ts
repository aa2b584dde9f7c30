import { MAX_NOTICE_TITLE, noticeTextSchema } from '@family-portal/contract';
import { describe, expect, it } from 'vitest';
import { cancellationTexts, closureTexts, longDay, timeOf } from './cancellationTexts';

const texts = (lessonName = 'Klavier', hourLabels = ['3 15:00-16:00']) =>
  cancellationTexts({ lessonName, date: '2026-11-30', hourLabels, reason: 'Die Lehrerin ist krank.', timeZone: 'Europe/Berlin' });

describe('cancellationTexts', () => {
  it('names the lesson, the day in each language, the time and the reason', () => {
    const { de, en, ru } = texts();
    expect(de).toEqual({ title: 'Klavier fällt am Montag, 30. November 2026 aus', body: 'Klavier fällt am Montag, 30. November 2026 (15:00–16:00) aus.\nGrund: Die Lehrerin ist krank.' });
    expect(en.title).toBe('Klavier is cancelled on Monday, 30 November 2026');
    expect(en.body).toContain('(15:00–16:00)');
    expect(ru.title).toBe('Klavier: занятие понедельник, 30 ноября 2026 г. отменено');
    expect(ru.body).toMatch(/^Занятие «Klavier» .*\nПричина: Die Lehrerin ist krank\.$/);
  });

  it('gives texts a notice may have: one-line titles within the limit, even for a long or broken name', () => {
    for (const text of Object.values(texts(`${'Sehr langer Kursname '.repeat(10)}\nzweite Zeile`))) {
      expect(noticeTextSchema.safeParse(text).success).toBe(true);
      expect(text.title.length).toBeLessThanOrEqual(MAX_NOTICE_TITLE);
    }
  });

  it('lists each time once, and leaves the time out when no room hour names one', () => {
    expect(texts('Kunst', ['3 15:00-16:00', '4 15:00-16:00', '5 16:00-17:00']).en.body).toContain('(15:00–16:00, 16:00–17:00)');
    expect(texts('Kunst', []).en.body).toMatch(/^Kunst on Monday, 30 November 2026 is cancelled\./);
  });
});

describe('closureTexts', () => {
  it('names the day in each language and the reason, in texts a notice may have', () => {
    const texts = closureTexts({ date: '2026-12-11', reason: 'Rohrbruch im Schulgebäude', timeZone: 'Europe/Berlin' });
    expect(texts.de).toEqual({
      title: 'Die Schule ist am Freitag, 11. Dezember 2026 geschlossen',
      body: 'Die Schule ist am Freitag, 11. Dezember 2026 geschlossen: Der Unterricht Ihrer Kinder an diesem Tag fällt aus.\nGrund: Rohrbruch im Schulgebäude',
    });
    expect(texts.en.title).toBe('The school is closed on Friday, 11 December 2026');
    expect(texts.ru.title).toBe('Школа закрыта: пятница, 11 декабря 2026 г.');
    expect(texts.ru.body).toMatch(/\nПричина: Rohrbruch im Schulgebäude$/);
    for (const text of Object.values(texts)) expect(noticeTextSchema.safeParse(text).success).toBe(true);
  });
});

describe('longDay and timeOf', () => {
  it('writes the school day, whatever zone the server runs in', () => {
    expect(longDay('2026-03-29', 'de', 'Pacific/Kiritimati')).toBe('Sonntag, 29. März 2026');
    expect(longDay('2026-03-29', 'en', 'Pacific/Pago_Pago')).toBe('Sunday, 29 March 2026');
  });

  it('reads a label with a time, and keeps a label without one', () => {
    expect(timeOf('08:00-08:45')).toBe('8:00–8:45');
    expect(timeOf('7 nach Absprache')).toBe('nach Absprache');
  });
});
