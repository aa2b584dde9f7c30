// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ANNOUNCED, answerAsTheFunctions, called, fake, familiesTable, FILED, json, newRun, preview, renderPage, run, runsRegion } from './collectionsTestSupport';

vi.mock('../../../api/idToken', () => ({ currentIdToken: async () => 'admin-token' }));
const store = vi.hoisted(() => ({ readCollectionRuns: vi.fn(), readRunDebits: vi.fn() }));
vi.mock('../../../data/firebase', () => ({ familyStore: async () => store }));
// Today on the school's clock: Monday, 7 December 2026; 14 days on is Monday the 21st.
vi.mock('../../../lib/schoolClock', async (actual) => ({ ...(await actual<typeof import('../../../lib/schoolClock')>()), todayIso: () => '2026-12-07' }));
answerAsTheFunctions(store);

describe("the office's Direct debit tab: a new run", () => {
  it('opens at the first possible date and lists who owes and pays by direct debit, as a table and as cards', async () => {
    renderPage();
    const region = await newRun();
    const table = within(await region.findByRole('table', { name: 'Families to collect from' }));
    expect(region.getByLabelText('Collection date')).toHaveValue('2026-12-21');
    expect(called('previewCollection')).toEqual([{ collectionDate: '2026-12-21' }]);
    expect(region.getByLabelText('Purpose on the bank statement')).toHaveValue('Kursgebühren 2026 Q4');
    const [olga, jan, eva] = table.getAllByRole('row').slice(1);
    expect(olga).toHaveTextContent('Olga PetrovaM0002€87.50DE•• •••• •••• •••• ••20 51MNDT-M0002-DEMO1');
    expect(within(olga!).getByRole('checkbox', { name: 'Collect from Olga Petrova (M0002)' })).toBeChecked();
    expect(within(jan!).getByRole('checkbox', { name: 'Collect from Jan Weber (M0006)' })).toBeChecked();
    // In an open run already: not offered, and says where it is.
    expect(within(eva!).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(eva).toHaveTextContent('in run R20261221ABCD1234');
    const cards = within(region.getByRole('list', { name: 'Families to collect from' }));
    expect(cards.getAllByRole('listitem')).toHaveLength(3);
    expect(cards.getByRole('checkbox', { name: 'Collect from Olga Petrova (M0002)' })).toBeChecked();
    expect(region.getByText('2 families, €207.50 in total')).toBeInTheDocument();
  });

  it('follows the checkboxes with its count and sum, and names the quarter of the chosen date in the purpose', async () => {
    renderPage();
    const table = await familiesTable();
    await userEvent.click(table.getByRole('checkbox', { name: 'Collect from Jan Weber (M0006)' }));
    const region = await newRun();
    expect(region.getByText('1 family, €87.50 in total')).toBeInTheDocument();
    // The cards show the same choice.
    expect(within(region.getByRole('list', { name: 'Families to collect from' })).getByRole('checkbox', { name: 'Collect from Jan Weber (M0006)' })).not.toBeChecked();
    fireEvent.change(region.getByLabelText('Collection date'), { target: { value: '2027-01-04' } });
    expect(region.getByLabelText('Purpose on the bank statement')).toHaveValue('Kursgebühren 2027 Q1');
    await vi.waitFor(() => expect(called('previewCollection').at(-1)).toEqual({ collectionDate: '2027-01-04' }));
    expect(region.getByText('1 family, €87.50 in total')).toBeInTheDocument();
  });

  it('says why a date is too soon or a bank holiday, without asking, and offers the first possible date', async () => {
    renderPage();
    const region = await newRun();
    await region.findByRole('table', { name: 'Families to collect from' });
    fireEvent.change(region.getByLabelText('Collection date'), { target: { value: '2026-12-18' } });
    expect(region.getByRole('alert')).toHaveTextContent('Families must be told at least 14 days ahead: the first possible date is Mon, 21 Dec 2026.');
    expect(region.getByRole('button', { name: /^Announce/ })).toBeDisabled();
    fireEvent.change(region.getByLabelText('Collection date'), { target: { value: '2026-12-25' } });
    expect(region.getByRole('alert')).toHaveTextContent('the next possible date is Mon, 28 Dec 2026.');
    await userEvent.click(region.getByRole('button', { name: 'Use Mon, 28 Dec 2026' }));
    expect(region.getByLabelText('Collection date')).toHaveValue('2026-12-28');
    expect(region.queryByRole('alert')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(called('previewCollection').map((body) => body.collectionDate)).toEqual(['2026-12-21', '2026-12-28']));
  });

  it("shows the functions' refusal with their first possible date, and moves an untouched date to their earliest", async () => {
    // The functions count 15 days: the date computed here is too soon for them.
    fake.answers.previewCollection = (body) =>
      body.collectionDate === '2026-12-21'
        ? json({ error: 'invalid-argument', message: 'The collection date must be at least 15 days after today: the first possible date is 2026-12-22.', data: { reason: 'too-soon', earliest: '2026-12-22', days: 15 } }, 400)
        : json(preview(body.collectionDate as string, { earliest: '2026-12-22', days: 15 }));
    renderPage();
    const region = await newRun();
    expect(await region.findByRole('alert')).toHaveTextContent('Families must be told at least 15 days ahead: the first possible date is Tue, 22 Dec 2026.');
    await userEvent.click(region.getByRole('button', { name: 'Use Tue, 22 Dec 2026' }));
    await region.findByRole('table', { name: 'Families to collect from' });
    expect(region.getByLabelText('Collection date')).toHaveValue('2026-12-22');
  });

  it('moves the untouched first date to the earliest the functions name when their period is shorter', async () => {
    fake.answers.previewCollection = (body) => json(preview(body.collectionDate as string, { earliest: '2026-12-18', days: 11 }));
    renderPage();
    const region = await newRun();
    await vi.waitFor(() => expect(region.getByLabelText('Collection date')).toHaveValue('2026-12-18'));
    await vi.waitFor(() => expect(called('previewCollection').map((body) => body.collectionDate)).toEqual(['2026-12-21', '2026-12-18']));
  });

  it('says so when no family owes money and pays by direct debit, and when there is no run yet', async () => {
    fake.answers.previewCollection = (body) => json(preview(body.collectionDate as string, { families: [] }));
    store.readCollectionRuns.mockResolvedValue([]);
    renderPage();
    expect(await (await newRun()).findByText('No family owes money and pays by direct debit.')).toBeInTheDocument();
    expect(await (await runsRegion()).findByText('No collection runs yet.')).toBeInTheDocument();
    expect((await newRun()).getByRole('button', { name: /^Announce/ })).toBeDisabled();
  });

  it('says when the families or the runs cannot be loaded, and loads them again on Retry', async () => {
    let fail = true;
    fake.answers.previewCollection = (body) => (fail ? json({ error: 'internal', message: 'boom' }, 500) : json(preview(body.collectionDate as string)));
    store.readCollectionRuns.mockRejectedValueOnce(new Error('offline'));
    renderPage();
    const region = await newRun();
    expect(await region.findByRole('alert')).toHaveTextContent('Error loading the families: Something went wrong on the server. Please try again.');
    fail = false;
    await userEvent.click(region.getByRole('button', { name: 'Retry' }));
    await region.findByRole('table', { name: 'Families to collect from' });
    const runs = await runsRegion();
    expect(await runs.findByRole('alert')).toHaveTextContent('Error loading the collection runs:');
    await userEvent.click(runs.getByRole('button', { name: 'Retry' }));
    expect(await runs.findByRole('button', { name: `Show the families of run ${ANNOUNCED.id}` })).toBeInTheDocument();
  });

  it('announces after a confirmation that says who is told what, with one key for every attempt of it', async () => {
    let attempts = 0;
    fake.answers.announceCollection = (body) => {
      attempts += 1;
      if (attempts === 1) return json({ error: 'unavailable' }, 504);
      return json({ data: { run: { ...run('R20261221CCCC3333', 'announced', 1, 8750), purpose: body.purpose as string } } });
    };
    renderPage();
    const table = await familiesTable();
    await userEvent.click(table.getByRole('checkbox', { name: 'Collect from Jan Weber (M0006)' }));
    const region = await newRun();
    await userEvent.clear(region.getByLabelText('Purpose on the bank statement'));
    await userEvent.paste('Kursgebühren Winter');
    await userEvent.click(region.getByRole('button', { name: 'Announce…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Announce this collection run?' }));
    expect(dialog.getByText('1 family will be told by e-mail that €87.50 will be collected on Mon, 21 Dec 2026.')).toBeInTheDocument();
    expect(dialog.getByText('Their bank statements will say: “Kursgebühren Winter”.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Announce and e-mail the families' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Nothing was announced: The server did not answer in time');
    store.readCollectionRuns.mockResolvedValue([{ ...run('R20261221CCCC3333', 'announced', 1, 8750), announcedAt: '2026-12-07T09:00:00.000Z' }, ANNOUNCED, FILED]);
    await userEvent.click(dialog.getByRole('button', { name: 'Announce and e-mail the families' }));
    expect(await screen.findByText('Run R20261221CCCC3333 is announced: 1 family was told by e-mail.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const [first, second] = called('announceCollection');
    expect(first).toEqual({ collectionDate: '2026-12-21', purpose: 'Kursgebühren Winter', leaveOut: ['M0006'], idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,100}$/) });
    expect(second).toEqual(first);
    // The runs and the families are read again; the new run is opened.
    const runs = await runsRegion();
    expect(await runs.findByRole('button', { name: 'Hide the families of run R20261221CCCC3333' })).toHaveAttribute('aria-expanded', 'true');
    await vi.waitFor(() => expect(called('previewCollection')).toHaveLength(2));
    expect(region.getByLabelText('Purpose on the bank statement')).toHaveValue('Kursgebühren 2026 Q4');
  });

  it('asks for a purpose and at least one family before it asks to announce', async () => {
    renderPage();
    const table = await familiesTable();
    const region = await newRun();
    await userEvent.clear(region.getByLabelText('Purpose on the bank statement'));
    await userEvent.click(table.getByRole('checkbox', { name: 'Collect from Olga Petrova (M0002)' }));
    await userEvent.click(table.getByRole('checkbox', { name: 'Collect from Jan Weber (M0006)' }));
    await userEvent.click(region.getByRole('button', { name: 'Announce…' }));
    expect(region.getByText("Write the purpose the families' bank statements show.")).toBeInTheDocument();
    expect(region.getByText('Tick at least one family.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(called('announceCollection')).toEqual([]);
  });
});

