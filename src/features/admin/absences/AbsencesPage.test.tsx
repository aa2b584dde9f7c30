// @vitest-environment jsdom
import type { AbsenceList } from '@family-portal/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../../auth/AuthProvider';
import i18n from '../../../i18n';
import AbsencesPage from './AbsencesPage';

vi.mock('../../../api/idToken', () => ({ currentIdToken: async () => 'admin-token' }));
vi.mock('../../../lib/schoolClock', async (actual) => ({ ...(await actual<typeof import('../../../lib/schoolClock')>()), todayIso: () => '2026-11-30' }));

const LIST: AbsenceList = {
  from: '2026-11-30',
  days: [
    {
      date: '2026-11-30',
      lessons: [
        { lessonId: 'L1', lessonName: 'Piano', children: [
          { absenceId: 'A1', childId: 'C1', childName: 'Mia Müller', familyName: 'Anna Müller', reason: 'Flu' },
          { absenceId: 'A2', childId: 'C2', childName: 'Leo Petrov', familyName: 'Olga Petrova', reason: '' },
        ] },
      ],
    },
    { date: '2026-12-01', lessons: [] },
    { date: '2026-12-02', lessons: [{ lessonId: 'L2', lessonName: 'Chess', children: [{ absenceId: 'A3', childId: 'C1', childName: 'Mia Müller', familyName: 'Anna Müller', reason: '<i>Doctor</i>' }] }] },
  ],
};

let queries: URLSearchParams[];
let answer: () => Response;
const json = (body: unknown, status = 200) => Response.json(body, { status });

beforeEach(async () => {
  await i18n.changeLanguage('en');
  queries = [];
  answer = () => json({ data: LIST });
  vi.stubGlobal('fetch', vi.fn(async (url: string) => {
    const { pathname, searchParams } = new URL(url);
    if (!pathname.endsWith('/listAbsences')) throw new Error(`unexpected call ${pathname}`);
    queries.push(searchParams);
    return answer();
  }));
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  return render(
    <AuthContext.Provider value={{ user: { uid: 'a', email: 'office@example.com', emailVerified: true, displayName: null, photoURL: null, isAdmin: true }, loading: false, refreshUser: async () => null }}>
      <MemoryRouter initialEntries={['/admin/absences']}>
        <AbsencesPage />
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

describe("the office's absences", () => {
  it("lists today's and the next days' absences per lesson, with family and reason", async () => {
    renderPage();
    const today = within(await screen.findByRole('region', { name: 'Mon, 30 Nov 2026 (today)' }));
    const piano = within(today.getByRole('region', { name: 'Piano: 2 children absent' }));
    expect(piano.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Mia MüllerFamily: Anna MüllerReason: Flu',
      'Leo PetrovFamily: Olga PetrovaNo reason given',
    ]);
    expect(within(screen.getByRole('region', { name: 'Tue, 1 Dec 2026' })).getByText('No absence reported.')).toBeInTheDocument();
    const chess = within(screen.getByRole('region', { name: 'Wed, 2 Dec 2026' }));
    expect(chess.getByRole('heading', { name: 'Chess: 1 child absent' })).toBeInTheDocument();
    // A parent's reason is text, never HTML.
    expect(chess.getByText('Reason: <i>Doctor</i>')).toBeInTheDocument();
    expect(document.querySelector('main i')).toBeNull();
    expect(queries.map((query) => Object.fromEntries(query))).toEqual([{ from: '2026-11-30', days: '7' }]);
  });

  it('asks for other days, and says so when nobody is reported absent', async () => {
    renderPage();
    await screen.findByRole('region', { name: 'Mon, 30 Nov 2026 (today)' });
    answer = () => json({ data: { from: '2026-11-30', days: [{ date: '2026-11-30', lessons: [] }, { date: '2026-12-01', lessons: [] }, { date: '2026-12-02', lessons: [] }] } });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Days' }), '3 days');
    expect(await screen.findByText('No absence has been reported for these days.')).toBeInTheDocument();
    expect(Object.fromEntries(queries.at(-1)!)).toEqual({ from: '2026-11-30', days: '3' });
  });

  it('says what failed and loads again on request', async () => {
    answer = () => json({ error: 'permission-denied', message: 'no' }, 403);
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading the absences: You are not allowed to do this.');
    answer = () => json({ data: LIST });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Mon, 30 Nov 2026 (today)' })).toBeInTheDocument();
  });
});
