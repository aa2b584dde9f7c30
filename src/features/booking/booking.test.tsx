// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { BookingProvider } from '../../data/BookingProvider';
import { DataContext } from '../../data/DataProvider';
import { bookingDataOf, type BookingData, type BookingRequest } from '../../domain/booking';
import i18n from '../../i18n';
import { FamilyScope } from '../../routing/familyScope';
import { offer, request } from '../../test/bookingFixtures';
import { pressEscape } from '../../test/dialog';
import { familyFixture, parsedDoc } from '../../test/fixtures';
import BookingPage from './BookingPage';
import DashboardBooking, { PlansBookingLink } from './DashboardBooking';

const api = vi.hoisted(() => ({ requestBooking: vi.fn(), withdrawBooking: vi.fn() }));
vi.mock('../../api/booking', () => api);
// The Firestore worker's read (data/booking.ts, tested against the emulator in tests/rules/bookingStore.test.ts).
const store = vi.hoisted(() => ({ readBooking: vi.fn() }));
vi.mock('../../data/firebase', () => ({ familyStore: async () => store }));

/** Anna's family with the next quarter planned after the active 2026 Q4. */
const family = familyFixture();
family.quarters = [...family.quarters, parsedDoc('quarters', { id: 'Q1', name: '2027 Q1', status: 'planned', firstDay: '2027-01-01', lastDay: '2027-03-31' })];
// Mia (C1) and Leon (C2); the request fixtures are Mia's.
const ofFamily = (overrides: Partial<BookingRequest> = {}) => request({ memberId: 'M0001', ...overrides });

const QUARTER = { id: 'Q1', name: '2027 Q1', firstDay: '2027-01-01', lastDay: '2027-03-31' };
/** The booking page's read: the whole offer with its places. */
const booking = ({ offers = [offer()], requests = [] }: Partial<Pick<BookingData, 'offers' | 'requests'>> = {}): BookingData => bookingDataOf(QUARTER, offers, requests);
/** The light read of the entries: the catalogue's summary, no offers. */
const summary = ({ requestsUntil = '2027-03-15', lessonNames = { L1: 'Schach' }, requests = [], waiting = [] }: Partial<BookingData> = {}): BookingData => ({ quarter: QUARTER, offers: [], requestsUntil, lessonNames, requests, waiting });

function renderWith(ui: React.ReactNode, { readOnly = false, at = '/booking', data = family } = {}) {
  const screenUi = (
    <MemoryRouter initialEntries={[at]}>
      <DataContext.Provider value={data}>
        <BookingProvider>{readOnly ? <FamilyScope base="/admin/families/M0001">{ui}</FamilyScope> : ui}</BookingProvider>
      </DataContext.Provider>
    </MemoryRouter>
  );
  return render(screenUi);
}

const section = () => screen.findByRole('region', { name: 'Book 2027 Q1' });
const course = async () => within(await section()).getByRole('listitem', { name: 'Schach' });

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.requestBooking.mockReset();
  api.withdrawBooking.mockReset();
  store.readBooking.mockReset().mockResolvedValue(booking());
});

describe("the booking page's dates", () => {
  it("lists each time's dates next quarter without the school's closed days, and names those in words", async () => {
    const winter = { id: 'CD1', firstDay: '2027-02-01', lastDay: '2027-02-05', name: 'Winterferien', lessonId: null, roomHourId: null };
    renderWith(<BookingPage />, { data: { ...family, closedDays: [winter] } });
    const card = await course();
    // Mondays of 2027 Q1 (4 January to 29 March) but 1 February.
    const [monday] = within(card).getAllByRole('list', { name: 'Lesson dates' });
    const dates = within(monday!).getAllByRole('listitem').map((item) => item.textContent);
    expect(dates).toHaveLength(12);
    expect(dates).not.toContain('1 Feb');
    expect(within(card).getAllByText('12 lessons next quarter')[0]).toBeInTheDocument();
    expect(within(card).getAllByText(/^Winterferien: no lessons 1\s?–\s?5 Feb$/)).toHaveLength(2);
  });

  it('lists no dates while the closed days are not known', async () => {
    renderWith(<BookingPage />);
    await course();
    expect(screen.queryByRole('list', { name: 'Lesson dates' })).toBeNull();
  });
});

