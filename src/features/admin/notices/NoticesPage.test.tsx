// @vitest-environment jsdom
import type { OfficeNotice } from '@family-portal/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthContext } from '../../../auth/AuthProvider';
import type { OfficeTimetable } from '../../../data/officeTimetable';
import i18n from '../../../i18n';
import NoticesPage from './NoticesPage';

vi.mock('../../../api/idToken', () => ({ currentIdToken: async () => 'admin-token' }));
const store = vi.hoisted(() => ({ readOfficeTimetable: vi.fn() }));
vi.mock('../../../data/firebase', () => ({ familyStore: async () => store }));
// Today on the school's clock: Saturday, 28 November 2026.
vi.mock('../../../lib/schoolClock', async (actual) => ({ ...(await actual<typeof import('../../../lib/schoolClock')>()), todayIso: () => '2026-11-28' }));

const TIMETABLE: OfficeTimetable = {
  quarters: [
    { id: 'Q4', name: '2026 Q4', status: 'active', firstDay: '2026-10-01', lastDay: '2026-12-31' },
    { id: 'Q1', name: '2027 Q1', status: 'planned', firstDay: '2027-01-01', lastDay: '2027-03-31' },
  ],
  lessons: [
    { id: 'L1', name: 'Piano', teacherId: null, hours: null, pricePerHour: 15, extrasPerQuarter: 0, whatsappGroup: null },
    { id: 'L2', name: 'Chess', teacherId: null, hours: null, pricePerHour: 15, extrasPerQuarter: 0, whatsappGroup: null },
    { id: 'L3', name: 'Ballet', teacherId: null, hours: null, pricePerHour: 15, extrasPerQuarter: 0, whatsappGroup: null },
  ],
  roomHours: [
    { id: 'RH1', lessonId: 'L1', dayOfWeek: 'Mo.', hourRefLabel: '1 - 15:00-16:00', roomName: 'Room A' },
    { id: 'RH2', lessonId: 'L1', dayOfWeek: 'Mi.', hourRefLabel: '2 - 16:00-17:00', roomName: 'Room B' },
    { id: 'RH3', lessonId: 'L2', dayOfWeek: 'Fr.', hourRefLabel: '3 - 14:00-15:00', roomName: null },
  ],
};

const notice = (id: string, overrides: Partial<OfficeNotice> = {}): OfficeNotice => ({
  id, kind: 'notice', sentAt: '2026-11-27T09:00:00.000Z', sentBy: 'office@example.com',
  texts: { de: { title: `Titel ${id}`, body: 'Text' }, en: { title: `Title ${id}`, body: 'Line one\nLine two' } }, languages: ['de', 'en'],
  audience: { kind: 'all' }, cancellation: null, recipients: 12, reads: 5, withdrawnAt: null, withdrawnBy: null, mails: null, ...overrides,
});
const SENT: OfficeNotice[] = [
  notice('N3', { texts: { de: { title: '<b>Hallo</b>', body: '<script>alert(1)</script>' } }, languages: ['de'], audience: { kind: 'lessons', lessonIds: ['L1', 'L9'] }, recipients: 1, reads: 0 }),
  notice('N2', {
    kind: 'cancellation', audience: { kind: 'lessons', lessonIds: ['L2'] }, recipients: 4, reads: 4,
    cancellation: { lessonId: 'L2', lessonName: 'Chess', date: '2026-12-04', roomHourId: null, reason: 'The teacher is ill' },
  }),
  notice('N1', { audience: { kind: 'family', memberId: 'M0001' }, recipients: 1, reads: 1, withdrawnAt: '2026-11-27T10:00:00.000Z', withdrawnBy: 'head@example.com' }),
];

interface Call { name: string; query: string; body?: unknown }
let calls: Call[];
let answers: Record<string, () => Promise<Response> | Response>;
const json = (body: unknown, status = 200) => Response.json(body, { status });
const callsOf = (name: string) => calls.filter((call) => call.name === name);

