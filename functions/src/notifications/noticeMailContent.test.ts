import { usableAsDocumentId } from '@family-portal/contract';
import { describe, expect, it } from 'vitest';
import { noticeMailId } from './documentIds';
import { TEST_MAIL_SETTINGS } from './mailTestSettings';
import { dayText, noticeMail, type NoticeFacts } from './noticeMailContent';
import { readUnsubscribeToken } from './unsubscribeToken';

const settings = TEST_MAIL_SETTINGS;
const anna = { uid: 'uid-anna', email: 'anna@example.com', name: 'Anna Müller', language: 'en' as const };
const notice: NoticeFacts = {
  noticeId: 'N-fest',
  kind: 'notice',
  texts: {
    de: { title: 'Sommerfest am Samstag', body: 'Liebe Familien,\n\nam Samstag feiern wir.\nMehr unter https://lindenhof.example/fest.' },
    ru: { title: 'Летний праздник в субботу', body: 'Дорогие семьи,\n\nв субботу праздник.' },
  },
  languages: ['de', 'ru'],
  cancellation: null,
};
const cancellation: NoticeFacts = {
  noticeId: 'N-klavier',
  kind: 'cancellation',
  texts: {
    en: { title: 'Klavier on Tuesday, 1 December 2026 is cancelled', body: 'Klavier on Tuesday, 1 December 2026, 15:00-15:45, is cancelled. Reason: Frau Lind is ill.' },
    de: { title: 'Klavier fällt am Dienstag, 1. Dezember 2026 aus', body: 'Klavier am Dienstag, 1. Dezember 2026, 15:00-15:45, fällt aus. Grund: Frau Lind ist krank.' },
  },
  languages: ['de', 'en'],
  cancellation: { lessonId: 'L1', lessonName: 'Klavier', date: '2026-12-01', roomHourId: null, reason: 'Frau Lind ist krank.' },
};
const tokenOf = (text: string) => /https:\/\/portal\.lindenhof\.example\/unsubscribe\?token=([\w.-]+)/.exec(text)![1]!;

