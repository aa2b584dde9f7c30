// @vitest-environment jsdom
import type { BookingRequestsAnswer, OfficeRequestRow } from '@family-portal/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../../auth/AuthProvider';
import i18n from '../../../i18n';
import { request as bookingRequest } from '../../../test/bookingFixtures';
import RequestsPage from './RequestsPage';

vi.mock('../../../api/idToken', () => ({ currentIdToken: async () => 'admin-token' }));

const offer = (offerId: string, lessonId: string, lessonName: string, places: number, roomHours: BookingRequestsAnswer['offers'][number]['roomHours'], taken: Record<string, number>) => ({
  offerId, lessonId, lessonName, teacherName: 'Irina Wolf', hours: null, pricePerHour: 15, extrasPerQuarter: 0, weeks: 12, places, requestsUntil: '2027-03-15', roomHours, taken,
});
const request = (id: string, childName: string, familyName: string, memberId: string, lessonId: string, lessonName: string, roomHourIds: string[], status: OfficeRequestRow['status'], requestedAt: string, note: string | null = null): OfficeRequestRow => ({
  id, status, childId: `C-${id}`, childName, memberId, familyName, familyActive: true, overbooked: false, offerId: lessonId === 'L1' ? 'O1' : 'O2', lessonId, lessonName, roomHourIds, weeks: 12, requestedAt, decidedAt: null, note, planId: null, waitingSince: null,
});

const piano = offer('O1', 'L1', 'Piano', 3, [
  { id: 'RH1', dayOfWeek: 'Mo.', hourRefLabel: '1 - 15:00-16:00', roomName: 'Room A' },
  { id: 'RH2', dayOfWeek: 'Mi.', hourRefLabel: '2 - 16:00-17:00', roomName: 'Room B' },
], { RH1: 3, RH2: 1 });
const chess = offer('O2', 'L2', 'Chess', 5, [{ id: 'RH3', dayOfWeek: 'Fr.', hourRefLabel: '3 - 14:00-15:00', roomName: null }], {});

const ANSWER: BookingRequestsAnswer = {
  quarter: { id: 'Q2027-1', name: 'Spring 2027' },
  offers: [piano, chess],
  requests: [
    request('R2', 'Leo Petrov', 'Olga Petrova', 'M0002', 'L2', 'Chess', ['RH3'], 'requested', '2026-11-21T09:00:00.000Z'),
    request('R1', 'Mia Müller', 'Anna Müller', 'M0001', 'L1', 'Piano', ['RH2'], 'requested', '2026-11-20T09:00:00.000Z'),
    request('R3', 'Ben Müller', 'Anna Müller', 'M0001', 'L1', 'Piano', ['RH1'], 'confirmed', '2026-11-19T09:00:00.000Z', 'Bring indoor shoes'),
    request('R4', 'Ida Schmidt', 'Eva Schmidt', 'M0003', 'L2', 'Chess', ['RH3'], 'requested', '2026-11-22T09:00:00.000Z'),
    request('R5', 'Tom Bauer', 'Jan Bauer', 'M0004', 'L2', 'Chess', ['RH3'], 'withdrawn', '2026-11-18T09:00:00.000Z'),
  ],
};

interface Call { name: string; body?: unknown }
let calls: Call[];
/** What each function answers next: a JSON body and status, or a promise of one. */
let answers: Record<string, () => Promise<Response> | Response>;

const json = (body: unknown, status = 200) => Response.json(body, { status });

