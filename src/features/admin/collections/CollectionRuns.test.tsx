// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ANNOUNCED, answerAsTheFunctions, called, debit, DEBITS, fake, FILED, json, renderPage, runsRegion } from './collectionsTestSupport';

vi.mock('../../../api/idToken', () => ({ currentIdToken: async () => 'admin-token' }));
const store = vi.hoisted(() => ({ readCollectionRuns: vi.fn(), readRunDebits: vi.fn() }));
vi.mock('../../../data/firebase', () => ({ familyStore: async () => store }));
// Today on the school's clock: Monday, 7 December 2026; 14 days on is Monday the 21st.
vi.mock('../../../lib/schoolClock', async (actual) => ({ ...(await actual<typeof import('../../../lib/schoolClock')>()), todayIso: () => '2026-12-07' }));
answerAsTheFunctions(store);

describe("the office's Direct debit tab: the runs", () => {
  const openRun = async (id: string) => {
    const runs = await runsRegion();
    await userEvent.click(await runs.findByRole('button', { name: `Show the families of run ${id}` }));
    return within(await runs.findByRole('table', { name: `Families of run ${id}` }));
  };

  it('lists the runs newest first, and flags what changed since the announcement', async () => {
    renderPage();
    const runs = await runsRegion();
    const items = within(await runs.findByRole('list', { name: 'Collection runs' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Mon, 21 Dec 2026 Announced');
    expect(items[0]).toHaveTextContent('3 families, €163.00');
    expect(items[0]).toHaveTextContent('R20261221AAAA1111 · Kursgebühren 2026 Q4');
    expect(items[0]).toHaveTextContent('Announced by office@example.com, 1 Dec 2026, 10:00:00');
    expect(items[1]).toHaveTextContent('Mon, 21 Dec 2026 Bank file created');
    expect(items[1]).toHaveTextContent('Bank file created 2 Dec 2026, 10:00:00');
    const table = await openRun(ANNOUNCED.id);
    const [olga, karl, ute] = table.getAllByRole('row').slice(1);
    expect(olga).toHaveTextContent('Olga PetrovaM0002€80.00');
    expect(within(olga!).getByRole('note')).toHaveTextContent('Balance changed since the announcement: the family owes €87.50 now.');
    // Not in the preview: named by its mandate's account holder.
    expect(karl).toHaveTextContent('Karl BrandtM0040€33.00');
    expect(within(karl!).getByRole('note')).toHaveTextContent('the family owes nothing now.');
    expect(within(ute!).getByRole('note')).toHaveTextContent('The family has stopped this direct debit mandate.');
    expect(olga).toHaveTextContent('Announced');
    expect(within(olga!).getByRole('button', { name: 'Take out of the run: Olga Petrova (M0002)' })).toBeInTheDocument();
    expect(table.queryByRole('button', { name: /Record a return/ })).not.toBeInTheDocument();
  });

  it('takes a family out after a confirmation, and reads the run again', async () => {
    fake.answers.removeFromCollection = (body) => json({ data: { ...debit('R20261221AAAA1111-0001', ANNOUNCED.id, body.memberId as string, 80, 'withdrawn') } });
    renderPage();
    const table = await openRun(ANNOUNCED.id);
    await userEvent.click(table.getByRole('button', { name: 'Take out of the run: Olga Petrova (M0002)' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Take the family out of this run?' }));
    expect(dialog.getByText('€80.00 will not be collected from Olga Petrova (M0002) on Mon, 21 Dec 2026. The family is not e-mailed about it.')).toBeInTheDocument();
    store.readRunDebits.mockResolvedValueOnce({ ...DEBITS[ANNOUNCED.id], debits: [debit('R20261221AAAA1111-0001', ANNOUNCED.id, 'M0002', 80, 'withdrawn')] });
    await userEvent.click(dialog.getByRole('button', { name: 'Take out' }));
    expect(await screen.findByText(`Olga Petrova (M0002) was taken out of run ${ANNOUNCED.id}.`)).toBeInTheDocument();
    expect(called('removeFromCollection')).toEqual([{ runId: ANNOUNCED.id, memberId: 'M0002' }]);
    const runs = await runsRegion();
    const row = within(runs.getByRole('table', { name: `Families of run ${ANNOUNCED.id}` })).getAllByRole('row')[1]!;
    await vi.waitFor(() => expect(row).toHaveTextContent('Taken out'));
    expect(within(row).queryByRole('note')).not.toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(store.readCollectionRuns).toHaveBeenCalledTimes(2);
  });

  it('creates the bank file after a confirmation and downloads it; a filed run gives the same file again', async () => {
    const xml = '<?xml version="1.0" encoding="UTF-8"?><Document><NbOfTxs>3</NbOfTxs></Document>';
    fake.answers.fileCollection = (body) => json({ data: { fileName: `Lastschrift-2026-12-21-${body.runId as string}.xml`, xml, run: { ...ANNOUNCED, status: 'filed', filedAt: '2026-12-07T10:00:00.000Z', messageId: 'X' } } });
    const saved: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => (saved.push(blob), 'blob:bank-file'));
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    try {
      renderPage();
      await openRun(ANNOUNCED.id);
      const runs = await runsRegion();
      await userEvent.click(runs.getByRole('button', { name: 'Create the bank file…' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Create the bank file?' }));
      expect(dialog.getByText(`The bank file of run ${ANNOUNCED.id} collects €163.00 from 3 families on Mon, 21 Dec 2026. After this, nobody can be taken out of the run. Upload the file to the bank by Fri, 18 Dec 2026.`)).toBeInTheDocument();
      await userEvent.click(dialog.getByRole('button', { name: 'Create the bank file' }));
      expect(await screen.findByText(`The bank file Lastschrift-2026-12-21-${ANNOUNCED.id}.xml was downloaded. Upload it to the bank by Fri, 18 Dec 2026.`)).toBeInTheDocument();
      expect(names).toEqual([`Lastschrift-2026-12-21-${ANNOUNCED.id}.xml`]);
      expect(await saved[0]!.text()).toBe(xml);

      await userEvent.click(runs.getByRole('button', { name: `Show the families of run ${FILED.id}` }));
      await userEvent.click(await runs.findByRole('button', { name: 'Download the bank file again' }));
      expect(await screen.findByText(`The bank file Lastschrift-2026-12-21-${FILED.id}.xml was downloaded again.`)).toBeInTheDocument();
      expect(called('fileCollection')).toEqual([{ runId: ANNOUNCED.id }, { runId: FILED.id }]);
    } finally {
      click.mockRestore();
    }
  });

  it("says in the office's words why the bank file was refused", async () => {
    fake.answers.fileCollection = () => json({ error: 'conflict', message: 'The bank needed this file by 2026-12-18: announce a new run for a later date.', data: { reason: 'file-too-late', date: '2026-12-18' } }, 409);
    renderPage();
    await openRun(ANNOUNCED.id);
    const runs = await runsRegion();
    await userEvent.click(runs.getByRole('button', { name: 'Create the bank file…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Create the bank file?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create the bank file' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('No bank file was created: The bank needed this file by Fri, 18 Dec 2026: announce a new run for a later date.');
  });

  it("records a return with the bank's reason, chosen or typed, and shows a returned debit's reason", async () => {
    fake.answers.recordDebitReturn = (body) => json({ data: { ...debit(body.endToEndId as string, FILED.id, 'M0006', 120, 'returned', body.reason as string) } });
    renderPage();
    const table = await openRun(FILED.id);
    const [jan, lea] = table.getAllByRole('row').slice(1);
    expect(lea).toHaveTextContent('ReturnedAM04: insufficient funds');
    expect(within(lea!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(jan!).queryByRole('button', { name: /Take/ })).not.toBeInTheDocument();

    await userEvent.click(within(jan!).getByRole('button', { name: 'Record a return for Jan Weber (M0006)' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Record a return' }));
    expect(dialog.getByText(/end-to-end ID R20261221BBBB2222-0001/)).toBeInTheDocument();
    expect(dialog.getByRole('option', { name: 'MS02: refused by the payer' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Record the return' }));
    expect(dialog.getByRole('alert')).toHaveTextContent("Choose the bank's reason code.");
    await userEvent.selectOptions(dialog.getByLabelText('Reason code'), 'MD06');
    expect(dialog.getByRole('status')).toHaveTextContent("After MD06 the family's mandate is suspended");
    await userEvent.selectOptions(dialog.getByLabelText('Reason code'), 'other');
    await userEvent.type(dialog.getByLabelText("The bank's code"), 'FF5');
    await userEvent.click(dialog.getByRole('button', { name: 'Record the return' }));
    expect(dialog.getByRole('alert')).toHaveTextContent("Enter the bank's code: four capital letters or digits, such as AC04.");
    expect(called('recordDebitReturn')).toEqual([]);
    await userEvent.type(dialog.getByLabelText("The bank's code"), '5');
    await userEvent.click(dialog.getByRole('button', { name: 'Record the return' }));
    expect(await screen.findByText('The return for Jan Weber (M0006) is recorded: FF55.')).toBeInTheDocument();
    expect(called('recordDebitReturn')).toEqual([{ endToEndId: 'R20261221BBBB2222-0001', reason: 'FF55' }]);

    // A code chosen from the list, after which the run is read again.
    store.readRunDebits.mockResolvedValueOnce({ ...DEBITS[FILED.id], debits: [debit('R20261221BBBB2222-0001', FILED.id, 'M0006', 120, 'returned', 'AC04'), DEBITS[FILED.id]!.debits[1]!] });
    await userEvent.click(await table.findByRole('button', { name: 'Record a return for Jan Weber (M0006)' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Record a return' }));
    await userEvent.selectOptions(dialog.getByLabelText('Reason code'), 'AC04');
    await userEvent.click(dialog.getByRole('button', { name: 'Record the return' }));
    expect(await screen.findByText('The return for Jan Weber (M0006) is recorded: AC04: account closed.')).toBeInTheDocument();
    expect(called('recordDebitReturn').at(-1)).toEqual({ endToEndId: 'R20261221BBBB2222-0001', reason: 'AC04' });
    await vi.waitFor(() => expect(table.getAllByRole('row')[1]).toHaveTextContent('ReturnedAC04: account closed'));
    expect(within(table.getAllByRole('row')[1]!).queryByRole('button')).not.toBeInTheDocument();
  });
});
