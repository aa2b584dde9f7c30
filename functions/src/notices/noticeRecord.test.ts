import { officeNoticeSchema } from '@family-portal/contract';
import { describe, expect, it } from 'vitest';
import { canNameDocument, firstTitle, noticeIdFor, officeNoticeOf, type StoredNotice } from './noticeRecord';

const stored: StoredNotice = {
  kind: 'cancellation',
  texts: { ru: { title: 'Отмена', body: 'Текст' }, de: { title: 'Absage', body: 'Text' } },
  languages: ['de', 'ru'],
  audience: { kind: 'lessons', lessonIds: ['L1'], quarterId: 'Q2026-4' },
  auditAudience: { kind: 'lessons', lessonNames: ['Klavier'] },
  cancellation: { lessonId: 'L1', lessonName: 'Klavier', date: '2026-12-07', roomHourId: null, reason: 'krank' },
  sentAt: '2026-11-28T08:00:00.000Z',
  sentBy: 'office@example.com',
  recipients: 3,
  reads: 1,
  withdrawnAt: null,
  withdrawnBy: null,
};

describe('officeNoticeOf', () => {
  it("gives the console's row: the audience as the office chose it, without the stored quarter or names", () => {
    const row = officeNoticeOf('N1', stored);
    expect(officeNoticeSchema.parse(row)).toEqual(row);
    expect(row.audience).toEqual({ kind: 'lessons', lessonIds: ['L1'] });
    expect(row).not.toHaveProperty('auditAudience');
  });

  it('reads a row without `mails` (functions from before the budget, while a deploy is under way) as none counted', () => {
    const { mails, ...older } = officeNoticeOf('N1', stored);
    expect(mails).toBeNull();
    expect(officeNoticeSchema.parse(older).mails).toBeNull();
  });

  it("names a notice by its first language's title", () => {
    expect(firstTitle(stored)).toBe('Absage');
    expect(firstTitle({ ...stored, languages: ['ru', 'de'] })).toBe('Отмена');
  });
});

describe('canNameDocument', () => {
  it('refuses ids no document can have', () => {
    for (const id of ['', '.', '..', 'a/b', '__x__']) expect(canNameDocument(id), id).toBe(false);
    expect(canNameDocument('aZ09-_')).toBe(true);
  });
});

describe('noticeIdFor', () => {
  it("names one document per send: the same key space, admin and key; never another admin's or key space's", () => {
    const id = noticeIdFor('notice', 'office@example.com', 'key-0001');
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(canNameDocument(id)).toBe(true);
    expect(noticeIdFor('notice', 'office@example.com', 'key-0001')).toBe(id);
    expect(noticeIdFor('notice', 'head@example.com', 'key-0001')).not.toBe(id);
    expect(noticeIdFor('cancellation', 'office@example.com', 'key-0001')).not.toBe(id);
    // A closure is a cancellation too, with keys of its own.
    expect(noticeIdFor('closure', 'office@example.com', 'key-0001')).not.toBe(noticeIdFor('cancellation', 'office@example.com', 'key-0001'));
    expect(noticeIdFor('notice', 'office@example.com', 'key-0002')).not.toBe(id);
  });
});
