// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import i18n from '../../i18n';
import { delivery, familyStoreStandIn, withFamily } from '../../test/noticeFixtures';
import { useData } from '../../data/DataProvider';
import { forgetKeptFamily } from '../../data/keptFamily';
import { Route, Routes } from 'react-router-dom';
import { NoticesCard } from './DashboardNotices';
import NoticesPage from './FamilyNoticesPage';

const api = vi.hoisted(() => ({ markNoticeRead: vi.fn(), reportAbsence: vi.fn(), withdrawAbsence: vi.fn() }));
vi.mock('../../api/notices', () => api);
// The family's data as the Firestore worker reads it (noticeFixtures.withFamily).
vi.mock('../../data/firebase', () => ({ familyStore: async () => (await import('../../test/noticeFixtures')).familyStoreStandIn }));

beforeEach(async () => {
  await i18n.changeLanguage('en');
  for (const call of Object.values(api)) call.mockReset();
});
afterEach(() => vi.restoreAllMocks());

describe("the dashboard's notices", () => {
  it('lists the newest few first, marks the unread ones with a word, counts them, and links to all', async () => {
    withFamily(<NoticesCard />, {
      notices: [
        delivery('N1', { sentAt: '2026-11-01T08:00:00.000Z', readAt: '2026-11-02T08:00:00.000Z' }),
        delivery('N2', { sentAt: '2026-11-20T08:00:00.000Z' }),
        delivery('N3', { sentAt: '2026-11-10T08:00:00.000Z', kind: 'cancellation' }),
        delivery('N4', { sentAt: '2026-10-01T08:00:00.000Z' }),
      ],
    });
    const card = await screen.findByRole('region', { name: 'Notices from the school office' });
    // The card is there at once; the notices come after the family's figures.
    await within(card).findByText('Title N2');
    const items = () => within(card).getAllByRole('button').filter((button) => button.textContent?.startsWith('Title'));
    expect(items().map((item) => item.textContent)).toEqual(['Title N220 November 2026New', 'Title N3Lesson cancelled · 10 November 2026New', 'Title N11 November 2026']);
    expect(within(card).getByText('3 unread')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'All notices' })).toHaveAttribute('href', '/notices');
  });

  it("comes after the family's figures, keeps its place meanwhile, and says so when it cannot be read", async () => {
    let answer!: { resolve: (value: Awaited<ReturnType<typeof familyStoreStandIn.readCorrespondence>>) => void; reject: (error: Error) => void };
    vi.spyOn(familyStoreStandIn, 'readCorrespondence').mockImplementation(() => new Promise((resolve, reject) => (answer = { resolve, reject })));
    function Dashboard() {
      const { member } = useData();
      return <>{member && <p>Balance of {member.primaryName}: {member.balance}</p>}<NoticesCard /></>;
    }
    const first = withFamily(<Dashboard />, { notices: [delivery('N1')] });
    const card = await screen.findByRole('region', { name: 'Notices from the school office' });
    // The figures are shown while the notices are still being read.
    await waitFor(() => expect(familyStoreStandIn.readCorrespondence).toHaveBeenCalledWith('M0001'));
    expect(await screen.findByText(/^Balance of .+: -440$/)).toBeInTheDocument();
    expect(within(card).getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    answer.resolve({ notices: [delivery('N1')], cancellations: [], absences: [] });
    expect(await within(card).findByText('Title N1')).toBeInTheDocument();
    first.unmount();
    // A new session, which finds nothing kept of the family.
    forgetKeptFamily();

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    withFamily(<Dashboard />, { notices: [] });
    const again = await screen.findByRole('region', { name: 'Notices from the school office' });
    await waitFor(() => expect(familyStoreStandIn.readCorrespondence).toHaveBeenCalledTimes(2));
    answer.reject(Object.assign(new Error('Failed to fetch notices'), { name: 'DataLoadError' }));
    expect(await within(again).findByText('The notices could not be loaded. Reload the page to try again.')).toBeInTheDocument();
    expect(screen.getByText(/^Balance of .+: -440$/)).toBeInTheDocument();
  });

  it('says so when there is none', async () => {
    withFamily(<NoticesCard />, { notices: [] });
    expect(await screen.findByText('No notices yet. When the school office sends one, it appears here.')).toBeInTheDocument();
  });

  it("opens a notice in the reader's language, else the first given, with its line breaks and only http(s) links, and marks it read at once", async () => {
    let answer: (value: { noticeId: string; readAt: string }) => void = () => undefined;
    api.markNoticeRead.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const body = 'Liebe Eltern,\nsiehe https://school.example/plan.\n<b>kein HTML</b> javascript:alert(1)';
    withFamily(<NoticesCard />, { notices: [delivery('N1', { texts: { de: { title: 'Schulfest', body } }, languages: ['de'] })] });
    await userEvent.click(await screen.findByRole('button', { name: /^Schulfest/ }));
    const dialog = screen.getByRole('dialog', { name: 'Schulfest' });
    expect(within(dialog).getByText(/Liebe Eltern/).textContent).toBe(body);
    expect(within(dialog).getAllByRole('link').map((link) => [link.getAttribute('href'), link.getAttribute('rel')])).toEqual([['https://school.example/plan', 'noopener noreferrer']]);
    expect(dialog.querySelector('b')).toBeNull();
    expect(within(dialog).getByText('Sent on 20 November 2026')).toBeInTheDocument();
    // Read on screen before the server answers.
    expect(api.markNoticeRead).toHaveBeenCalledWith('N1');
    expect(screen.queryByText('New')).toBeNull();
    answer({ noticeId: 'N1', readAt: '2026-11-28T10:00:00.000Z' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('button', { name: /^Schulfest/ }));
    expect(api.markNoticeRead).toHaveBeenCalledTimes(1);
  });

  it('shows the text in German for a German reader', async () => {
    await i18n.changeLanguage('de');
    withFamily(<NoticesCard />, { notices: [delivery('N1')] });
    expect(await screen.findByRole('button', { name: /^Titel N1/ })).toBeInTheDocument();
  });

  it('is unread again when the server refuses the mark', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api.markNoticeRead.mockRejectedValue(new ApiError('nope', 404, 'not-found'));
    withFamily(<NoticesCard />, { notices: [delivery('N1')] });
    await userEvent.click(await screen.findByRole('button', { name: /^Title N1/ }));
    await waitFor(() => expect(screen.getByText('New')).toBeInTheDocument());
  });
});

