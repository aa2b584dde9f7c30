// @vitest-environment jsdom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { BookingProvider } from '../../data/BookingProvider';
import { DataContext } from '../../data/DataProvider';
import { bookingDataOf, type BookingData, type BookingRequest, type WaitingListEntry } from '../../domain/booking';
import i18n from '../../i18n';
import { offer, request } from '../../test/bookingFixtures';
import { pressEscape } from '../../test/dialog';
import { familyFixture, parsedDoc } from '../../test/fixtures';
import BookingPage from './BookingPage';
import DashboardBooking from './DashboardBooking';

const api = vi.hoisted(() => ({
  requestBooking: vi.fn(),
  withdrawBooking: vi.fn(),
  joinWaitingList: vi.fn(),
  leaveWaitingList: vi.fn(),
  takeWaitingOffer: vi.fn(),
  passWaitingOffer: vi.fn(),
}));
vi.mock('../../api/booking', () => api);
const store = vi.hoisted(() => ({ readBooking: vi.fn() }));
vi.mock('../../data/firebase', () => ({ familyStore: async () => store }));

/** Anna's family (Mia C1, Leon C2) with the next quarter planned after the active 2026 Q4. */
const family = familyFixture();
family.quarters = [...family.quarters, parsedDoc('quarters', { id: 'Q1', name: '2027 Q1', status: 'planned', firstDay: '2027-01-01', lastDay: '2027-03-31' })];
const QUARTER = { id: 'Q1', name: '2027 Q1', firstDay: '2027-01-01', lastDay: '2027-03-31' };

const ofFamily = (overrides: Partial<BookingRequest> = {}) => request({ memberId: 'M0001', ...overrides });
/** Mia on the waiting list of Schach, Wednesday first, then Monday. */
const waiting = (overrides: Partial<BookingRequest> = {}) => ofFamily({ status: 'waiting', roomHourIds: ['RH2', 'RH1'], ...overrides });
const entry = (overrides: Partial<WaitingListEntry> = {}): WaitingListEntry => ({
  requestId: 'REQ-1', memberId: 'M0001', childId: 'C1', offerId: 'O1', quarterId: 'Q1', lessonId: 'L1',
  positions: [{ roomHourId: 'RH2', position: 2 }, { roomHourId: 'RH1', position: 1 }], offer: null, passed: [], ...overrides,
});
/** Thursday, 12 March 2099, 18:00 in Berlin: a place still held. */
const UNTIL = '2099-03-12T17:00:00.000Z';
const heldAt = (until: string) => ({ roomHourId: 'RH2', offeredAt: '2027-02-10T10:00:00.000Z', until });

/** Both times full by default: Mia may wait for either. */
const fullOffer = () => offer({ free: { RH1: 0, RH2: 0 } });
const booking = ({ offers = [fullOffer()], requests = [], entries = [] }: { offers?: BookingData['offers']; requests?: BookingRequest[]; entries?: WaitingListEntry[] } = {}) =>
  bookingDataOf(QUARTER, offers, requests, entries);

function renderWith(ui: React.ReactNode, at = '/booking') {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <DataContext.Provider value={family}>
        <BookingProvider>{ui}</BookingProvider>
      </DataContext.Provider>
    </MemoryRouter>,
  );
}

const section = () => screen.findByRole('region', { name: 'Book 2027 Q1' });
const course = async () => within(await section()).getByRole('listitem', { name: 'Schach' });
const requestsCard = () => screen.findByRole('region', { name: 'Your requests' });
/** Opens the course's waiting list form. */
async function waitingForm() {
  const card = await course();
  await userEvent.click(within(card).getByRole('button', { name: 'Join the waiting list' }));
  return within(within(card).getByRole('form', { name: 'Join the waiting list' }));
}
const choiceOf = (form: ReturnType<typeof within>, day: RegExp) => form.getByRole('checkbox', { name: day });