beforeEach(async () => {
  await i18n.changeLanguage('en');
  calls = [];
  store.readOfficeTimetable.mockReset().mockResolvedValue(TIMETABLE);
  answers = { listNotices: () => json({ data: { notices: SENT, next: null } }) };
  vi.stubGlobal('fetch', vi.fn(async (url: string, init?: RequestInit) => {
    const { pathname, search } = new URL(url);
    const name = pathname.split('/').pop()!;
    calls.push({ name, query: search, body: init?.body ? JSON.parse(init.body as string) : undefined });
    const answer = answers[name];
    if (!answer) throw new Error(`unexpected call ${name}`);
    return answer();
  }));
});
afterEach(() => vi.unstubAllGlobals());

function renderPage() {
  return render(
    <AuthContext.Provider value={{ user: { uid: 'a', email: 'office@example.com', emailVerified: true, displayName: null, photoURL: null, isAdmin: true }, loading: false, refreshUser: async () => null }}>
      <MemoryRouter initialEntries={['/admin/notices']}>
        <NoticesPage />
      </MemoryRouter>
    </AuthContext.Provider>,
  );
}

/** The contract's sendKeySchema. */
const SEND_KEY = /^[A-Za-z0-9_-]{8,100}$/;

const listRegion = () => screen.findByRole('region', { name: 'Sent notices' });
const composer = async () => within(await screen.findByRole('region', { name: 'Write a notice' }));
const canceller = async () => within(await screen.findByRole('region', { name: 'Cancel a lesson' }));
const closer = async () => within(await screen.findByRole('region', { name: 'Close the school for a day' }));
const CLOSURE = notice('N6', {
  kind: 'cancellation', audience: { kind: 'day', date: '2026-12-04' }, recipients: 17, reads: 0,
  texts: { en: { title: 'The school is closed on Friday, 4 December 2026', body: 'Every lesson is cancelled.\nReason: Burst pipe' } }, languages: ['en'],
  cancellation: { lessonId: null, lessonName: '', date: '2026-12-04', roomHourId: null, reason: 'Burst pipe' },
});