describe('the e-mail of a notice from the school office', () => {
  it("gives the parent's language where the office wrote it, in the association's frame, with the notices' unsubscribe link", () => {
    const mail = noticeMail(notice, { ...anna, language: 'ru' }, settings);
    expect(mail.message.subject).toBe('Семейный портал: Летний праздник в субботу');
    expect(mail.message.text).toContain('Здравствуйте, Anna Müller!\n\nКанцелярия школы прислала сообщение:\n\nЛетний праздник в субботу\n\nДорогие семьи,\n\nв субботу праздник.');
    // The link opens this notice.
    expect(mail.message.text).toContain('Прочитать на портале: https://portal.lindenhof.example/notices/N-fest\n');
    expect(mail.message.text.startsWith('Schulverein Lindenhof e.V.\n\n')).toBe(true);
    expect(mail.message.html).toContain('<html lang="ru">');
    expect(readUnsubscribeToken(tokenOf(mail.message.text), 'link-key')).toEqual({ uid: 'uid-anna', kind: 'notices' });
    expect(mail.message.text).toContain('потому что включили его на Семейном портале');
    expect(mail.headers['List-Unsubscribe']).toContain('/unsubscribeOneClick?token=');
  });

  it('falls back to the first language the office gave, in a frame of the parent’s own language', () => {
    const mail = noticeMail(notice, anna, settings);
    expect(mail.message.subject).toBe('Family Portal: Sommerfest am Samstag');
    expect(mail.message.text).toContain('Dear Anna Müller,\n\nThe school office has sent a notice:\n\nSommerfest am Samstag');
  });

  it('keeps paragraphs and line breaks, and makes only http(s) addresses links, without the full stop after them', () => {
    const { html } = noticeMail(notice, { ...anna, language: 'de' }, settings).message;
    expect(html).toContain('<p style="margin:0 0 16px;overflow-wrap:anywhere">Liebe Familien,</p>');
    expect(html).toContain(
      'am Samstag feiern wir.<br>Mehr unter <a href="https://lindenhof.example/fest" rel="noopener noreferrer" style="color:#0f766e">https://lindenhof.example/fest</a>.',
    );
  });

  it("escapes the office's text in the HTML and keeps the subject on one line", () => {
    const hostile: NoticeFacts = {
      ...notice,
      texts: {
        en: {
          title: 'Fest <img src=x onerror=alert(1)>',
          body: '<script>alert("x")</script> & <a href="javascript:alert(1)">hier</a> javascript:alert(1) https://ok.example/?a=1&b="2"',
        },
      },
      languages: ['en'],
    };
    const mail = noticeMail(hostile, anna, settings);
    expect(mail.message.html).not.toMatch(/<script|<img|<a href="javascript/);
    expect(mail.message.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;a href=&quot;javascript:alert(1)&quot;&gt;hier&lt;/a&gt; javascript:alert(1)');
    expect(mail.message.html).toContain('Fest &lt;img src=x onerror=alert(1)&gt;');
    // An address is cut where a quote begins: nothing leaves the href attribute.
    expect(mail.message.html).toContain('<a href="https://ok.example/?a=1&amp;b=" rel="noopener noreferrer"');
    expect(mail.message.text).toContain('<script>alert("x")</script> &');
    expect(mail.message.subject).not.toMatch(/[\r\n]/);
  });
});

describe('the e-mail of a cancelled lesson', () => {
  it('names the course and the date, and says why it comes, with the unsubscribe-from-cancellations link', () => {
    const mail = noticeMail(cancellation, { ...anna, language: 'de' }, settings);
    expect(mail.message.subject).toBe('Familienportal: Klavier fällt am Dienstag, 1. Dezember 2026 aus');
    expect(mail.message.text).toContain('das Schulbüro hat eine Unterrichtsstunde Ihrer Kinder abgesagt:');
    expect(mail.message.text).toContain('Kurs: Klavier\nDatum: Dienstag, 1. Dezember 2026');
    expect(mail.message.text).toContain('Grund: Frau Lind ist krank.');
    expect(mail.message.text).toContain('Absage im Portal ansehen: https://portal.lindenhof.example/notices/N-klavier');
    expect(mail.message.text).toContain('weil eine für Ihre Kinder gebuchte Unterrichtsstunde ausfällt');
    expect(mail.message.text).not.toContain('weil Sie sie im Familienportal eingeschaltet haben');
    expect(readUnsubscribeToken(tokenOf(mail.message.text), 'link-key')).toEqual({ uid: 'uid-anna', kind: 'lessonCancelled' });
  });

  it('reads in English and in Russian (the office text falling back to its first language)', () => {
    expect(noticeMail(cancellation, anna, settings).message.text).toContain('Course: Klavier\nDate: Tuesday, 1 December 2026');
    const russian = noticeMail(cancellation, { ...anna, language: 'ru' }, settings).message;
    expect(russian.subject).toBe('Семейный портал: Klavier fällt am Dienstag, 1. Dezember 2026 aus');
    expect(russian.text).toContain('Занятие: Klavier\nДата: вторник, 1 декабря 2026');
  });
});

describe('the e-mail of a day the school is closed', () => {
  it('says the school is closed, names the date and no course, with the unsubscribe-from-cancellations link', () => {
    const closure: NoticeFacts = {
      noticeId: 'N-closed',
      kind: 'cancellation',
      texts: { en: { title: 'The school is closed on Friday, 11 December 2026', body: 'The school is closed on Friday, 11 December 2026: your children\'s lessons that day are cancelled.\nReason: Burst pipe' } },
      languages: ['en'],
      cancellation: { lessonId: null, lessonName: '', date: '2026-12-11', roomHourId: null, reason: 'Burst pipe' },
    };
    const mail = noticeMail(closure, anna, settings).message;
    expect(mail.text).toContain('The school is closed for a day on which your children have lessons:\n\nThe school is closed on Friday, 11 December 2026\n\nDate: Friday, 11 December 2026\n');
    expect(mail.text).not.toContain('Course:');
    expect(readUnsubscribeToken(tokenOf(mail.text), 'link-key')).toEqual({ uid: 'uid-anna', kind: 'lessonCancelled' });
    expect(noticeMail(closure, { ...anna, language: 'de' }, settings).message.text).toContain('die Schule bleibt an einem Tag geschlossen, an dem Ihre Kinder Unterricht haben:');
  });
});

describe('a day in words', () => {
  it('is the calendar day whatever the server’s zone, and the stored text when it is no day', () => {
    expect(dayText('2026-12-01', 'en-GB')).toBe('Tuesday, 1 December 2026');
    expect(dayText('soon', 'en-GB')).toBe('soon');
  });
});

describe('the id of a notice e-mail', () => {
  it('is one per notice and account', () => {
    const id = noticeMailId('N1', 'uid-anna');
    expect(noticeMailId('N1', 'uid-anna')).toBe(id);
    expect(new Set([id, noticeMailId('N2', 'uid-anna'), noticeMailId('N1', 'uid-ben')]).size).toBe(3);
    expect(usableAsDocumentId(id)).toBe(true);
  });
});