beforeEach(async () => {
  await i18n.changeLanguage('en');
  for (const call of Object.values(api)) call.mockReset();
  store.readBooking.mockReset().mockResolvedValue(booking());
});
afterEach(() => {
  vi.useRealTimers();
  // jsdom has no scrollIntoView: the link tests lend it one.
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe('joining the waiting list', () => {
  it('offers only the full times: a time with a place is requested, not waited for', async () => {
    store.readBooking.mockResolvedValue(booking({ offers: [offer({ free: { RH1: 2, RH2: 0 } })] }));
    renderWith(<BookingPage />);
    const card = await course();
    const toggle = within(card).getByRole('button', { name: 'Join the waiting list' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const form = await waitingForm();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const times = form.getByRole('group', { name: 'Full times to wait for, in order of preference' });
    expect(within(times).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['Wed 16:00–16:45 · Raum 2']);
    // The request form still offers Monday, with its places.
    expect(within(card).getAllByRole('checkbox', { name: /Mon/ })).toHaveLength(1);
  });

  it('numbers the ticked times as choices, closes the gap when one is unticked and puts it last when ticked again', async () => {
    renderWith(<BookingPage />);
    const form = await waitingForm();
    await userEvent.click(choiceOf(form, /Wed/));
    await userEvent.click(choiceOf(form, /Mon/));
    expect(choiceOf(form, /Wed/)).toHaveAccessibleDescription('1st choice');
    expect(choiceOf(form, /Mon/)).toHaveAccessibleDescription('2nd choice');
    await userEvent.click(choiceOf(form, /Wed/));
    expect(choiceOf(form, /Wed/)).not.toBeChecked();
    expect(choiceOf(form, /Mon/)).toHaveAccessibleDescription('1st choice');
    await userEvent.click(choiceOf(form, /Wed/));
    expect(choiceOf(form, /Wed/)).toHaveAccessibleDescription('2nd choice');
    await act(() => i18n.changeLanguage('de'));
    expect(screen.getByText('2. Wahl')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('ru'));
    expect(screen.getByText('2-й выбор')).toBeInTheDocument();
  });

  it('asks for a child and a time first, and does not offer a child who already has a request or waits', async () => {
    store.readBooking.mockResolvedValue(booking({ requests: [ofFamily({ id: 'REQ-2', childId: 'C2', status: 'confirmed' })] }));
    renderWith(<BookingPage />);
    const form = await waitingForm();
    expect(form.getByRole('option', { name: 'Leon Müller (confirmed already)' })).toBeDisabled();
    // The only child who may join is chosen from the start.
    expect(form.getByLabelText('Child')).toHaveValue('C1');
    await userEvent.click(form.getByRole('button', { name: 'Wait for the chosen times' }));
    expect(form.getByRole('alert')).toHaveTextContent('Please choose at least one time.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not offered once every child has a request or waits, nor while the course takes no requests', async () => {
    store.readBooking.mockResolvedValue(booking({ requests: [waiting(), ofFamily({ id: 'REQ-2', childId: 'C2' })] }));
    const { unmount } = renderWith(<BookingPage />);
    expect(within(await course()).queryByRole('button', { name: 'Join the waiting list' })).not.toBeInTheDocument();
    unmount();
    store.readBooking.mockResolvedValue(booking({ offers: [offer({ open: false, free: { RH1: 0, RH2: 0 } })] }));
    renderWith(<BookingPage />);
    expect(within(await course()).queryByRole('button', { name: 'Join the waiting list' })).not.toBeInTheDocument();
  });

  it('confirms child, course and the times in order, sends, shows the child on the waiting list and reads again', async () => {
    renderWith(<BookingPage />);
    const form = await waitingForm();
    await userEvent.selectOptions(form.getByLabelText('Child'), 'Mia Müller');
    await userEvent.click(choiceOf(form, /Wed/));
    await userEvent.click(choiceOf(form, /Mon/));
    await userEvent.click(form.getByRole('button', { name: 'Wait for the chosen times' }));

    const dialog = within(screen.getByRole('dialog', { name: 'Join the waiting list?' }));
    expect(dialog.getByText('Child').nextElementSibling).toHaveTextContent('Mia Müller');
    expect(dialog.getByText('Course').nextElementSibling).toHaveTextContent('Schach');
    expect(dialog.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1st choice: Wed 16:00–16:45 · Raum 2', '2nd choice: Mon 15:40–16:25 · Raum 1']);
    expect(dialog.getByText(/Nothing is booked until you take it/)).toBeInTheDocument();

    const answer = waiting({ id: 'REQ-new' });
    api.joinWaitingList.mockResolvedValue(answer);
    store.readBooking.mockResolvedValue(booking({ requests: [answer], entries: [entry({ requestId: 'REQ-new', positions: [{ roomHourId: 'RH2', position: 3 }, { roomHourId: 'RH1', position: 1 }] })] }));
    await userEvent.click(dialog.getByRole('button', { name: 'Join the waiting list' }));
    expect(api.joinWaitingList).toHaveBeenCalledWith({ childId: 'C1', offerId: 'O1', roomHourIds: ['RH2', 'RH1'] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('Mia Müller is on the waiting list for Schach. When a place becomes free, it is offered to you.');
    expect(screen.getByRole('status').parentElement).toHaveFocus();
    const requests = await requestsCard();
    expect(within(requests).getByText('On the waiting list')).toBeInTheDocument();
    expect(await within(requests).findByText('3rd on the waiting list')).toBeInTheDocument();
    expect(store.readBooking).toHaveBeenCalledTimes(2);
    // Waiting now, Mia cannot join again.
    expect(form.getByRole('option', { name: 'Mia Müller (on the waiting list already)' })).toBeDisabled();
  });

  it('names a time that has a place again, and reads the offer again', async () => {
    renderWith(<BookingPage />);
    const form = await waitingForm();
    await userEvent.selectOptions(form.getByLabelText('Child'), 'Leon Müller');
    await userEvent.click(choiceOf(form, /Mon/));
    await userEvent.click(form.getByRole('button', { name: 'Wait for the chosen times' }));
    api.joinWaitingList.mockRejectedValue(new ApiError('free', 409, 'not-full', undefined, { roomHourIds: ['RH1'] }));
    store.readBooking.mockResolvedValue(booking({ offers: [offer({ free: { RH1: 1, RH2: 0 } })] }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Join the waiting list' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A place is free again at Mon 15:40–16:25 · Raum 1. Please request it instead of waiting.');
    await waitFor(() => expect(store.readBooking).toHaveBeenCalledTimes(2));
  });

  it.each([
    ['already-waiting', 'This child is already on the waiting list for this course.', 'Dieses Kind steht bereits auf der Warteliste für diesen Kurs.', 'Этот ребёнок уже в листе ожидания этого занятия.'],
    ['waiting-unconfirmed', "The school office's system did not answer in time. You may be on the waiting list already: it will show here after the next sync.",
      'Das System des Schulbüros hat nicht rechtzeitig geantwortet. Möglicherweise stehen Sie bereits auf der Warteliste: Das erscheint hier nach dem nächsten Abgleich.',
      'Система канцелярии школы не ответила вовремя. Возможно, вы уже в листе ожидания: это появится здесь после следующей синхронизации.'],
  ])("explains %s in the parent's language", async (code, en, de, ru) => {
    renderWith(<BookingPage />);
    const form = await waitingForm();
    await userEvent.selectOptions(form.getByLabelText('Child'), 'Leon Müller');
    await userEvent.click(choiceOf(form, /Mon/));
    await userEvent.click(form.getByRole('button', { name: 'Wait for the chosen times' }));
    api.joinWaitingList.mockRejectedValue(new ApiError('no', 409, code as 'already-waiting'));
    for (const [language, text] of [['en', en], ['de', de], ['ru', ru]] as const) {
      await act(() => i18n.changeLanguage(language));
      await userEvent.click(within(screen.getByRole('dialog')).getAllByRole('button').at(-1)!);
      expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(text);
    }
  });
});

describe('a waiting request among the family’s requests', () => {
  it("shows each time's place in line in the order of preference, a time let pass, and the office's note", async () => {
    store.readBooking.mockResolvedValue(
      booking({ requests: [waiting({ note: 'Moved up: sibling in the group' })], entries: [entry({ positions: [{ roomHourId: 'RH2', position: 2 }], passed: ['RH1'] })] }),
    );
    renderWith(<BookingPage />);
    const item = within(await requestsCard()).getByText('Schach for Mia Müller').closest('li')!;
    const times = within(item).getAllByRole('listitem').map((time) => time.textContent);
    expect(times).toEqual(['Wed 16:00–16:45 · Raum 22nd on the waiting list', 'Mon 15:40–16:25 · Raum 1no longer in line']);
    expect(within(item).getByText('On the waiting list')).toBeInTheDocument();
    expect(within(item).getByText('Note from the school office: Moved up: sibling in the group')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('de'));
    expect(within(item).getByText('2. Platz auf der Warteliste')).toBeInTheDocument();
    expect(within(item).getByText('nicht mehr auf der Warteliste')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('ru'));
    expect(within(item).getByText('2-е место в листе ожидания')).toBeInTheDocument();
    expect(within(item).getByText('В листе ожидания')).toBeInTheDocument();
  });

  it('says the place in line follows while the portal has not counted it yet', async () => {
    store.readBooking.mockResolvedValue(booking({ requests: [waiting()] }));
    renderWith(<BookingPage />);
    expect(within(await requestsCard()).getByText('Your place in line will show here shortly.')).toBeInTheDocument();
  });

  it('may still request a time with a place, and is told that this takes the child off the waiting list', async () => {
    store.readBooking.mockResolvedValue(booking({ offers: [offer({ free: { RH1: 1, RH2: 0 } })], requests: [waiting({ roomHourIds: ['RH2'] })], entries: [entry()] }));
    renderWith(<BookingPage />);
    const card = await course();
    await userEvent.selectOptions(within(card).getByLabelText('Child'), 'Mia Müller');
    await userEvent.click(within(card).getByRole('button', { name: 'Request a place' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Send your request?' }));
    expect(dialog.getByRole('status')).toHaveTextContent('Mia Müller is on the waiting list for this course. Requesting a place now takes Mia Müller off the waiting list, and a place held there is given up.');
  });

  it('leaves the waiting list after asking; Stay changes nothing', async () => {
    store.readBooking.mockResolvedValue(booking({ requests: [waiting()], entries: [entry()] }));
    renderWith(<BookingPage />);
    const requests = await requestsCard();
    await userEvent.click(within(requests).getByRole('button', { name: 'Leave the waiting list: Schach for Mia Müller' }));
    let dialog = screen.getByRole('dialog', { name: 'Leave the waiting list?' });
    expect(dialog).toHaveTextContent('Leave the waiting list for Schach for Mia Müller? The place in line at every time is given up.');
    pressEscape(dialog);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.leaveWaitingList).not.toHaveBeenCalled();

    await userEvent.click(within(requests).getByRole('button', { name: /^Leave the waiting list/ }));
    dialog = screen.getByRole('dialog', { name: 'Leave the waiting list?' });
    api.leaveWaitingList.mockResolvedValue(waiting({ status: 'withdrawn' }));
    store.readBooking.mockResolvedValue(booking({ requests: [waiting({ status: 'withdrawn' })] }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave the waiting list' }));
    expect(api.leaveWaitingList).toHaveBeenCalledWith('REQ-1');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(requests).getByText('Withdrawn')).toBeInTheDocument();
    expect(within(requests).queryByRole('button', { name: /^Leave the waiting list/ })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('You left the waiting list for Schach for Mia Müller.');
    await waitFor(() => expect(store.readBooking).toHaveBeenCalledTimes(2));
  });

  it('keeps the request when it is no longer on the waiting list, says so and reads again', async () => {
    store.readBooking.mockResolvedValue(booking({ requests: [waiting()], entries: [entry()] }));
    renderWith(<BookingPage />);
    await userEvent.click(within(await requestsCard()).getByRole('button', { name: /^Leave the waiting list/ }));
    api.leaveWaitingList.mockRejectedValue(new ApiError('gone', 409, 'not-waiting'));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Leave the waiting list' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This is no longer on the waiting list. Please reload the page.');
    await waitFor(() => expect(store.readBooking).toHaveBeenCalledTimes(2));
  });
});

describe('a place held for the family', () => {
  const held = (until = UNTIL) => booking({ requests: [waiting()], entries: [entry({ offer: heldAt(until) })] });
  const notice = () => screen.findByRole('region', { name: 'Schach for Mia Müller' });

  it('comes first, with the child, course, time and until when it is held', async () => {
    store.readBooking.mockResolvedValue(held());
    renderWith(<BookingPage />);
    const place = await notice();
    expect(place).toHaveTextContent('A place is free for Mia Müller in Schach, Wed 16:00–16:45 · Raum 2. It is held for you until Thursday, 12 March 2099 at 18:00.');
    // Before the requests and the offer.
    expect(place.compareDocumentPosition(await requestsCard()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await act(() => i18n.changeLanguage('de'));
    expect(place).toHaveTextContent(/Ein Platz für Mia Müller in Schach, Mi\.? 16:00–16:45 · Raum 2, ist frei\. Er wird bis Donnerstag, 12\. März 2099 um 18:00 für Sie freigehalten\./);
    await act(() => i18n.changeLanguage('ru'));
    expect(place).toHaveTextContent('Для Mia Müller освободилось место на «Schach», Ср 16:00–16:45 · Raum 2. Оно закреплено за вами. Срок: четверг, 12 марта 2099 г. в 18:00.');
  });

  it('is taken with one tap, without a dialog, and then shows as requested', async () => {
    store.readBooking.mockResolvedValue(held());
    renderWith(<BookingPage />);
    const place = await notice();
    const taken = waiting({ status: 'requested', roomHourIds: ['RH2'] });
    api.takeWaitingOffer.mockResolvedValue(taken);
    store.readBooking.mockResolvedValue(booking({ requests: [taken] }));
    await userEvent.click(within(place).getByRole('button', { name: 'Take the place' }));
    expect(api.takeWaitingOffer).toHaveBeenCalledTimes(1);
    expect(api.takeWaitingOffer).toHaveBeenCalledWith('REQ-1');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByText('The place is yours: your request for Schach for Mia Müller was sent. The school office will confirm it.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Schach for Mia Müller' })).not.toBeInTheDocument();
    expect(within(await requestsCard()).getByText('Requested')).toBeInTheDocument();
    await waitFor(() => expect(store.readBooking).toHaveBeenCalledTimes(2));
  });

  it('says when the place is no longer held, and reads again', async () => {
    store.readBooking.mockResolvedValue(held());
    renderWith(<BookingPage />);
    const place = await notice();
    api.takeWaitingOffer.mockRejectedValue(new ApiError('ended', 409, 'offer-ended'));
    store.readBooking.mockResolvedValue(held());
    await userEvent.click(within(place).getByRole('button', { name: 'Take the place' }));
    expect(await within(place).findByRole('alert')).toHaveTextContent('This place is no longer held for you: its time ran out, or it was taken or turned down.');
    await waitFor(() => expect(store.readBooking).toHaveBeenCalledTimes(2));
  });

  it('is turned down after asking: it goes, and the page reads again', async () => {
    store.readBooking.mockResolvedValue(held());
    renderWith(<BookingPage />);
    const place = await notice();
    await userEvent.click(within(place).getByRole('button', { name: 'Not this time' }));
    let dialog = screen.getByRole('dialog', { name: 'Turn down this place?' });
    expect(dialog).toHaveTextContent('Turn down the place for Mia Müller in Schach, Wed 16:00–16:45 · Raum 2? It goes to the next family in line. At your other times, you stay on the waiting list.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the place' }));
    expect(api.passWaitingOffer).not.toHaveBeenCalled();

    await userEvent.click(within(place).getByRole('button', { name: 'Not this time' }));
    dialog = screen.getByRole('dialog', { name: 'Turn down this place?' });
    api.passWaitingOffer.mockResolvedValue({ requestId: 'REQ-1', roomHourId: 'RH2' });
    let answerRead: (data: BookingData) => void = () => undefined;
    store.readBooking.mockReturnValue(new Promise((resolve) => (answerRead = resolve)));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn the place down' }));
    expect(api.passWaitingOffer).toHaveBeenCalledWith('REQ-1');
    // Gone at once, before the read that follows.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Schach for Mia Müller' })).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent('You turned down the place for Mia Müller in Schach. It goes to the next family in line.');
    await act(async () => answerRead(booking({ requests: [waiting()], entries: [entry({ positions: [{ roomHourId: 'RH1', position: 1 }], passed: ['RH2'] })] })));
    expect(within(await requestsCard()).getByText('no longer in line')).toBeInTheDocument();
  });

  it('shows that its time ran out instead of the buttons, also when it runs out while the page is open', async () => {
    // The clock alone is faked: the page's own timer waits the real 0.4 s left of the hold.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-10T12:00:00.000Z'));
    store.readBooking.mockResolvedValue(held('2026-12-10T12:00:00.400Z'));
    renderWith(<BookingPage />);
    const place = await notice();
    expect(within(place).getByRole('button', { name: 'Take the place' })).toBeEnabled();
    vi.setSystemTime(new Date('2026-12-10T12:00:01.000Z'));
    await waitFor(() => expect(within(place).queryAllByRole('button')).toHaveLength(0));
    expect(place).toHaveTextContent('The place for Mia Müller in Schach, Wed 16:00–16:45 · Raum 2 was held for you until Thursday, 10 December 2026 at 13:00. That time has run out, and the place goes to the next family in line.');
  });

  it("is where the offer e-mail's link leads: scrolled to and focused", async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    store.readBooking.mockResolvedValue(held());
    renderWith(<BookingPage />, '/booking?offer=O1&child=C1');
    const place = await notice();
    await waitFor(() => expect(place).toHaveFocus());
    expect(scrolled.mock.contexts.at(-1)).toBe(place);
  });

  it('is read again once when the link names a waiting child whose place the page had not read yet', async () => {
    Element.prototype.scrollIntoView = vi.fn();
    store.readBooking.mockResolvedValueOnce(booking({ requests: [waiting()], entries: [entry()] })).mockResolvedValue(held());
    renderWith(<BookingPage />, '/booking?offer=O1&child=C1');
    expect(await notice()).toBeInTheDocument();
    await waitFor(() => expect(notice()).resolves.toHaveFocus());
    expect(store.readBooking).toHaveBeenCalledTimes(2);
  });
});

describe("the dashboard's entry", () => {
  const summary = (data: Partial<BookingData>): BookingData => ({ quarter: QUARTER, offers: [], requestsUntil: null, lessonNames: { L1: 'Schach' }, requests: [], waiting: [], ...data });

  it('says when a place is held for the family and links to it, even once requests are closed', async () => {
    store.readBooking.mockResolvedValue(summary({ requests: [waiting()], waiting: [entry({ offer: heldAt(UNTIL) })] }));
    renderWith(<DashboardBooking />, '/');
    const card = await screen.findByRole('region', { name: 'Courses in 2027 Q1' });
    expect(store.readBooking).toHaveBeenCalledWith(expect.objectContaining({ withPlaces: false }));
    const link = within(card).getByRole('link', { name: 'A place is free for Mia Müller in Schach, held for you until Thursday, 12 March 2099 at 18:00. Take it on the booking page.' });
    expect(link).toHaveAttribute('href', '/booking?offer=O1&child=C1');
  });

  it('says nothing of a place whose time ran out', async () => {
    store.readBooking.mockResolvedValue(summary({ requests: [waiting()], waiting: [entry({ offer: heldAt('2020-01-01T00:00:00.000Z') })] }));
    const { container } = renderWith(<DashboardBooking />, '/');
    await waitFor(() => expect(store.readBooking).toHaveBeenCalled());
    await act(async () => undefined);
    expect(container).toBeEmptyDOMElement();
  });
});
