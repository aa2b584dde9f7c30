/**
 * Notices and absences for component tests, and the family read through the real DataProvider
 * (so that read marks and reports change what the screens show as they do in the app). A test
 * mocks data/firebase's familyStore with `familyStoreStandIn`.
 */
import { render } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { DataProvider } from '../data/DataProvider';
import type { FamilyData } from '../data/familyData';
import type { FamilyAbsence } from '../domain/absences';
import type { NoticeDelivery } from '../domain/notices';
import { familyFixture } from './fixtures';

const store = { family: null as unknown as FamilyData };
/**
 * The Firestore worker's store, answering the family `withFamily` was given as the real one
 * does: its figures first, its notices, cancelled lessons and absences in a read of their own.
 */
export const familyStoreStandIn = {
  readFamily: async (): Promise<FamilyData> => ({ ...store.family, notices: [], cancellations: [], absences: [] }),
  readCorrespondence: async () => ({ notices: store.family.notices, cancellations: store.family.cancellations, absences: store.family.absences }),
  /** The notices page's reads beyond the newest: stubbed by the tests that use them. */
  readOlderNotices: async (_memberId: string, _after: Pick<NoticeDelivery, 'noticeId' | 'sentAt'>): Promise<{ notices: NoticeDelivery[]; more: boolean }> => ({ notices: [], more: false }),
  readNotice: async (_memberId: string, _noticeId: string): Promise<NoticeDelivery | null> => null,
};

export const delivery = (noticeId: string, overrides: Partial<NoticeDelivery> = {}): NoticeDelivery => ({
  noticeId,
  memberId: 'M0001',
  kind: 'notice',
  sentAt: '2026-11-20T08:00:00.000Z',
  texts: { de: { title: `Titel ${noticeId}`, body: 'Text' }, en: { title: `Title ${noticeId}`, body: 'Text' } },
  languages: ['de', 'en'],
  cancellation: null,
  readAt: null,
  ...overrides,
});

/** The family of the fixture with these notices, read through the real DataProvider, at `at`. */
export function withFamily(ui: ReactNode, family: Partial<FamilyData>, at = '/') {
  const { loading: _l, correspondenceLoading: _cl, correspondenceError: _ce, error: _e, replaceMember: _r, applyReadMark: _a, applyAbsence: _b, removeAbsence: _c, ...data } = familyFixture();
  store.family = { ...data, ...family };
  return render(createElement(MemoryRouter, { initialEntries: [at] }, createElement(DataProvider, { email: 'anna.mueller@example.com', children: ui })));
}

export const absence = (id: string, overrides: Partial<FamilyAbsence> = {}): FamilyAbsence => ({
  id,
  memberId: 'M0001',
  childId: 'C1',
  lessonIds: ['L1'],
  from: '2026-12-01',
  to: '2026-12-01',
  reason: '',
  reportedAt: '2026-11-28T08:00:00.000Z',
  reportedBy: 'anna.mueller@example.com',
  ...overrides,
});