describe('the booking page', () => {
  it("shows each offered course with its times in the reader's language, room, teacher, prices, weeks, cost, places and last day", async () => {
    renderWith(<BookingPage />);
    const card = await course();
    expect(store.readBooking).toHaveBeenCalledWith(expect.objectContaining({ memberId: 'M0001', quarterId: 'Q1', withPlaces: true }));
    expect(within(card).getByText('Teacher: Olga Iwanow')).toBeInTheDocument();
    const figures = (label: string) => within(card).getByText(label).nextElementSibling?.textContent;
    expect(figures('Price per hour')).toBe('€15.00');
    expect(figures('Materials')).toBe('€10.00');
    expect(figures('Duration')).toBe('12 weeks');
    // 1 hour (blank) × 12 weeks × €15 + €10.
    expect(figures('Cost for the quarter')).toBe('€190.00');
    expect(figures('Requests until')).toBe('15 March 2027');
    // Monday first, whatever the office's order.
    const times = within(card).getAllByRole('checkbox');
    expect(times.map((time) => time.closest('label')?.textContent)).toEqual(['Mon 15:40–16:25 · Raum 1', 'Wed 16:00–16:45 · Raum 2']);
    expect(times[0]).toBeEnabled();
    expect(times[0]).toHaveAccessibleDescription('2 places left');
    // Full: cannot be picked, and says why.
    expect(times[1]).toBeDisabled();
    expect(times[1]).toHaveAccessibleDescription('Full: no place left at this time');
  });

  it('counts the places in each language (plural forms) and names a full time', async () => {
    store.readBooking.mockResolvedValue(booking({ offers: [offer({ free: { RH1: 1, RH2: 0 } }), offer({ offerId: 'O2', lessonId: 'L2', lessonName: 'Ballett', free: { RH1: 3, RH2: 5 } })] }));
    renderWith(<BookingPage />);
    await section();
    const places = () => screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-describedby')).map((id) => document.getElementById(id!)?.textContent);
    expect(places()).toEqual(['3 places left', '5 places left', '1 place left', 'Full: no place left at this time']);
    await act(() => i18n.changeLanguage('de'));
    expect(places()).toEqual(['Noch 3 Plätze frei', 'Noch 5 Plätze frei', 'Noch 1 Platz frei', 'Ausgebucht: zu dieser Zeit ist kein Platz mehr frei']);
    expect(screen.getByRole('region', { name: 'Kurse für 2027 Q1 buchen' })).toBeInTheDocument();
    expect(screen.getAllByRole('checkbox')[0]!.closest('label')).toHaveTextContent(/^Mo\.? 15:40–16:25/);
    await act(() => i18n.changeLanguage('ru'));
    expect(places()).toEqual(['Осталось 3 места', 'Осталось 5 мест', 'Осталось 1 место', 'Мест нет: на это время свободных мест не осталось']);
    expect(screen.getAllByRole('checkbox')[0]!.closest('label')).toHaveTextContent('Пн 15:40–16:25');
  });

  it('says so where the school has no booking, and shows a course whose requests are closed as closed', async () => {
    store.readBooking.mockResolvedValue(null);
    const { unmount } = renderWith(<BookingPage />);
    expect(await screen.findByText('The school offers no courses to book at the moment.')).toBeInTheDocument();
    unmount();

    store.readBooking.mockResolvedValue(booking({ offers: [offer({ open: false })] }));
    renderWith(<BookingPage />);
    const card = await course();
    expect(within(card).getByText('Requests closed')).toBeInTheDocument();
    expect(within(card).getByText('Requests for this course were taken until 15 March 2027.')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Request a place' })).not.toBeInTheDocument();
    expect(within(card).getAllByRole('checkbox').every((box) => (box as HTMLInputElement).disabled)).toBe(true);
    expect(within(await section()).getByText('Requests for 2027 Q1 are closed.')).toBeInTheDocument();
  });

  it('filters the courses by weekday and by time of day', async () => {
    const evening = offer({ offerId: 'O2', lessonId: 'L2', lessonName: 'Ballett', roomHours: [{ id: 'RH9', dayOfWeek: 'Fr.', hourRefLabel: '7 17:20-18:05', roomName: null }], free: { RH9: 4 } });
    store.readBooking.mockResolvedValue(booking({ offers: [offer(), evening] }));
    renderWith(<BookingPage />);
    const shown = async () => within(await section()).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(await shown()).toEqual(['Ballett', 'Schach']);
    const day = screen.getByLabelText('Day');
    expect(within(day).getAllByRole('option').map((option) => option.textContent)).toEqual(['Any day', 'Mon', 'Wed', 'Fri']);
    await userEvent.selectOptions(day, 'Fri');
    expect(await shown()).toEqual(['Ballett']);
    await userEvent.selectOptions(screen.getByLabelText('Time of day'), 'Afternoon (12:00–17:00)');
    expect(within(await section()).getByText('No course matches these filters.')).toBeInTheDocument();
    await userEvent.selectOptions(day, 'Any day');
    expect(await shown()).toEqual(['Schach']);
  });

  it("opens at the course a link names, with the link's child chosen", async () => {
    renderWith(<BookingPage />, { at: '/booking?offer=O1&child=C2' });
    const card = await course();
    expect(within(card).getByLabelText('Child')).toHaveValue('C2');
  });

  it("shows the plans page's link while requests are taken, and nothing in an admin's view of the family", async () => {
    const { unmount } = renderWith(<PlansBookingLink />);
    expect(await screen.findByRole('link', { name: 'Book courses for 2027 Q1: requests until 15 March 2027' })).toHaveAttribute('href', '/booking');
    expect(store.readBooking).toHaveBeenCalledWith(expect.objectContaining({ withPlaces: false }));
    unmount();
    store.readBooking.mockClear();
    const { container } = renderWith(<PlansBookingLink />, { readOnly: true });
    await act(async () => undefined);
    expect(container).toBeEmptyDOMElement();
    expect(store.readBooking).not.toHaveBeenCalled();
  });

  it('asks for a child and a time before anything is sent', async () => {
    renderWith(<BookingPage />);
    const card = await course();
    await userEvent.click(within(card).getByRole('button', { name: 'Request a place' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('Please choose a child.');
    await userEvent.selectOptions(within(card).getByLabelText('Child'), 'Mia Müller');
    await userEvent.click(within(card).getByRole('checkbox', { name: /Mon/ }));
    await userEvent.click(within(card).getByRole('button', { name: 'Request a place' }));
    expect(within(card).getByRole('alert')).toHaveTextContent('Please choose at least one time.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requestBooking).not.toHaveBeenCalled();
  });

  it('confirms child, course, times, the exact cost and the last day; sent, the request shows as requested at once, and the child cannot ask twice', async () => {
    renderWith(<BookingPage />);
    const card = await course();
    await userEvent.selectOptions(within(card).getByLabelText('Child'), 'Mia Müller');
    await userEvent.click(within(card).getByRole('button', { name: 'Request a place' }));

    const dialog = screen.getByRole('dialog', { name: 'Send your request?' });
    const value = (label: string) => within(dialog).getByText(label).nextElementSibling?.textContent;
    expect(value('Child')).toBe('Mia Müller');
    expect(value('Course')).toBe('Schach');
    expect(value('Teacher')).toBe('Olga Iwanow');
    // The only time with a place was picked from the start.
    expect(value('Times')).toBe('Mon 15:40–16:25 · Raum 1');
    expect(value('Duration')).toBe('12 weeks');
    expect(value('Cost for the quarter')).toBe('€190.00');
    expect(value('Requests until')).toBe('15 March 2027');

    const answer = ofFamily({ id: 'REQ-new' });
    api.requestBooking.mockResolvedValue(answer);
    // Read back after sending: Firestore has the request by then (the function mirrors it before answering).
    store.readBooking.mockResolvedValue(booking({ requests: [answer], offers: [offer({ free: { RH1: 1, RH2: 0 } })] }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(api.requestBooking).toHaveBeenCalledWith({ childId: 'C1', offerId: 'O1', roomHourIds: ['RH1'] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Your request for Schach for Mia Müller was sent. The school office will confirm it.');
    const requests = screen.getByRole('region', { name: 'Your requests' });
    expect(within(requests).getByText('Schach for Mia Müller')).toBeInTheDocument();
    expect(within(requests).getByText('Requested')).toBeInTheDocument();
    expect(within(await course()).getByRole('option', { name: 'Mia Müller (requested already)' })).toBeDisabled();
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: 'Schach' })).getByRole('checkbox', { name: /Mon/ })).toHaveAccessibleDescription('1 place left'));
  });

  const codes: Array<[string, number, string]> = [
    ['full', 409, 'No place is left at a time you chose. Please choose another time.'],
    ['requests-closed', 409, 'Requests for this course are closed: its last day has passed.'],
    ['already-requested', 409, 'There is already a request for this child and this course.'],
    ['permission-denied', 403, 'You can request courses only for your own children.'],
    ['not-found', 404, 'This course or child is no longer in the offer. Please reload the page.'],
    ['invalid-argument', 400, "A time you chose is not one of this course's times. Please choose again."],
    ['appsheet-failed', 502, "The school office's system could not take the change. Nothing was changed; please try again later."],
    ['resource-exhausted', 429, 'Too many attempts. Please wait a minute and try again.'],
    ['not-active', 409, 'This child is not active at the school, so no course can be requested for them here. Please contact the school office.'],
    ['membership-ended', 403, "Your membership has ended. You can still see your family's records, but nothing can be booked, reported or subscribed any more."],
    ['request-unconfirmed', 502, "The school office's system did not answer in time. Your request may have been recorded: it will show here after the next sync"],
    ['network', 0, 'Network error. Please check your connection and try again.'],
  ];
  it.each(codes)('says what went wrong for %s, and nothing changes', async (code, status, text) => {
    renderWith(<BookingPage />);
    const card = await course();
    await userEvent.selectOptions(within(card).getByLabelText('Child'), 'Leon Müller');
    await userEvent.click(within(card).getByRole('button', { name: 'Request a place' }));
    api.requestBooking.mockRejectedValue(new ApiError('English text for logs', status, code as never));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    expect(within(dialog).queryByText('English text for logs')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send request' })).toBeEnabled();
    expect(within(screen.getByRole('region', { name: 'Your requests' })).getByText('No requests for 2027 Q1 yet.')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(within(card).getByRole('option', { name: 'Leon Müller' })).toBeEnabled();
  });

  it('reads the offer again when the answer says it is out of date (the last place was taken meanwhile)', async () => {
    renderWith(<BookingPage />);
    const card = await course();
    await userEvent.selectOptions(within(card).getByLabelText('Child'), 'Leon Müller');
    await userEvent.click(within(card).getByRole('button', { name: 'Request a place' }));
    api.requestBooking.mockRejectedValue(new ApiError('full', 409, 'full'));
    store.readBooking.mockResolvedValue(booking({ offers: [offer({ free: { RH1: 0, RH2: 0 } })] }));
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(within(card).getByRole('checkbox', { name: /Mon/ })).toBeDisabled());
    expect(within(card).getByRole('checkbox', { name: /Mon/ })).toHaveAccessibleDescription('Full: no place left at this time');
  });

  it("shows confirmed, declined (with the office's note, as text) and withdrawn requests with their state", async () => {
    store.readBooking.mockResolvedValue(
      booking({
        requests: [
          ofFamily({ id: 'a', status: 'withdrawn' }),
          ofFamily({ id: 'b', childId: 'C2', status: 'declined', note: 'Leider <b>voll</b> – bitte Mittwoch', decidedAt: '2027-02-03T10:00:00.000Z' }),
          ofFamily({ id: 'c', lessonId: 'L9', status: 'confirmed', decidedAt: '2027-02-04T10:00:00.000Z' }),
        ],
      }),
    );
    renderWith(<BookingPage />);
    const requests = await screen.findByRole('region', { name: 'Your requests' });
    const items = within(requests).getAllByRole('listitem').filter((item) => item.parentElement?.parentElement === requests);
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['a course for Mia Müller', 'Schach for Leon Müller', 'Schach for Mia Müller']);
    expect(items.map((item) => within(item).getByText(/^(Requested|Confirmed|Declined|Withdrawn)$/).textContent)).toEqual(['Confirmed', 'Declined', 'Withdrawn']);
    expect(within(items[1]!).getByText('Note from the school office: Leider <b>voll</b> – bitte Mittwoch')).toBeInTheDocument();
    expect(requests.querySelector('b')).toBeNull();
    expect(within(requests).queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();
  });

  it('withdraws a request still waiting, after asking; Keep changes nothing', async () => {
    store.readBooking.mockResolvedValue(booking({ requests: [ofFamily()] }));
    renderWith(<BookingPage />);
    const requests = await screen.findByRole('region', { name: 'Your requests' });
    await userEvent.click(within(requests).getByRole('button', { name: 'Withdraw: Schach for Mia Müller' }));
    let dialog = screen.getByRole('dialog', { name: 'Withdraw your request?' });
    expect(dialog).toHaveTextContent('Withdraw the request for Schach for Mia Müller? Its place goes back to other families.');
    pressEscape(dialog);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.withdrawBooking).not.toHaveBeenCalled();

    await userEvent.click(within(requests).getByRole('button', { name: /^Withdraw/ }));
    dialog = screen.getByRole('dialog', { name: 'Withdraw your request?' });
    api.withdrawBooking.mockResolvedValue(ofFamily({ status: 'withdrawn' }));
    store.readBooking.mockResolvedValue(booking({ requests: [ofFamily({ status: 'withdrawn' })] }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));
    expect(api.withdrawBooking).toHaveBeenCalledWith('REQ-1');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(requests).getByText('Withdrawn')).toBeInTheDocument();
    expect(within(requests).queryByRole('button', { name: /^Withdraw/ })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your request for Schach for Mia Müller was withdrawn.');
    // Withdrawn, Mia may ask again.
    expect(within(await course()).getByRole('option', { name: 'Mia Müller' })).toBeEnabled();
  });

  it('keeps a request the office decided meanwhile as it was, and says so', async () => {
    store.readBooking.mockResolvedValue(booking({ requests: [ofFamily()] }));
    renderWith(<BookingPage />);
    const requests = await screen.findByRole('region', { name: 'Your requests' });
    await userEvent.click(within(requests).getByRole('button', { name: /^Withdraw/ }));
    api.withdrawBooking.mockRejectedValue(new ApiError('decided', 409, 'not-requested'));
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The school office has already decided on this request, so it can no longer be withdrawn.');
    expect(within(requests).getByText('Requested')).toBeInTheDocument();
  });

  it('keeps an answer on screen when a read that began before it comes back later without it', async () => {
    let answerRead: (data: BookingData) => void = () => undefined;
    renderWith(<BookingPage />);
    const card = await course();
    await userEvent.selectOptions(within(card).getByLabelText('Child'), 'Mia Müller');
    await userEvent.click(within(card).getByRole('button', { name: 'Request a place' }));
    // The first try finds the time full, and the offer is read again (slowly)…
    api.requestBooking.mockRejectedValueOnce(new ApiError('full', 409, 'full'));
    store.readBooking.mockReturnValueOnce(new Promise((resolve) => (answerRead = resolve)));
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await screen.findByRole('alert');
    // …while the second try gets the place, and its own read comes back at once.
    api.requestBooking.mockResolvedValue(ofFamily({ id: 'REQ-new' }));
    store.readBooking.mockResolvedValue(booking({ requests: [ofFamily({ id: 'REQ-new' })] }));
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await act(async () => answerRead(booking()));
    expect(within(screen.getByRole('region', { name: 'Your requests' })).getByText('Requested')).toBeInTheDocument();
  });
});

describe("the dashboard's entry", () => {
  it("links to the booking page with the last day, and gives the office's latest decisions", async () => {
    store.readBooking.mockResolvedValue(
      summary({
        requestsUntil: '2027-03-20',
        lessonNames: { L1: 'Schach', L2: 'Ballett' },
        requests: [
          ofFamily({ id: 'a', status: 'confirmed', decidedAt: '2027-02-04T10:00:00.000Z' }),
          ofFamily({ id: 'b', childId: 'C2', lessonId: 'L2', status: 'declined', decidedAt: '2027-02-05T10:00:00.000Z' }),
          ofFamily({ id: 'c', childId: 'C2' }),
        ],
      }),
    );
    renderWith(<DashboardBooking />);
    const card = await screen.findByRole('region', { name: 'Courses in 2027 Q1' });
    // The light read: no places.
    expect(store.readBooking).toHaveBeenCalledWith(expect.objectContaining({ quarterId: 'Q1', withPlaces: false }));
    expect(within(card).getByRole('link', { name: "Book next quarter's courses — until 20 March 2027" })).toHaveAttribute('href', '/booking');
    expect(within(card).getByText('1 request is waiting for the school office.')).toBeInTheDocument();
    expect(within(card).getAllByRole('link').slice(1).map((link) => link.textContent)).toEqual([
      'Your request for Ballett for Leon Müller was declined.',
      'Your request for Schach for Mia Müller was confirmed.',
    ]);
  });

  it("leads to a booking page that waits for the whole offer: the light read holds only the entry's courses", async () => {
    // The worker's light read is the catalogue's summary: no offers.
    const wholeOffer = [offer(), offer({ offerId: 'O2', lessonId: 'L2', lessonName: 'Ballett' })];
    store.readBooking.mockResolvedValueOnce(summary());
    let answerWithPlaces: () => void = () => undefined;
    const screenUi = (
      <MemoryRouter>
        <DataContext.Provider value={family}>
          <BookingProvider>
            <DashboardBooking />
            <Routes><Route path="/" element={null} /><Route path="/booking" element={<BookingPage />} /></Routes>
          </BookingProvider>
        </DataContext.Provider>
      </MemoryRouter>
    );
    render(screenUi);
    const entry = await screen.findByRole('link', { name: "Book next quarter's courses — until 15 March 2027" });
    store.readBooking.mockImplementationOnce(() => new Promise((resolve) => { answerWithPlaces = () => resolve(booking({ offers: wholeOffer })); }));
    await userEvent.click(entry);
    expect(store.readBooking).toHaveBeenLastCalledWith(expect.objectContaining({ withPlaces: true }));
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Book 2027 Q1' })).not.toBeInTheDocument();
    await act(async () => answerWithPlaces());
    expect(within(await section()).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Ballett', 'Schach']);
  });

  it('shows nothing where the school has no booking, nor once requests are closed without decisions', async () => {
    store.readBooking.mockResolvedValue(null);
    const { container, unmount } = renderWith(<DashboardBooking />);
    await waitFor(() => expect(store.readBooking).toHaveBeenCalled());
    await act(async () => undefined);
    expect(container).toBeEmptyDOMElement();
    unmount();
    store.readBooking.mockResolvedValue(summary({ requestsUntil: null, requests: [ofFamily()] }));
    const closed = renderWith(<DashboardBooking />);
    await waitFor(() => expect(store.readBooking).toHaveBeenCalledTimes(2));
    await act(async () => undefined);
    expect(closed.container).toBeEmptyDOMElement();
  });

  it('reads lightly, once for the session, however many entries ask', async () => {
    const { unmount } = renderWith(
      <>
        <DashboardBooking />
        <DashboardBooking />
      </>,
    );
    await screen.findAllByRole('region', { name: 'Courses in 2027 Q1' });
    expect(store.readBooking).toHaveBeenCalledTimes(1);
    unmount();
  });
});
