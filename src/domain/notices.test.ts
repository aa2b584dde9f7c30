import { describe, expect, it } from 'vitest';
import { allNotices, newestFirst, planCancellations, unreadCount, withReadAt, type NoticeDelivery } from './notices';

const notice = (noticeId: string, overrides: Partial<NoticeDelivery> = {}): NoticeDelivery => ({
  noticeId,
  memberId: 'M1',
  kind: 'notice',
  sentAt: '2026-11-20T08:00:00.000Z',
  texts: { de: { title: 'Hallo', body: 'Text' } },
  languages: ['de'],
  cancellation: null,
  readAt: null,
  ...overrides,
});
const cancelled = (noticeId: string, date: string, roomHourId: string | null = null, lessonId = 'L1') =>
  notice(noticeId, { kind: 'cancellation', cancellation: { lessonId, lessonName: 'Mathe', date, roomHourId, reason: 'Lehrerin krank' } });

describe('notices', () => {
  it('counts the unread ones; a read mark is set, and taken back, on that notice only', () => {
    const notices = [notice('N1'), notice('N2', { readAt: '2026-11-21T09:00:00.000Z' }), notice('N3')];
    expect(unreadCount(notices)).toBe(2);
    const marked = withReadAt(notices, 'N1', '2026-11-28T10:00:00.000Z');
    expect(marked.map((n) => n.readAt)).toEqual(['2026-11-28T10:00:00.000Z', '2026-11-21T09:00:00.000Z', null]);
    expect(unreadCount(withReadAt(marked, 'N1', null))).toBe(2);
  });

  it("joins the newest and the older pages newest first, once each, the newest read's copy winning", () => {
    const newest = [notice('N3', { sentAt: '2026-11-03T00:00:00.000Z', readAt: '2026-11-04T00:00:00.000Z' }), notice('N2', { sentAt: '2026-11-02T00:00:00.000Z' })];
    const older = [notice('N2', { sentAt: '2026-11-02T00:00:00.000Z' }), notice('N1', { sentAt: '2026-11-01T00:00:00.000Z' }), notice('N3', { sentAt: '2026-11-03T00:00:00.000Z' })];
    const all = allNotices(newest, older);
    expect(all.map((n) => n.noticeId)).toEqual(['N3', 'N2', 'N1']);
    expect(all[0]!.readAt).toBe('2026-11-04T00:00:00.000Z');
  });

  it('sorts newest first', () => {
    expect(newestFirst([notice('old', { sentAt: '2026-10-01T00:00:00.000Z' }), notice('new', { sentAt: '2026-11-01T00:00:00.000Z' })]).map((n) => n.noticeId)).toEqual(['new', 'old']);
  });
});

describe('planCancellations', () => {
  const quarters = [{ id: 'Q4', firstDay: '2026-10-01', lastDay: '2026-12-31' }];
  const plan = { lessonId: 'L1', roomHourIds: ['RH1'], quarterId: 'Q4' };
  const roomHours = [{ id: 'RH1', dayOfWeek: 'Mo.' as const }];

  it("marks the plan's course on the cancelled dates of its quarter, earliest first", () => {
    const found = planCancellations(plan, quarters, [cancelled('N2', '2026-12-14'), cancelled('N1', '2026-12-07'), cancelled('N3', '2027-01-11'), cancelled('N4', '2026-12-07', null, 'L2'), notice('N5')], roomHours);
    expect(found).toEqual([
      { noticeId: 'N1', date: '2026-12-07', reason: 'Lehrerin krank', roomHourId: null },
      { noticeId: 'N2', date: '2026-12-14', reason: 'Lehrerin krank', roomHourId: null },
    ]);
  });

  it('a cancellation of one room hour concerns only a plan with that time', () => {
    expect(planCancellations(plan, quarters, [cancelled('N1', '2026-12-07', 'RH1')], roomHours)).toHaveLength(1);
    expect(planCancellations(plan, quarters, [cancelled('N1', '2026-12-07', 'RH2')], roomHours)).toEqual([]);
  });

  it('a day the school is closed cancels each of the plan\'s times on that weekday, and no other day', () => {
    const closed = (noticeId: string, date: string) => notice(noticeId, { kind: 'cancellation', cancellation: { lessonId: null, lessonName: '', date, roomHourId: null, reason: 'Schnee' } });
    const twice = { ...plan, roomHourIds: ['RH1', 'RH2', 'RH3'] };
    const hours = [...roomHours, { id: 'RH2', dayOfWeek: 'Do.' as const }, { id: 'RH3', dayOfWeek: 'Mo.' as const }, { id: 'RH9', dayOfWeek: 'Mo.' as const }];
    // Monday 7 December: both Monday times (not another plan's RH9); Tuesday the 8th: no time of the plan's.
    expect(planCancellations(twice, quarters, [closed('N1', '2026-12-07'), closed('N2', '2026-12-08')], hours)).toEqual([
      { noticeId: 'N1', date: '2026-12-07', reason: 'Schnee', roomHourId: 'RH1' },
      { noticeId: 'N1', date: '2026-12-07', reason: 'Schnee', roomHourId: 'RH3' },
    ]);
    expect(planCancellations(twice, quarters, [closed('N3', '2027-01-04')], hours)).toEqual([]);
  });
});