beforeEach(async () => {
  await i18n.changeLanguage('en');
  calls = [];
  answers = { listBookingRequests: () => json({ data: ANSWER }) };
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const name = new URL(url).pathname.split('/').pop()!;
    calls.push({ name, body: init?.body ? JSON.parse(init.body as string) : undefined });
    const answer = answers[name];
    if (!answer) throw new Error(`unexpected call ${name}`);
    return answer();
  }));
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(entry = '/admin/requests') {
  return render(
    <AuthContext.Provider value={{ user: { uid: 'a', email: 'office@example.com', emailVerified: true, displayName: null, photoURL: null, isAdmin: true }, loading: false, refreshUser: async () => null }}>
      <MemoryRouter initialEntries={[entry]}>
        <RequestsPage />
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

const requestsRegion = () => screen.findByRole('region', { name: 'Requests' });
/** The table (from the lg breakpoint) and the cards (below it): both are in the page. */
async function views() {
  const region = await requestsRegion();
  return { table: within(within(region).getByRole('table', { name: 'Requests' })), cards: within(within(region).getByRole('list', { name: 'Requests' })) };
}
const decideCalls = () => calls.filter((call) => call.name === 'decideBookingRequests');
const listCalls = () => calls.filter((call) => call.name === 'listBookingRequests');

describe("the office's course requests", () => {
  it('shows the free places per offer and room hour, and the waiting requests oldest first, as a table and as cards', async () => {
    renderPage();
    const places = await screen.findByRole('region', { name: 'Free places' });
    const pianoTimes = within(within(places).getByRole('list', { name: 'Places of Piano per time' }));
    expect(pianoTimes.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Mon 15:00-16:00, Room Afull, 0 of 3 free', 'Wed 16:00-17:00, Room B2 of 3 free']);
    expect(within(places).getAllByText('Teacher: Irina Wolf · 12 weeks · Requests until 15/03/2027')).toHaveLength(2);
    expect(within(places).getByRole('list', { name: 'Places of Chess per time' })).toHaveTextContent('Fri 14:00-15:005 of 5 free');
    expect(screen.getByText('Next quarter: Spring 2027')).toBeInTheDocument();

    const { table, cards } = await views();
    // Requested by default: the confirmed and the withdrawn one are not shown.
    expect(table.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual([
      'Mia MüllerAnna Müller (M0001)', 'Leo PetrovOlga Petrova (M0002)', 'Ida SchmidtEva Schmidt (M0003)',
    ]);
    const first = within(table.getAllByRole('row')[1]!);
    expect(first.getByRole('cell', { name: 'PianoWed 16:00-17:00, Room B' })).toBeInTheDocument();
    // Admin dates in de-DE, on the school's clock.
    expect(first.getByRole('cell', { name: '20 Nov 2026, 10:00:00' })).toBeInTheDocument();
    expect(first.getByText('Requested')).toBeInTheDocument();
    // One card per request (each with its times as a list of their own).
    const cardItems = [...within(await requestsRegion()).getByRole('list', { name: 'Requests' }).children] as HTMLElement[];
    expect(cardItems).toHaveLength(3);
    expect(within(cardItems[0]!).getByText('Anna Müller (M0001)')).toBeInTheDocument();
    expect(within(cardItems[0]!).getByRole('listitem')).toHaveTextContent('Wed 16:00-17:00, Room B');
    for (const view of [table, cards]) expect(view.getByRole('button', { name: 'Confirm the request of Leo Petrov for Chess' })).toBeEnabled();
    expect(listCalls()).toHaveLength(1);
  });

  it('marks a family whose membership ended and a request beyond its places, which cannot be confirmed', async () => {
    const ended = { ...request('R6', 'Kai Wolf', 'Lena Wolf', 'M0005', 'L2', 'Chess', ['RH3'], 'requested', '2026-11-23T09:00:00.000Z'), familyActive: false };
    const over = { ...request('R7', 'Nora Brandt', 'Paul Brandt', 'M0006', 'L1', 'Piano', ['RH1'], 'requested', '2026-11-24T09:00:00.000Z'), overbooked: true };
    answers.listBookingRequests = () => json({ data: { ...ANSWER, requests: [...ANSWER.requests, ended, over] } });
    renderPage();
    const { table, cards } = await views();
    for (const view of [table, cards]) {
      expect(view.getByText('Membership ended')).toBeInTheDocument();
      const confirm = view.getByRole('button', { name: 'Confirm the request of Nora Brandt for Piano' });
      expect(confirm).toBeDisabled();
      expect(confirm).toHaveAccessibleDescription(/Over capacity: more requests than places hold this time/);
      // A former family's request can still be decided (declined), but says so beside its name.
      expect(view.getByRole('button', { name: 'Confirm the request of Kai Wolf for Chess' })).toBeEnabled();
      expect(view.getByRole('button', { name: 'Decline the request of Nora Brandt for Piano' })).toBeEnabled();
    }
    expect(table.getAllByText('Membership ended')).toHaveLength(1);
  });

  it('filters by lesson and by status, with the count of each status', async () => {
    renderPage();
    const status = await screen.findByRole('combobox', { name: 'Status' });
    expect([...(status as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'All statuses (5)', 'Requested (3)', 'Waiting list (0)', 'Confirmed (1)', 'Declined (0)', 'Withdrawn (1)',
    ]);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Lesson' }), 'Chess');
    const { table } = await views();
    expect(table.getAllByRole('row')).toHaveLength(3);
    expect(table.queryByText('Mia Müller')).not.toBeInTheDocument();
    expect([...(status as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'All statuses (3)', 'Requested (2)', 'Waiting list (0)', 'Confirmed (0)', 'Declined (0)', 'Withdrawn (1)',
    ]);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Lesson' }), 'All lessons');
    await userEvent.selectOptions(status, 'Confirmed (1)');
    const confirmed = (await views()).table;
    expect(confirmed.getAllByRole('row')).toHaveLength(2);
    const row = within(confirmed.getAllByRole('row')[1]!);
    expect(row.getByText('Ben Müller')).toBeInTheDocument();
    expect(row.getByText('Confirmed')).toBeInTheDocument();
    expect(row.getByRole('cell', { name: 'Bring indoor shoes' })).toBeInTheDocument();
    // A decided request has nothing to select or decide.
    expect(row.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(row.queryByRole('button')).not.toBeInTheDocument();

    await userEvent.selectOptions(status, 'Declined (0)');
    expect(within(await requestsRegion()).getByText('No request matches this filter.')).toBeInTheDocument();
  });

  it('reads the filter from the address it was left with', async () => {
    renderPage('/admin/requests?lesson=L1&status=all');
    const { table } = await views();
    expect(table.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1]!.firstChild!.textContent)).toEqual(['Ben Müller', 'Mia Müller']);
    expect(screen.getByRole('combobox', { name: 'Lesson' })).toHaveDisplayValue('Piano');
  });

  it('confirms several selected requests at once, shows what became of each and loads the list again', async () => {
    renderPage();
    const { table, cards } = await views();
    const confirmSelected = screen.getByRole('button', { name: 'Confirm selected' });
    expect(confirmSelected).toBeDisabled();
    await userEvent.click(cards.getByRole('checkbox', { name: 'Select the request of Mia Müller for Piano' }));
    await userEvent.click(table.getByRole('checkbox', { name: 'Select the request of Ida Schmidt for Chess' }));
    expect(table.getByRole('checkbox', { name: 'Select the request of Mia Müller for Piano' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm 2 selected' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm 2 requests' }));
    expect(dialog.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Mia Müller, Piano', 'Ida Schmidt, Chess']);
    answers.decideBookingRequests = () => json({ data: { results: [{ requestId: 'R1', outcome: 'confirmed' }, { requestId: 'R4', outcome: 'confirmed' }] } });
    answers.listBookingRequests = () => json({ data: { ...ANSWER, requests: ANSWER.requests.map((row) => (['R1', 'R4'].includes(row.id) ? { ...row, status: 'confirmed' } : row)) } });
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Decided: 2 of 2')).toBeInTheDocument();
    expect(screen.getByText('Mia Müller, Piano: confirmed')).toBeInTheDocument();
    expect(screen.getByText('Ida Schmidt, Chess: confirmed')).toBeInTheDocument();
    expect(decideCalls().map((call) => call.body)).toEqual([{ requestIds: ['R1', 'R4'], decision: 'confirm' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The list again: only Leo waits now, and nothing is selected.
    await vi.waitFor(() => expect(listCalls()).toHaveLength(2));
    await vi.waitFor(async () => expect((await views()).table.getAllByRole('row')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Confirm selected' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Requested (1)');
  });

  it('sends once when the button is clicked twice, and keeps every decision disabled while it is sent', async () => {
    renderPage();
    const { table } = await views();
    let answer!: (response: Response) => void;
    answers.decideBookingRequests = () => new Promise<Response>((resolve) => { answer = resolve; });
    await userEvent.click(table.getByRole('button', { name: 'Confirm the request of Leo Petrov for Chess' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm 1 request' }));
    const send = dialog.getByRole('button', { name: 'Confirm' });
    fireEvent.click(send);
    fireEvent.click(send);
    expect(await dialog.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(table.getByRole('button', { name: 'Confirm the request of Mia Müller for Piano' })).toBeDisabled();
    expect(table.getByRole('checkbox', { name: 'Select the request of Mia Müller for Piano' })).toBeDisabled();
    answer(json({ data: { results: [{ requestId: 'R2', outcome: 'confirmed' }] } }));
    expect(await screen.findByText('Leo Petrov, Chess: confirmed')).toBeInTheDocument();
    expect(decideCalls()).toHaveLength(1);
    expect(table.getByRole('button', { name: 'Confirm the request of Mia Müller for Piano' })).toBeEnabled();
  });

  it('declines one request with a note to the family, checked by the contact form rules first', async () => {
    renderPage();
    const { cards } = await views();
    await userEvent.click(cards.getByRole('button', { name: 'Decline the request of Mia Müller for Piano' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Decline 1 request' }));
    const note = dialog.getByRole('textbox', { name: 'Note to the family (optional)' });
    expect(note).toHaveAccessibleDescription('Shown to the family with the decision. At most 500 characters, on one line.');

    await userEvent.type(note, '=HYPERLINK("x")');
    await userEvent.click(dialog.getByRole('button', { name: 'Decline' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('The note must not start with =, +, - or @');
    expect(note).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(note, { target: { value: 'x'.repeat(501) } });
    await userEvent.click(dialog.getByRole('button', { name: 'Decline' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('The note is too long: at most 500 characters.');
    expect(decideCalls()).toHaveLength(0);

    await userEvent.clear(note);
    await userEvent.type(note, '  The Wednesday group is full; Monday has places next quarter.  ');
    answers.decideBookingRequests = () => json({ data: { results: [{ requestId: 'R1', outcome: 'declined' }] } });
    await userEvent.click(dialog.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Mia Müller, Piano: declined')).toBeInTheDocument();
    expect(decideCalls().map((call) => call.body)).toEqual([{ requestIds: ['R1'], decision: 'decline', note: 'The Wednesday group is full; Monday has places next quarter.' }]);
  });

  it('says why a request was not decided, in words the office understands', async () => {
    renderPage();
    await requestsRegion();
    // The cards' own (the table has one in its header).
    await userEvent.click(screen.getByLabelText('Select every waiting request shown', { selector: 'label > input' }));
    await userEvent.click(screen.getByRole('button', { name: 'Decline 3 selected' }));
    answers.decideBookingRequests = () => json({ data: { results: [
      { requestId: 'R1', outcome: 'unchanged' },
      { requestId: 'R2', outcome: 'refused', error: 'not-requested' },
      { requestId: 'R4', outcome: 'failed', error: 'appsheet-failed' },
    ] } });
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Decline 3 requests' })).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Decided: 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('Mia Müller, Piano: already decided this way, nothing changed')).toBeInTheDocument();
    expect(screen.getByText('Leo Petrov, Chess: not decided: it is no longer waiting (withdrawn by the family or decided otherwise)')).toBeInTheDocument();
    expect(screen.getByText('Ida Schmidt, Chess: failed: AppSheet could not be updated, nothing was written; please try again later')).toBeInTheDocument();
    // The focus is on what became of them; the panel goes when dismissed.
    expect(screen.getByText('Decided: 1 of 3').parentElement).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Decided: 1 of 3')).not.toBeInTheDocument();
  });

  it('decides more than a hundred requests in calls of at most a hundred, and names what a failed call left undecided', async () => {
    const many = Array.from({ length: 102 }, (_, n) => request(`R${1000 + n}`, `Child ${n}`, `Family ${n}`, `M${1000 + n}`, 'L2', 'Chess', ['RH3'], 'requested', new Date(Date.UTC(2026, 10, 1) + n * 60_000).toISOString()));
    answers.listBookingRequests = () => json({ data: { ...ANSWER, requests: many } });
    let call = 0;
    answers.decideBookingRequests = async () => {
      call += 1;
      if (call === 2) return json({ error: 'appsheet-failed', message: 'AppSheet answered 500' }, 502);
      const { body } = decideCalls().at(-1)!;
      return json({ data: { results: (body as { requestIds: string[] }).requestIds.map((requestId) => ({ requestId, outcome: 'confirmed' })) } });
    };
    renderPage();
    await requestsRegion();
    fireEvent.click(screen.getByLabelText('Select every waiting request shown', { selector: 'label > input' }));
    // Text queries: the accessible names of 200 rows' buttons take seconds to compute in jsdom.
    fireEvent.click(screen.getByText('Confirm 102 selected'));
    fireEvent.click(within((await screen.findByText('Confirm 102 requests')).closest('dialog')!).getByText('Confirm'));
    expect(await screen.findByText('Decided: 100 of 102')).toBeInTheDocument();
    expect(decideCalls().map((entry) => (entry.body as { requestIds: string[] }).requestIds.length)).toEqual([100, 2]);
    expect(screen.getByText('Child 101, Chess: failed: AppSheet could not be updated, nothing was written; please try again later')).toBeInTheDocument();
    expect(screen.getByText('Child 99, Chess: confirmed')).toBeInTheDocument();
  }, 20_000);

  it('keeps the dialog open with the reason when nothing could be decided', async () => {
    renderPage();
    await userEvent.click((await views()).table.getByRole('button', { name: 'Confirm the request of Mia Müller for Piano' }));
    answers.decideBookingRequests = () => json({ error: 'permission-denied', message: 'not an active admin' }, 403);
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm 1 request' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Nothing was decided: You are not allowed to do this.');
    expect(dialog.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    expect(screen.queryByText(/^Decided:/)).not.toBeInTheDocument();
  });

  it('shows a clear empty state for a school without an offer for the next quarter', async () => {
    for (const data of [{ quarter: null, offers: [], requests: [] }, { quarter: { id: 'Q2027-1', name: 'Spring 2027' }, offers: [], requests: [] }]) {
      answers.listBookingRequests = () => json({ data });
      const { unmount } = renderPage();
      expect(await screen.findByText('No offer for the next quarter')).toBeInTheDocument();
      expect(screen.getByText(/docs\/booking\.md/)).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Requests' })).not.toBeInTheDocument();
      unmount();
    }
    await i18n.changeLanguage('de');
    renderPage();
    expect(await screen.findByText('Kein Angebot für das nächste Quartal')).toBeInTheDocument();
  });

  it('shows an offer without requests yet', async () => {
    answers.listBookingRequests = () => json({ data: { ...ANSWER, requests: [] } });
    renderPage();
    expect(within(await requestsRegion()).getByText('No family has sent a request for the next quarter yet.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Free places' })).toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and loads it again on request', async () => {
    answers.listBookingRequests = () => json({ error: 'internal', message: 'boom' }, 500);
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading the course requests: Something went wrong on the server. Please try again.');
    answers.listBookingRequests = () => json({ data: ANSWER });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await requestsRegion()).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe("the office's waiting lists", () => {
  /** Piano's Monday is full: Nora waits for it and then Wednesday, Kai (moved up) for Monday only; Nora has a place offered. */
  const waitingRow = (row: OfficeRequestRow, waiting: NonNullable<OfficeRequestRow['waiting']>, waitingSince: string | null = null): OfficeRequestRow => ({ ...row, waiting, waitingSince });
  const nora = waitingRow(request('W1', 'Nora Brandt', 'Paul Brandt', 'M0006', 'L1', 'Piano', ['RH1', 'RH2'], 'waiting', '2026-11-24T09:00:00.000Z'), {
    positions: [{ roomHourId: 'RH1', position: 1 }],
    offer: { roomHourId: 'RH1', offeredAt: '2026-11-26T17:00:00.000Z', until: '2026-11-28T17:00:00.000Z' },
  });
  const kai = waitingRow(request('W2', 'Kai Wolf', 'Lena Wolf', 'M0005', 'L1', 'Piano', ['RH1'], 'waiting', '2026-11-25T09:00:00.000Z'), { positions: [{ roomHourId: 'RH1', position: 2 }], offer: null }, '2026-11-23T09:00:00.000Z');
  const WAITING: BookingRequestsAnswer = { ...ANSWER, requests: [...ANSWER.requests, nora, kai] };
  const moveCalls = () => calls.filter((call) => call.name === 'moveOnWaitingList');

  beforeEach(() => {
    answers.listBookingRequests = () => json({ data: WAITING });
  });

  it('has a status of its own, shows the line in order with each place and the place offered, and nothing to select or confirm', async () => {
    renderPage('/admin/requests?status=waiting');
    const status = await screen.findByRole('combobox', { name: 'Status' });
    expect(status).toHaveDisplayValue('Waiting list (2)');
    const { table, cards } = await views();
    // In line: Kai's Waiting Since (set by a move up) is before Nora's Requested At.
    expect(table.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1]!.firstChild!.textContent)).toEqual(['Kai Wolf', 'Nora Brandt']);
    const noraRow = within(table.getAllByRole('row')[2]!);
    expect(noraRow.getByText('Waiting list')).toBeInTheDocument();
    // Her order of preference, Monday first, with her place; she is no longer in line on Wednesday's.
    expect(noraRow.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Mon 15:00-16:00, Room A1st in linePlace offered, held until 28 Nov 2026, 18:00:00',
      'Wed 16:00-17:00, Room Bno longer in line',
    ]);
    expect(noraRow.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(noraRow.queryByRole('button', { name: /^Confirm/ })).not.toBeInTheDocument();
    for (const view of [table, cards]) {
      expect(view.getByRole('button', { name: 'Move up on the waiting list: Nora Brandt, Piano' })).toBeEnabled();
      expect(view.getByRole('button', { name: 'Take off the waiting list: Kai Wolf, Piano' })).toBeEnabled();
    }
    await i18n.changeLanguage('de');
    expect(await noraRow.findByText('1. Platz')).toBeInTheDocument();
    await i18n.changeLanguage('ru');
    expect(await noraRow.findByText('1-е место')).toBeInTheDocument();
  });

  it('moves a family up with a note to it, then reads the list again and says what it did', async () => {
    renderPage('/admin/requests?status=waiting');
    const { cards } = await views();
    await userEvent.click(cards.getByRole('button', { name: 'Move up on the waiting list: Nora Brandt, Piano' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Move up on the waiting list' }));
    expect(dialog.getByText(/Nora Brandt moves one place up on the waiting list for Piano/)).toBeInTheDocument();
    fireEvent.change(dialog.getByRole('textbox', { name: 'Note to the family (optional)' }), { target: { value: '  Sibling already in the group  ' } });
    answers.moveOnWaitingList = () => json({ data: bookingRequest({ id: 'W1', status: 'waiting', memberId: 'M0006', waitingSince: '2026-11-22T09:00:00.000Z', note: 'Sibling already in the group' }) });
    await userEvent.click(dialog.getByRole('button', { name: 'Move up' }));
    expect(await screen.findByText('Nora Brandt moved one place up on the waiting list for Piano.')).toBeInTheDocument();
    expect(screen.getByText('Nora Brandt moved one place up on the waiting list for Piano.').parentElement).toHaveFocus();
    expect(moveCalls().map((call) => call.body)).toEqual([{ requestId: 'W1', move: 'up', note: 'Sibling already in the group' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  it('takes a family off the list, the note checked first; the reason shows when nothing changed', async () => {
    renderPage('/admin/requests?status=waiting');
    const { table } = await views();
    await userEvent.click(table.getByRole('button', { name: 'Take off the waiting list: Kai Wolf, Piano' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Take off the waiting list' }));
    fireEvent.change(dialog.getByRole('textbox', { name: 'Note to the family (optional)' }), { target: { value: 'x'.repeat(501) } });
    await userEvent.click(dialog.getByRole('button', { name: 'Take off the waiting list' }));
    expect(dialog.getByRole('alert')).toHaveTextContent('The note is too long: at most 500 characters.');
    expect(moveCalls()).toHaveLength(0);

    fireEvent.change(dialog.getByRole('textbox', { name: 'Note to the family (optional)' }), { target: { value: '' } });
    answers.moveOnWaitingList = () => json({ error: 'not-waiting', message: 'This request is not on the waiting list: it is withdrawn.' }, 409);
    await userEvent.click(dialog.getByRole('button', { name: 'Take off the waiting list' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Nothing was changed: This is no longer on the waiting list. Please reload the page.');
    expect(moveCalls().map((call) => call.body)).toEqual([{ requestId: 'W2', move: 'off' }]);

    answers.moveOnWaitingList = () => json({ data: bookingRequest({ id: 'W2', status: 'declined', memberId: 'M0005' }) });
    await userEvent.click(dialog.getByRole('button', { name: 'Take off the waiting list' }));
    expect(await screen.findByText('Kai Wolf was taken off the waiting list for Piano.')).toBeInTheDocument();
  });

  it('says when a family is already first in line', async () => {
    renderPage('/admin/requests?status=waiting');
    await userEvent.click((await views()).table.getByRole('button', { name: 'Move up on the waiting list: Kai Wolf, Piano' }));
    answers.moveOnWaitingList = () => json({ error: 'already-first', message: 'This family is already first in line at its times.' }, 409);
    const dialog = within(await screen.findByRole('dialog', { name: 'Move up on the waiting list' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Move up' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Nothing was changed: This family is already first in line at its times.');
    expect(listCalls()).toHaveLength(1);
  });
});
