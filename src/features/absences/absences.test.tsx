// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import i18n from '../../i18n';
import { absence, withFamily } from '../../test/noticeFixtures';
import AbsencesPage, { AbsencesCard } from './FamilyAbsencesPage';

const api = vi.hoisted(() => ({ markNoticeRead: vi.fn(), reportAbsence: vi.fn(), withdrawAbsence: vi.fn() }));
vi.mock('../../api/notices', () => api);
vi.mock('../../data/firebase', () => ({ familyStore: async () => (await import('../../test/noticeFixtures')).familyStoreStandIn }));

// Anna's family (test/fixtures): Mia (C1) has Mathematik (L1) in 2026 Q4, Leon (C2) Schach (L2).
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-28T09:00:00Z'));
  await i18n.changeLanguage('en');
  for (const call of Object.values(api)) call.mockReset();
});
afterEach(() => vi.useRealTimers());

const card = () => screen.findByRole('region', { name: 'Reported absences' });
async function openReport() {
  await userEvent.click(within(await card()).getByRole('button', { name: 'Report an absence' }));
  return screen.getByRole('dialog', { name: 'Report an absence' });
}

describe('the absences page', () => {
  it("opens the report with the course's child chosen, from a course's link", async () => {
    withFamily(<AbsencesPage />, { absences: [] }, '/absences?report=1&child=C2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Absences' })).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Report an absence' });
    // The link's child is chosen as the dialog opens, and its lessons with it: wait for both.
    await waitFor(() => expect(within(dialog).getByLabelText('Child')).toHaveValue('C2'));
    expect(await within(dialog).findByRole('checkbox', { name: 'Schach – Anfänger', checked: true })).toBeInTheDocument();
  });
});

describe('reporting an absence', () => {
  it("sends the child's chosen lessons, the range and the trimmed reason, and lists the report", async () => {
    api.reportAbsence.mockImplementation(async (body: { childId: string; lessonIds: string[]; from: string; to: string; reason?: string }) => ({
      absence: absence('A1', { ...body, reason: body.reason ?? '' }),
      merged: false,
      absorbed: [],
    }));
    withFamily(<AbsencesCard />, { absences: [] });
    expect(await within(await card()).findByText('No absences reported.')).toBeInTheDocument();
    const dialog = await openReport();
    await userEvent.selectOptions(within(dialog).getByLabelText('Child'), 'Mia Müller');
    // Her lessons of quarters that have not ended, all chosen.
    expect(within(dialog).getByRole('checkbox', { name: 'Mathematik – Gruppe A' })).toBeChecked();
    const from = within(dialog).getByLabelText('First day');
    expect(from).toHaveValue('2026-11-28');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-12-01');
    await userEvent.type(within(dialog).getByLabelText('Last day (for several days)'), '2026-12-03');
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), '  Krank  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report absence' }));
    expect(api.reportAbsence).toHaveBeenCalledWith({ childId: 'C1', lessonIds: ['L1'], from: '2026-12-01', to: '2026-12-03', reason: 'Krank' });
    const region = await card();
    expect(within(region).getByRole('status')).toHaveTextContent('The absence of Mia Müller has been reported to the school office.');
    expect(within(region).getByText('Mia Müller · 1 December 2026 – 3 December 2026')).toBeInTheDocument();
    expect(within(region).getByText('Krank')).toBeInTheDocument();
  });

  it('shows the earlier report extended, once, when the days went into it', async () => {
    // Mia's report of Mathematik for 1-3 December, and one for 5 December: 4 December joins them.
    const earlier = [absence('A1', { from: '2026-12-01', to: '2026-12-03', reason: 'Krank' }), absence('A2', { from: '2026-12-05', to: '2026-12-05', reason: '' })];
    api.reportAbsence.mockResolvedValue({ absence: absence('A1', { from: '2026-12-01', to: '2026-12-05', reason: 'Krank' }), merged: true, absorbed: ['A2'] });
    withFamily(<AbsencesCard />, { absences: earlier });
    const dialog = await openReport();
    await userEvent.selectOptions(within(dialog).getByLabelText('Child'), 'Mia Müller');
    const from = within(dialog).getByLabelText('First day');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-12-04');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report absence' }));
    const region = await card();
    expect(within(region).getByRole('status')).toHaveTextContent('The days have been added to your earlier report for Mia Müller: one report now covers them all.');
    expect(within(region).getAllByText(/^Mia Müller ·/).map((row) => row.textContent)).toEqual(['Mia Müller · 1 December 2026 – 5 December 2026']);
  });

  it('says so when the child has as many open reports as the portal keeps', async () => {
    api.reportAbsence.mockRejectedValue(new ApiError('too many', 409, 'too-many-absences'));
    withFamily(<AbsencesCard />, { absences: [] });
    const dialog = await openReport();
    await userEvent.selectOptions(within(dialog).getByLabelText('Child'), 'Leon Müller');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report absence' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('This child already has 20 open absence reports.'));
  });

  it('says what is wrong before sending: no lesson, a day in the past, a reason with a formula start', async () => {
    withFamily(<AbsencesCard />, { absences: [] });
    const dialog = await openReport();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report absence' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please choose a child.');
    await userEvent.selectOptions(within(dialog).getByLabelText('Child'), 'Mia Müller');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Mathematik – Gruppe A' }));
    const from = within(dialog).getByLabelText('First day');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-11-27');
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), '=HYPERLINK()');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report absence' }));
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Please choose at least one lesson.');
    expect(alert).toHaveTextContent('The first day cannot be in the past.');
    expect(alert).toHaveTextContent('must not start with');
    expect(api.reportAbsence).not.toHaveBeenCalled();
  });

  it('says before sending that the school is closed on every day chosen, and lets a day with a lesson go', async () => {
    api.reportAbsence.mockImplementation(async (body: { childId: string; lessonIds: string[]; from: string; to: string }) => ({ absence: absence('A1', { ...body, reason: '' }), merged: false, absorbed: [] }));
    const closedDays = [{ id: 'CD1', firstDay: '2026-12-21', lastDay: '2027-01-03', name: 'Weihnachtsferien', lessonId: null, roomHourId: null }];
    withFamily(<AbsencesCard />, { absences: [], closedDays });
    const dialog = await openReport();
    await userEvent.selectOptions(within(dialog).getByLabelText('Child'), 'Mia Müller');
    const from = within(dialog).getByLabelText('First day');
    await userEvent.clear(from);
    await userEvent.type(from, '2026-12-21');
    await userEvent.type(within(dialog).getByLabelText('Last day (for several days)'), '2026-12-23');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report absence' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The school is closed then (Weihnachtsferien): there is no lesson to miss.');
    expect(api.reportAbsence).not.toHaveBeenCalled();
    await userEvent.clear(from);
    await userEvent.type(from, '2026-12-18');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report absence' }));
    expect(api.reportAbsence).toHaveBeenCalledWith({ childId: 'C1', lessonIds: ['L1'], from: '2026-12-18', to: '2026-12-23' });
  });

  it("shows the server's refusal translated and changes nothing", async () => {
    api.reportAbsence.mockRejectedValue(new ApiError('no', 400, 'invalid-argument'));
    withFamily(<AbsencesCard />, { absences: [] });
    const dialog = await openReport();
    await userEvent.selectOptions(within(dialog).getByLabelText('Child'), 'Leon Müller');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Report absence' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('The school office could not take these dates or lessons.'));
    expect(await within(await card()).findByText('No absences reported.')).toBeInTheDocument();
  });
});

