// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { AuthContext } from '../../auth/AuthProvider';
import { DataContext, type DataState } from '../../data/DataProvider';
import i18n from '../../i18n';
import { pressEscape } from '../../test/dialog';
import { annaMember, familyFixture } from '../../test/fixtures';
import { CancelMembershipDialog } from './CancelMembershipDialog';
import { EditContactDialog } from './EditContactDialog';
import FamilyPage from './FamilyPage';

const api = vi.hoisted(() => ({
  updateMemberData: vi.fn(),
  cancelMembership: vi.fn(),
  getNotificationChoices: vi.fn(),
  setNotificationChoices: vi.fn(),
}));
vi.mock('../../api/members', () => api);

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.updateMemberData.mockReset();
  api.cancelMembership.mockReset();
  api.getNotificationChoices.mockReset().mockResolvedValue({ paymentDue: false, paymentReceived: false, cancellationConfirmed: false, bookingDecided: false, notices: false, lessonCancelled: true, language: 'de' });
  api.setNotificationChoices.mockReset();
});
afterEach(() => vi.useRealTimers());

describe('edit contact dialog', () => {
  function open() {
    const onSaved = vi.fn();
    const onClose = vi.fn();
    render(<EditContactDialog member={annaMember} open onClose={onClose} onSaved={onSaved} />);
    return { onSaved, onClose };
  }

  it('shows the e-mail read-only and checks the primary name and that something changed', async () => {
    open();
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('No changes were made. Please update at least one field to save.');
    await userEvent.clear(screen.getByLabelText(/Primary name/));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter your primary name to continue.');
    expect(api.updateMemberData).not.toHaveBeenCalled();
  });

  it('sends only the changed fields, rotates the progress message every 2 s, and hands back the saved member', async () => {
    let resolve: (member: unknown) => void = () => undefined;
    api.updateMemberData.mockReturnValue(new Promise((r) => (resolve = r)));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { onSaved, onClose } = open();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), ' +49 30 999 ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(api.updateMemberData).toHaveBeenCalledWith({ phone: '+49 30 999' });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your entries…');
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Connecting to the school office…');
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Updating your details…');
    const saved = { ...annaMember, phone: '+49 30 999' };
    await act(async () => resolve(saved));
    expect(onSaved).toHaveBeenCalledWith(saved);
    expect(onClose).toHaveBeenCalled();
  });

  it('says in the parent\'s language, by the error code, that AppSheet refused', async () => {
    api.updateMemberData.mockRejectedValue(new ApiError('The school office system could not be updated. Nothing was changed; please try again later.', 502, 'appsheet-failed'));
    open();
    await userEvent.type(screen.getByLabelText('Address'), ' 2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("The school office's system could not be updated. Nothing was changed");
  });

  it('never shows the English server text on a German or Russian screen', async () => {
    api.updateMemberData.mockRejectedValue(new ApiError('The school office system could not be updated. Nothing was changed; please try again later.', 502, 'appsheet-failed'));
    await i18n.changeLanguage('de');
    open();
    await userEvent.type(screen.getByLabelText('Adresse'), ' 2');
    await userEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Das System des Schulbüros konnte nicht aktualisiert werden.');
    expect(alert).not.toHaveTextContent('could not be updated');
  });

  it('says why a value cannot be saved, before anything is sent', async () => {
    open();
    const name = screen.getByLabelText(/Primary name/);
    await userEvent.clear(name);
    await userEvent.type(name, '=HYPERLINK("x")');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Primary name must not start with =, +, - or @: the school office's spreadsheet would treat it as a formula.",
    );
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(name);
    await userEvent.type(name, 'Anna Müller');
    await userEvent.clear(screen.getByLabelText('Phone'));
    await userEvent.type(screen.getByLabelText('Phone'), 'call me');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Phone: please use only digits, spaces and + ( ) / - . (a + only at the start).');
    expect(api.updateMemberData).not.toHaveBeenCalled();
  });

  it('keeps the address on one line, as AppSheet does', () => {
    open();
    expect(screen.getByLabelText('Address').tagName).toBe('INPUT');
  });
});