describe("the office's notices", () => {
  it('lists the notices sent, newest first, with kind, audience, sender and "read by N of M", as a table and as cards', async () => {
    renderPage();
    const region = within(await listRegion());
    const table = within(await region.findByRole('table', { name: 'Sent notices' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    // The office's text is shown as text, never as HTML.
    expect(within(rows[0]!).getAllByText('<b>Hallo</b>')).toHaveLength(2);
    expect(within(rows[0]!).getByText('<script>alert(1)</script>')).toBeInTheDocument();
    expect(document.querySelector('script, b')).toBeNull();
    expect(within(rows[0]!).getByRole('cell', { name: 'Families of Piano, L9' })).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('cell', { name: 'read by 0 of 1 family' })).toBeInTheDocument();
    // The title in the office's language; the texts on request, every language.
    expect(within(rows[1]!).getAllByText('Title N2')).toHaveLength(2);
    expect(within(rows[1]!).getByText('Cancelled lesson')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Chess on Fri, 4 Dec 2026. Reason: The teacher is ill')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('cell', { name: '27 Nov 2026, 10:00:00by office@example.com' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('cell', { name: 'read by 4 of 4 families' })).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Titel N2')).toBeInTheDocument();
    // A withdrawn notice says so and cannot be withdrawn again.
    expect(within(rows[2]!).getByText('Withdrawn on 27 Nov 2026, 11:00:00 by head@example.com')).toBeInTheDocument();
    expect(within(rows[2]!).getByRole('cell', { name: 'The family M0001' })).toBeInTheDocument();
    expect(within(rows[2]!).queryByRole('button')).not.toBeInTheDocument();
    const cards = within(region.getByRole('list', { name: 'Sent notices' }));
    expect(cards.getAllByRole('button', { name: /^Withdraw “/ })).toHaveLength(2);
    expect(cards.getByText('read by 4 of 4 families')).toBeInTheDocument();
  });

  it("shows that a notice's e-mails wait for the next morning's budget, but not once it is withdrawn", async () => {
    answers.listNotices = () => json({ data: { notices: [
      notice('N8', { recipients: 1500, mails: { sent: 2000, held: 1234, budget: 3000 } }),
      notice('N9', { mails: { sent: 10, held: 5, budget: 3000 }, withdrawnAt: '2026-11-27T10:00:00.000Z', withdrawnBy: 'head@example.com' }),
      notice('N10', { mails: { sent: 24, held: 0, budget: 3000 } }),
    ], next: null } });
    renderPage();
    const table = within(await within(await listRegion()).findByRole('table', { name: 'Sent notices' }));
    const [waiting, withdrawn, done] = table.getAllByRole('row').slice(1) as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(waiting).getByText('E-mails waiting')).toBeInTheDocument();
    expect(within(waiting).getByText("1,234 e-mails wait for the next morning: the day's e-mail budget was used up.")).toBeInTheDocument();
    for (const row of [withdrawn, done]) expect(within(row).queryByText(/wait/)).not.toBeInTheDocument();
    await i18n.changeLanguage('ru');
    expect(await within(waiting).findByText('1 234 письма ждут следующего утра: дневной лимит писем был исчерпан.')).toBeInTheDocument();
  });

  it('shows older notices a page at a time', async () => {
    answers.listNotices = () => json({ data: { notices: SENT.slice(0, 2), next: 'N2' } });
    renderPage();
    const region = within(await listRegion());
    expect(within(await region.findByRole('table', { name: 'Sent notices' })).getAllByRole('row')).toHaveLength(3);
    answers.listNotices = () => json({ data: { notices: SENT.slice(2), next: null } });
    await userEvent.click(region.getByRole('button', { name: 'Show older notices' }));
    await vi.waitFor(() => expect(within(region.getByRole('table', { name: 'Sent notices' })).getAllByRole('row')).toHaveLength(4));
    expect(callsOf('listNotices').map((call) => call.query)).toEqual(['', '?after=N2']);
    expect(region.queryByRole('button', { name: 'Show older notices' })).not.toBeInTheDocument();
  });

  it('says so when no notice was sent yet', async () => {
    answers.listNotices = () => json({ data: { notices: [], next: null } });
    renderPage();
    expect(await within(await listRegion()).findByText('No notice has been sent yet.')).toBeInTheDocument();
  });

  it('sends a notice in two languages to the families of a lesson, after a confirmation naming them', async () => {
    renderPage();
    const compose = await composer();
    await userEvent.click(compose.getByRole('button', { name: 'Send…' }));
    expect(compose.getByRole('alert')).toHaveTextContent('Write a title and a text in at least one language.');

    await userEvent.type(compose.getByRole('textbox', { name: 'Text (English)' }), 'Bring your sheet music.{Enter}See https://example.org');
    await userEvent.click(compose.getByRole('button', { name: 'Send…' }));
    expect(compose.getByRole('alert')).toHaveTextContent('English: the text needs a title.');
    await userEvent.type(compose.getByRole('textbox', { name: 'Title (English)' }), 'Concert on Friday');
    await userEvent.type(compose.getByRole('textbox', { name: 'Title (Russian)' }), 'Концерт в пятницу');
    await userEvent.type(compose.getByRole('textbox', { name: 'Text (Russian)' }), 'Возьмите ноты.');
    expect(compose.getByText('Parents whose language has no text get the English text (the first one given).')).toBeInTheDocument();

    await userEvent.click(compose.getByRole('radio', { name: 'The families of some lessons of the current quarter (2026 Q4)' }));
    await userEvent.click(compose.getByRole('button', { name: 'Send…' }));
    expect(compose.getByRole('alert')).toHaveTextContent('Choose at least one lesson.');
    await userEvent.type(compose.getByRole('searchbox', { name: 'Find a lesson' }), 'pia');
    expect(compose.queryByRole('checkbox', { name: /Chess/ })).not.toBeInTheDocument();
    await userEvent.click(compose.getByRole('checkbox', { name: 'Piano (L1) Mon 15:00-16:00, Room A; Wed 16:00-17:00, Room B' }));
    expect(compose.getByText('1 lesson chosen')).toBeInTheDocument();
    await userEvent.click(compose.getByRole('button', { name: 'Send…' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Send this notice?' }));
    expect(dialog.getByText('“Concert on Friday” goes to the families with a child in these lessons of the current quarter:')).toBeInTheDocument();
    expect(dialog.getByRole('listitem')).toHaveTextContent('Piano (L1)');
    let answer!: (response: Response) => void;
    answers.sendNotice = () => new Promise<Response>((resolve) => { answer = resolve; });
    const send = dialog.getByRole('button', { name: 'Send the notice' });
    fireEvent.click(send);
    fireEvent.click(send);
    expect(await dialog.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer(json({ data: notice('N4', { audience: { kind: 'lessons', lessonIds: ['L1'] }, recipients: 3, reads: 0 }) }));

    expect(await screen.findByText('The notice was sent to 3 families.')).toBeInTheDocument();
    expect(callsOf('sendNotice').map((call) => call.body)).toEqual([{
      texts: { en: { title: 'Concert on Friday', body: 'Bring your sheet music.\nSee https://example.org' }, ru: { title: 'Концерт в пятницу', body: 'Возьмите ноты.' } },
      audience: { kind: 'lessons', lessonIds: ['L1'] },
      idempotencyKey: expect.stringMatching(SEND_KEY),
    }]);
    expect(Object.keys((callsOf('sendNotice')[0]!.body as { texts: object }).texts)).toEqual(['en', 'ru']);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await vi.waitFor(() => expect(callsOf('listNotices')).toHaveLength(2));
    expect(compose.getByRole('textbox', { name: 'Title (English)' })).toHaveValue('');
  });

  it('finds one family by name and says when an audience has nobody in it', async () => {
    renderPage();
    const compose = await composer();
    await userEvent.type(compose.getByRole('textbox', { name: 'Title (German)' }), 'Ihre Anmeldung');
    await userEvent.type(compose.getByRole('textbox', { name: 'Text (German)' }), 'Bitte melden Sie sich.');
    await userEvent.click(compose.getByRole('radio', { name: 'One family' }));
    answers.getAccounts = () => json({ data: {
      overview: { byStatus: {}, active: { verified: 0, unverified: 0, none: 0 }, duplicates: [], mailChoices: { paymentDue: 0, paymentReceived: 0, cancellationConfirmed: 0, bookingDecided: 0, notices: 0, lessonCancelled: 0 }, invitationsToday: { sent: 0, limit: 0 } },
      rows: [{ memberId: 'M0001', name: 'Anna Müller', email: 'anna@example.com', status: 'active', account: 'verified', duplicate: false, lastInvitedAt: null, invitations: 0 }],
      total: 1, offset: 0, limit: 10,
    } });
    await userEvent.type(compose.getByRole('searchbox', { name: 'Name, e-mail address or member number' }), 'müller{Enter}');
    await userEvent.click(await compose.findByRole('radio', { name: 'Anna Müller (M0001), anna@example.com' }));
    expect(new URLSearchParams(callsOf('getAccounts')[0]!.query).get('search')).toBe('müller');
    await userEvent.click(compose.getByRole('button', { name: 'Send…' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Send this notice?' }));
    expect(dialog.getByText('“Ihre Anmeldung” goes to the family Anna Müller (M0001).')).toBeInTheDocument();
    answers.sendNotice = () => json({ error: 'invalid-argument', message: 'no family is in this audience' }, 400);
    await userEvent.click(dialog.getByRole('button', { name: 'Send the notice' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Nothing was sent: no family with a portal account is in this audience.');
    answers.sendNotice = () => json({ error: 'resource-exhausted', message: 'slow down', data: { retryAfterSeconds: 30 } }, 429);
    await userEvent.click(dialog.getByRole('button', { name: 'Send the notice' }));
    expect(await dialog.findByText('Nothing was sent: Too many attempts. Please wait a minute and try again.')).toBeInTheDocument();
    expect(callsOf('sendNotice').at(-1)!.body).toEqual({ texts: { de: { title: 'Ihre Anmeldung', body: 'Bitte melden Sie sich.' } }, audience: { kind: 'family', memberId: 'M0001' }, idempotencyKey: expect.stringMatching(SEND_KEY) });
  });

  it('tries a send again with the same key, says when its e-mails wait for tomorrow, and gives the next notice a new key', async () => {
    renderPage();
    const compose = await composer();
    const write = async (title: string) => {
      await userEvent.type(compose.getByRole('textbox', { name: 'Title (English)' }), title);
      await userEvent.type(compose.getByRole('textbox', { name: 'Text (English)' }), 'On Friday at 6 pm.');
      await userEvent.click(compose.getByRole('button', { name: 'Send…' }));
      return within(await screen.findByRole('dialog', { name: 'Send this notice?' }));
    };
    let dialog = await write('Concert');
    // The first attempt's answer is lost (a timeout): the office clicks again, then closes the dialog and sends once more.
    answers.sendNotice = () => Promise.reject(new TypeError('Failed to fetch'));
    await userEvent.click(dialog.getByRole('button', { name: 'Send the notice' }));
    expect(await dialog.findByRole('alert')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Send the notice' }));
    await vi.waitFor(() => expect(callsOf('sendNotice')).toHaveLength(2));
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(compose.getByRole('button', { name: 'Send…' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Send this notice?' }));
    answers.sendNotice = () => json({ data: notice('N6', { recipients: 1020, reads: 0, mails: { sent: 708, held: 312, budget: 5000 } }) });
    await userEvent.click(dialog.getByRole('button', { name: 'Send the notice' }));
    expect(await screen.findByText("Published for 1,020 families. 312 of 1,020 e-mails go out tomorrow morning: today's e-mail budget of 5,000 is used up.")).toBeInTheDocument();
    const keys = callsOf('sendNotice').map((call) => (call.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(SEND_KEY);
    expect(new Set(keys).size).toBe(1);

    // The same words again are a new notice the office means: a new key.
    await vi.waitFor(() => expect(compose.getByRole('textbox', { name: 'Title (English)' })).toHaveValue(''));
    dialog = await write('Concert');
    answers.sendNotice = () => json({ data: notice('N7', { recipients: 1020, reads: 0, mails: { sent: 0, held: 0, budget: 5000 } }) });
    await userEvent.click(dialog.getByRole('button', { name: 'Send the notice' }));
    expect(await screen.findByText('The notice was sent to 1020 families.')).toBeInTheDocument();
    expect((callsOf('sendNotice')[3]!.body as { idempotencyKey: string }).idempotencyKey).not.toBe(keys[0]);
  });

  it("cancels a lesson on one of its weekdays only, with a reason by the contact form's rules", async () => {
    renderPage();
    const cancel = await canceller();
    await userEvent.selectOptions(await cancel.findByRole('combobox', { name: 'Lesson' }), 'Piano (L1)');
    expect(cancel.getByText('Piano takes place on: Mon, Wed.')).toBeInTheDocument();
    const date = cancel.getByLabelText('Date');
    expect(date).toHaveAttribute('min', '2026-10-01');
    expect(date).toHaveAttribute('max', '2027-03-31');
    fireEvent.change(date, { target: { value: '2026-12-01' } });
    await userEvent.type(cancel.getByRole('textbox', { name: 'Reason' }), '=ill');
    await userEvent.click(cancel.getByRole('button', { name: 'Cancel the lesson…' }));
    const alert = cancel.getByRole('alert');
    expect(alert).toHaveTextContent('Piano does not take place on that day; it takes place on: Mon, Wed.');
    expect(alert).toHaveTextContent('The reason must not start with =, +, - or @');

    await userEvent.selectOptions(cancel.getByRole('combobox', { name: 'Time' }), 'Wed 16:00-17:00, Room B');
    fireEvent.change(date, { target: { value: '2026-12-02' } });
    await userEvent.clear(cancel.getByRole('textbox', { name: 'Reason' }));
    await userEvent.type(cancel.getByRole('textbox', { name: 'Reason' }), 'The teacher is ill');
    await userEvent.click(cancel.getByRole('button', { name: 'Cancel the lesson…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel the lesson?' }));
    expect(dialog.getByText('Piano (L1) on Wed, 2 Dec 2026, Wed 16:00-17:00, Room B: its families are told and see the reason “The teacher is ill”.')).toBeInTheDocument();
    // The first attempt's answer is lost; the second click is the same cancellation.
    answers.cancelLesson = () => Promise.reject(new TypeError('Failed to fetch'));
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel the lesson' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('The lesson was not cancelled:');
    answers.cancelLesson = () => json({ data: notice('N5', {
      kind: 'cancellation', audience: { kind: 'lessons', lessonIds: ['L1'] }, recipients: 2, reads: 0,
      cancellation: { lessonId: 'L1', lessonName: 'Piano', date: '2026-12-02', roomHourId: 'RH2', reason: 'The teacher is ill' },
    }) });
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel the lesson' }));
    expect(await screen.findByText('Piano is cancelled on Wed, 2 Dec 2026; 2 families were told.')).toBeInTheDocument();
    const body = { lessonId: 'L1', date: '2026-12-02', reason: 'The teacher is ill', roomHourId: 'RH2', idempotencyKey: expect.stringMatching(SEND_KEY) };
    expect(callsOf('cancelLesson').map((call) => call.body)).toEqual([body, body]);
    expect(new Set(callsOf('cancelLesson').map((call) => (call.body as { idempotencyKey: string }).idempotencyKey)).size).toBe(1);
    await vi.waitFor(() => expect(callsOf('listNotices')).toHaveLength(2));
  });

  it('closes the school on a day some lesson takes place, with a reason, sending it once however often it is tried', async () => {
    renderPage();
    const close = await closer();
    const date = close.getByLabelText('Date');
    expect(date).toHaveAttribute('min', '2026-10-01');
    expect(date).toHaveAttribute('max', '2027-03-31');
    // Tuesday 1 December: no lesson of the school's takes place on a Tuesday.
    fireEvent.change(date, { target: { value: '2026-12-01' } });
    await userEvent.click(close.getByRole('button', { name: 'Close the school…' }));
    const alert = close.getByRole('alert');
    expect(alert).toHaveTextContent('No lesson takes place on that day of the week.');
    expect(alert).toHaveTextContent('Give a reason.');
    expect(callsOf('closeSchool')).toEqual([]);

    fireEvent.change(date, { target: { value: '2026-12-04' } });
    await userEvent.type(close.getByRole('textbox', { name: 'Reason' }), 'Burst pipe');
    await userEvent.click(close.getByRole('button', { name: 'Close the school…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Close the school on that day?' }));
    expect(dialog.getByText('Every lesson on Fri, 4 Dec 2026 is cancelled. Each family with a lesson that day is told once and sees the reason “Burst pipe”.')).toBeInTheDocument();
    answers.closeSchool = () => Promise.reject(new TypeError('Failed to fetch'));
    await userEvent.click(dialog.getByRole('button', { name: 'Close the school' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('The school was not closed:');
    answers.closeSchool = () => json({ data: CLOSURE });
    await userEvent.click(dialog.getByRole('button', { name: 'Close the school' }));
    expect(await screen.findByText('The school is closed on Fri, 4 Dec 2026; 17 families were told.')).toBeInTheDocument();
    const body = { date: '2026-12-04', reason: 'Burst pipe', idempotencyKey: expect.stringMatching(SEND_KEY) };
    expect(callsOf('closeSchool').map((call) => call.body)).toEqual([body, body]);
    expect(new Set(callsOf('closeSchool').map((call) => (call.body as { idempotencyKey: string }).idempotencyKey)).size).toBe(1);
  });

  it('lists a closed day with its date, reason and families, and says what withdrawing it gives back', async () => {
    answers.listNotices = () => json({ data: { notices: [CLOSURE], next: null } });
    answers.closeSchool = () => json({ error: 'school-already-closed', message: 'already closed' }, 409);
    renderPage();
    const table = within(await within(await listRegion()).findByRole('table', { name: 'Sent notices' }));
    expect(table.getByText('School closed')).toBeInTheDocument();
    expect(table.getByText('Every lesson on Fri, 4 Dec 2026. Reason: Burst pipe')).toBeInTheDocument();
    expect(table.getByText('Families with a lesson on Fri, 4 Dec 2026')).toBeInTheDocument();
    await userEvent.click(table.getByRole('button', { name: 'Withdraw “The school is closed on Friday, 4 December 2026”' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Withdraw this notice?' }));
    expect(dialog.getByText('The closure on Fri, 4 Dec 2026 is withdrawn: the families see their lessons that day again, in the portal and in their calendars.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Keep it' }));

    // A second closure of the same day is refused by the function, in words.
    const close = await closer();
    fireEvent.change(close.getByLabelText('Date'), { target: { value: '2026-12-04' } });
    await userEvent.type(close.getByRole('textbox', { name: 'Reason' }), 'Snow');
    await userEvent.click(close.getByRole('button', { name: 'Close the school…' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Close the school on that day?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Close the school' }));
    expect(await confirm.findByRole('alert')).toHaveTextContent('The school was not closed: The school is already closed on that date.');
  });

  it('asks whether to e-mail the families again about a day whose closure was just withdrawn, and closes it as told', async () => {
    renderPage();
    const close = await closer();
    const fill = async () => {
      fireEvent.change(close.getByLabelText('Date'), { target: { value: '2026-12-04' } });
      await userEvent.type(close.getByRole('textbox', { name: 'Reason' }), 'Burst pipe');
      await userEvent.click(close.getByRole('button', { name: 'Close the school…' }));
      return within(await screen.findByRole('dialog', { name: 'Close the school on that day?' }));
    };
    let dialog = await fill();
    answers.closeSchool = () => json({ error: 'closure-resend-unconfirmed', message: 'confirm', data: { noticeId: 'N5', withdrawnAt: '2026-11-28T06:30:00.000Z' } }, 409);
    await userEvent.click(dialog.getByRole('button', { name: 'Close the school' }));
    const question = await dialog.findByRole('status');
    expect(question).toHaveTextContent('E-mail the families again?');
    expect(question).toHaveTextContent('The closure of this day was withdrawn on 28 Nov 2026, 07:30:00, and its families had an e-mail about it then.');
    expect(dialog.queryByRole('button', { name: 'Close the school' })).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Keep the school open' })).toHaveFocus();
    await i18n.changeLanguage('ru');
    expect(await dialog.findByRole('button', { name: 'Закрыть без писем' })).toBeInTheDocument();
    await i18n.changeLanguage('en');

    answers.closeSchool = () => json({ data: { ...CLOSURE, mails: null } });
    await userEvent.click(dialog.getByRole('button', { name: 'Close without e-mails' }));
    expect(await screen.findByText('The school is closed on Fri, 4 Dec 2026; 17 families see it in the portal and their calendars. No e-mail was sent again.')).toBeInTheDocument();
    const [asked, quiet] = callsOf('closeSchool').map((call) => call.body as Record<string, unknown>);
    expect(asked).toEqual({ date: '2026-12-04', reason: 'Burst pipe', idempotencyKey: expect.stringMatching(SEND_KEY) });
    expect(quiet).toEqual({ ...asked, resendMails: false });

    // Withdrawn and closed once more: this time the office has them e-mailed again.
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await fill();
    answers.closeSchool = () => json({ error: 'closure-resend-unconfirmed', message: 'confirm', data: { noticeId: 'N6', withdrawnAt: '2026-11-28T07:00:00.000Z' } }, 409);
    await userEvent.click(dialog.getByRole('button', { name: 'Close the school' }));
    answers.closeSchool = () => json({ data: CLOSURE });
    await userEvent.click(await dialog.findByRole('button', { name: 'Close and e-mail again' }));
    expect(await screen.findByText('The school is closed on Fri, 4 Dec 2026; 17 families were told.')).toBeInTheDocument();
    const [, , again, loud] = callsOf('closeSchool').map((call) => call.body as Record<string, unknown>);
    expect(loud).toEqual({ ...again, resendMails: true });
    expect(again!.idempotencyKey).not.toBe(asked!.idempotencyKey);
  });

  it('says so when the school has been closed as often today as the portal allows', async () => {
    answers.closeSchool = () => json({ error: 'too-many-closures', message: 'enough', data: { max: 3 } }, 429);
    renderPage();
    const close = await closer();
    fireEvent.change(close.getByLabelText('Date'), { target: { value: '2026-12-04' } });
    await userEvent.type(close.getByRole('textbox', { name: 'Reason' }), 'Snow');
    await userEvent.click(close.getByRole('button', { name: 'Close the school…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Close the school on that day?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Close the school' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'The school was not closed: The school has already been closed 3 times today, the most allowed in one day, so nothing was sent. Cancel single lessons instead, or close it tomorrow.',
    );
    await i18n.changeLanguage('de');
    await userEvent.click(dialog.getByRole('button', { name: 'Schule schließen' }));
    expect(await dialog.findByText(/^Die Schule wurde nicht geschlossen: Die Schule wurde heute schon 3-mal geschlossen/)).toBeInTheDocument();
  });

  it('withdraws a notice after a confirmation, and says why when it cannot', async () => {
    renderPage();
    const region = within(await listRegion());
    const table = within(await region.findByRole('table', { name: 'Sent notices' }));
    await userEvent.click(table.getByRole('button', { name: 'Withdraw “Title N2”' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Withdraw this notice?' }));
    expect(dialog.getByText('The cancellation of Chess on Fri, 4 Dec 2026 is withdrawn: the families see the lesson again, in the portal and in their calendars.')).toBeInTheDocument();
    answers.withdrawNotice = () => json({ error: 'already-withdrawn', message: 'already withdrawn' }, 409);
    await userEvent.click(dialog.getByRole('button', { name: 'Withdraw' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Not withdrawn: The office has already withdrawn this.');
    answers.withdrawNotice = () => json({ data: { ...SENT[1]!, withdrawnAt: '2026-11-28T08:00:00.000Z', withdrawnBy: 'office@example.com' } });
    await userEvent.click(dialog.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('“Title N2” was withdrawn.')).toBeInTheDocument();
    expect(callsOf('withdrawNotice').map((call) => call.body)).toEqual([{ noticeId: 'N2' }, { noticeId: 'N2' }]);
    await vi.waitFor(() => expect(callsOf('listNotices')).toHaveLength(2));
  });

  it('still writes to every family when the lessons cannot be read, and offers to read them again', async () => {
    store.readOfficeTimetable.mockRejectedValueOnce(new Error('offline'));
    renderPage();
    const cancel = await canceller();
    expect(await cancel.findByRole('alert')).toHaveTextContent('Error loading the lessons:');
    await userEvent.click(cancel.getByRole('button', { name: 'Retry' }));
    expect(await cancel.findByRole('combobox', { name: 'Lesson' })).toBeInTheDocument();
    expect((await composer()).getByRole('radio', { name: 'Every active family with a portal account' })).toBeChecked();
  });
});