describe('withdrawing an absence', () => {
  it('withdraws a report before its first day; one that has begun says so instead', async () => {
    api.withdrawAbsence.mockResolvedValue(undefined);
    withFamily(<AbsencesCard />, { absences: [absence('A1', { from: '2026-11-27', to: '2026-11-30' }), absence('A2', { childId: 'C2', lessonIds: ['L2'], from: '2026-12-02', to: '2026-12-02' })] });
    const region = await card();
    // The reports come with the family's correspondence, read after its figures.
    expect(await within(region).findByText('Already begun')).toBeInTheDocument();
    await userEvent.click(within(region).getByRole('button', { name: 'Withdraw the absence of Leon Müller, 2 December 2026' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw this absence?' });
    expect(dialog).toHaveTextContent('Leon Müller will attend on 2 December 2026 after all (Schach – Anfänger).');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw absence' }));
    expect(api.withdrawAbsence).toHaveBeenCalledWith('A2');
    await waitFor(() => expect(within(region).queryByText(/Leon Müller ·/)).toBeNull());
    expect(within(region).getByRole('status')).toHaveTextContent('The absence of Leon Müller has been withdrawn.');
  });

  it('keeps the report when the absence has begun meanwhile, with the translated reason', async () => {
    api.withdrawAbsence.mockRejectedValue(new ApiError('started', 409, 'absence-started'));
    withFamily(<AbsencesCard />, { absences: [absence('A2', { from: '2026-12-02', to: '2026-12-02' })] });
    await userEvent.click(await within(await card()).findByRole('button', { name: /^Withdraw the absence of Mia Müller/ }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw this absence?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw absence' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('This absence has already begun'));
    expect(within(await card()).getByText(/Mia Müller ·/)).toBeInTheDocument();
  });
});