describe('cancel membership dialog', () => {
  function open(member = annaMember) {
    const onCancelled = vi.fn();
    const onClose = vi.fn();
    render(<CancelMembershipDialog member={member} open onClose={onClose} onCancelled={onCancelled} />);
    return { onCancelled, onClose };
  }

  it('states the effective date and terms; submit waits for the confirmation; an empty reason is left out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-21T10:00:00Z') });
    api.cancelMembership.mockResolvedValue({ message: 'ok', data: { ...annaMember, cancellationRequested: true } });
    const { onCancelled, onClose } = open();
    expect(screen.getByText(/your membership would end on 31 March 2027/)).toBeInTheDocument();
    expect(screen.getByText('Membership fees already paid are not refunded.')).toBeInTheDocument();
    expect(screen.getByText("Your children's booked courses continue as planned.")).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Request cancellation' });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Reason (optional)'), '   ');
    await userEvent.click(screen.getByLabelText('I want to cancel my membership.'));
    await userEvent.click(submit);
    expect(api.cancelMembership).toHaveBeenCalledWith(undefined);
    expect(await screen.findByText(/Your cancellation request has been recorded/)).toBeInTheDocument();
    expect(onCancelled).toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(2900);
    });
    expect(onClose).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('sends a trimmed reason and maps an already-cancelled answer', async () => {
    api.cancelMembership.mockRejectedValue(new ApiError('The membership is already cancelled; it ends on 2027-03-31.', 409, 'already-cancelled'));
    open();
    await userEvent.type(screen.getByLabelText('Reason (optional)'), '  Umzug ');
    await userEvent.click(screen.getByLabelText('I want to cancel my membership.'));
    await userEvent.click(screen.getByRole('button', { name: 'Request cancellation' }));
    expect(api.cancelMembership).toHaveBeenCalledWith('Umzug');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your membership is already cancelled.');
  });

  it('shows a pending request with its date, and an end date as already cancelled', async () => {
    open({ ...annaMember, cancellationRequested: true, cancellationRequestedAt: '2026-11-02T09:00:00.000Z' });
    expect(screen.getByText(/You requested the cancellation on 2 November 2026/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request cancellation' })).not.toBeInTheDocument();
  });

  it('refuses a reason with a line break, saying why, and sends nothing', async () => {
    open();
    await userEvent.type(screen.getByLabelText('Reason (optional)'), 'Umzug{Enter}nach Hamburg');
    await userEvent.click(screen.getByLabelText('I want to cancel my membership.'));
    await userEvent.click(screen.getByRole('button', { name: 'Request cancellation' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The reason: line breaks, tabs and other invisible control characters are not allowed.');
    expect(api.cancelMembership).not.toHaveBeenCalled();
  });

  it("dates a request made at 00:30 on 1 March in Berlin (23:30 UTC the day before) by the school's day", () => {
    open({ ...annaMember, cancellationRequested: true, cancellationRequestedAt: '2026-02-28T23:30:00.000Z' });
    expect(screen.getByText(/You requested the cancellation on 1 March 2026/)).toBeInTheDocument();
  });

  it('says already cancelled with the end date', () => {
    open({ ...annaMember, membershipEndsAt: '2027-03-31' });
    expect(screen.getByText('Your membership is already cancelled. It ends on 31 March 2027.')).toBeInTheDocument();
  });
});

describe('family page', () => {
  const user = { uid: 'u', email: 'anna.mueller@example.com', emailVerified: true, displayName: null, photoURL: null, isAdmin: false };
  const renderPage = (state: Partial<DataState> = {}) =>
    render(
      <AuthContext.Provider value={{ user, loading: false, refreshUser: async () => null }}>
        <DataContext.Provider value={familyFixture(state)}>
          <MemoryRouter>
            <FamilyPage />
          </MemoryRouter>
        </DataContext.Provider>
      </AuthContext.Provider>,
    );

  it('shows contact data, membership with its duration in Russian plurals, and the children', async () => {
    await i18n.changeLanguage('ru');
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-21T10:00:00Z') });
    renderPage();
    expect(screen.getByText('Anna Müller & Dmitri Müller')).toBeInTheDocument();
    expect(screen.getByText('8 лет')).toBeInTheDocument();
    expect(screen.getByText('Mia Müller')).toBeInTheDocument();
    expect(screen.getByText(/10 лет/)).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });

  it('names the signed-in address when no member belongs to it', () => {
    renderPage({ member: null });
    expect(screen.getByText(/We could not find a membership for anna.mueller@example.com/)).toBeInTheDocument();
  });

  it("shows a status the office typed outside its list (the family still sees its data)", () => {
    const fixture = familyFixture();
    renderPage({ member: { ...fixture.member!, status: 'Ausgetreten' }, children: fixture.children.map((child) => ({ ...child, status: 'Pausiert' })) });
    expect(screen.getByText('Ausgetreten')).toBeInTheDocument();
    expect(screen.getAllByText('Pausiert').length).toBe(fixture.children.length);
    expect(screen.getByText('Mia Müller')).toBeInTheDocument();
  });

  it.each([
    ['en', 'Second parent or guardian', 'Edit', 'Edit contact details'],
    ['de', 'Zweiter Elternteil oder Erziehungsberechtigte(r)', 'Bearbeiten', 'Kontaktdaten bearbeiten'],
    ['ru', 'Второй родитель или опекун', 'Изменить', 'Изменить контактные данные'],
  ])('labels the second parent or guardian as such (%s), on the page and in the edit dialog alike', async (language, label, edit, dialogTitle) => {
    await i18n.changeLanguage(language);
    renderPage();
    const term = screen.getByText(label, { selector: 'dt' });
    expect(term.nextElementSibling).toHaveTextContent('Dmitri Müller');
    await userEvent.click(screen.getByRole('button', { name: edit }));
    expect(within(screen.getByRole('dialog', { name: dialogTitle })).getByLabelText(label)).toHaveValue('Dmitri Müller');
    await i18n.changeLanguage('en');
  });

  const dialogNamed = (name: string) => screen.getByRole('dialog', { name });

  it('ignores Escape while the contact data is saved: the answer shows in the open dialog, and it closes only after saving', async () => {
    let fail: (error: Error) => void = () => undefined;
    api.updateMemberData.mockReturnValueOnce(new Promise((_resolve, reject) => (fail = reject)));
    const replaceMember = vi.fn();
    renderPage({ replaceMember });
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.type(screen.getByLabelText('Address'), ' 2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    act(() => pressEscape(dialogNamed('Edit contact details')));
    expect(dialogNamed('Edit contact details')).toHaveAttribute('open');
    expect(screen.getByRole('status')).toHaveTextContent('Checking your entries…');
    await act(async () => fail(new ApiError('The school office system could not be updated.', 502, 'appsheet-failed')));
    expect(within(dialogNamed('Edit contact details')).getByRole('alert')).toHaveTextContent('could not be updated');

    const saved = { ...annaMember, address: 'Goethestraße 15 2, 14467 Potsdam' };
    api.updateMemberData.mockResolvedValueOnce(saved);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(replaceMember).toHaveBeenCalledWith(saved);
    expect(document.querySelector('dialog[open]')).toBeNull();
    // Page and dialog agree: Edit opens it again.
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(dialogNamed('Edit contact details')).toHaveAttribute('open');
  });

  it('ignores Escape while the cancellation is sent, and closes on Escape otherwise', async () => {
    let fail: (error: Error) => void = () => undefined;
    api.cancelMembership.mockReturnValueOnce(new Promise((_resolve, reject) => (fail = reject)));
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel membership' }));
    await userEvent.click(screen.getByLabelText('I want to cancel my membership.'));
    await userEvent.click(screen.getByRole('button', { name: 'Request cancellation' }));
    act(() => pressEscape(dialogNamed('Cancel membership')));
    expect(dialogNamed('Cancel membership')).toHaveAttribute('open');
    expect(screen.getByRole('button', { name: 'Keep membership' })).toBeDisabled();
    await act(async () => fail(new Error('')));
    expect(within(dialogNamed('Cancel membership')).getByRole('alert')).toHaveTextContent('The cancellation could not be sent. Please try again.');

    act(() => pressEscape(dialogNamed('Cancel membership')));
    expect(document.querySelector('dialog[open]')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel membership' }));
    expect(dialogNamed('Cancel membership')).toHaveAttribute('open');
  });

  it('shows a load error without a Retry button', () => {
    renderPage({ error: 'Failed to fetch member data' });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to fetch member data');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