describe('the notices page', () => {
  const page = (at: string, notices: ReturnType<typeof delivery>[]) =>
    withFamily(<Routes><Route path="/notices/:noticeId?" element={<NoticesPage />} /></Routes>, { notices }, at);
  /** The family's 20 newest (what the dashboard reads too) and older ones on the server. */
  const newest = Array.from({ length: 20 }, (_, n) => delivery(`N${40 - n}`, { sentAt: `2026-11-${String(28 - n).padStart(2, '0')}T08:00:00.000Z`, readAt: n === 0 ? null : '2026-11-28T09:00:00.000Z' }));
  const older = [delivery('N20', { sentAt: '2026-10-20T08:00:00.000Z' }), delivery('N19', { sentAt: '2026-10-19T08:00:00.000Z', readAt: '2026-10-20T00:00:00.000Z' })];

  it('lists every notice newest first, "New" in words, and reads older ones a page at a time', async () => {
    const readOlder = vi.spyOn(familyStoreStandIn, 'readOlderNotices').mockResolvedValue({ notices: older, more: false });
    page('/notices', newest);
    expect(await screen.findByRole('heading', { level: 1, name: 'Notices' })).toBeInTheDocument();
    const list = () => within(screen.getByRole('region', { name: 'Notices from the school office' })).getAllByRole('link');
    // The notices come after the family's figures.
    expect(await screen.findByRole('link', { name: /^Title N40/ })).toBeInTheDocument();
    expect(list()).toHaveLength(20);
    expect(list()[0]).toHaveTextContent('Title N4028 November 2026New');
    expect(list()[0]).toHaveAttribute('href', '/notices/N40');
    expect(screen.getByText('1 unread')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show older notices' }));
    expect(readOlder).toHaveBeenCalledWith('M0001', expect.objectContaining({ noticeId: 'N21', sentAt: '2026-11-09T08:00:00.000Z' }));
    await waitFor(() => expect(list()).toHaveLength(22));
    expect(list().slice(-2).map((link) => link.textContent)).toEqual(['Title N2020 October 2026New', 'Title N1919 October 2026']);
    // The last page said there are no more.
    expect(screen.queryByRole('button', { name: 'Show older notices' })).not.toBeInTheDocument();
  });

  it("opens a notice by its link and marks it read, one older than the list by its id, and says so for one that is not the family's", async () => {
    api.markNoticeRead.mockImplementation(async (noticeId: string) => ({ noticeId, readAt: '2026-11-29T10:00:00.000Z' }));
    const readOne = vi.spyOn(familyStoreStandIn, 'readNotice').mockImplementation(async (_memberId: string, noticeId: string) => older.find((notice) => notice.noticeId === noticeId) ?? null);
    const first = page('/notices/N40', newest);
    expect(await screen.findByRole('dialog', { name: 'Title N40' })).toBeInTheDocument();
    await waitFor(() => expect(api.markNoticeRead).toHaveBeenCalledWith('N40'));
    expect(await screen.findByText('Notices from the school office')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('1 unread')).not.toBeInTheDocument());
    first.unmount();

    const second = page('/notices/N20', newest);
    expect(await screen.findByRole('dialog', { name: 'Title N20' })).toBeInTheDocument();
    expect(readOne).toHaveBeenCalledWith('M0001', 'N20');
    await waitFor(() => expect(api.markNoticeRead).toHaveBeenCalledWith('N20'));
    second.unmount();

    page('/notices/N-other', newest);
    expect(await screen.findByText('This notice is not available: it may have been withdrawn, or it was not sent to your family.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
