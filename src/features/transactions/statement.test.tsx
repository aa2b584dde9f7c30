// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataContext } from '../../data/DataProvider';
import { formatDay } from '../../domain/dates';
import { yearlyStatement } from '../../domain/statement';
import type { Payment } from '../../domain/types';
import i18n from '../../i18n';
import { annaMember, familyFixture } from '../../test/fixtures';
import { StatementButton } from './StatementButton';
import { statementDocument, statementFileName } from './statementDocument';
import TransactionsPage from './TransactionsPage';

const downloadStatementPdf = vi.hoisted(() => vi.fn<(document: TDocumentDefinitions, fileName: string) => Promise<void>>());
vi.mock('../../lib/pdf', () => ({ downloadPdf: downloadStatementPdf }));

const payments = familyFixture().payments;

/** Every text of a pdfmake document, in reading order, one string per paragraph or cell. */
function texts(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(texts);
  if (node && typeof node === 'object') {
    const { text, stack, table, content } = node as { text?: unknown; stack?: unknown; table?: { body: unknown }; content?: unknown };
    if (text !== undefined) return [texts(text).join('')];
    return [...texts(stack), ...texts(table?.body), ...texts(content)];
  }
  return [];
}

function documentIn(language: string, locale: string, year = 2026, list: Payment[] = payments) {
  return statementDocument({
    statement: yearlyStatement(list, year),
    association: 'Schulverein Lindenhof e.V.',
    family: { memberId: 'M0001', name: 'Anna Müller & Dmitri Müller', address: 'Goethestraße 15, 14467 Potsdam' },
    issuedOn: '2026-11-22',
    t: i18n.getFixedT(language),
    locale,
    formatDay: (day, dayLocale) => formatDay(day, dayLocale, 'short', 'Europe/Berlin'),
  });
}

/** The table rows of the document: one array of cell texts per payment, header first. */
function tableRows(document: TDocumentDefinitions): string[][] {
  const content = document.content as Array<{ table?: { body: unknown[][] } }>;
  const table = content.find((node) => node.table && node.table.body[0]?.length === 6);
  return (table?.table?.body ?? []).map((row) => row.map((cell) => texts(cell).join(' | ')));
}

const normal = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

beforeEach(async () => {
  downloadStatementPdf.mockReset();
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('statement document', () => {
  it('in German: the association, the family and address, each payment of the year, the totals and the membership line', () => {
    const document = documentIn('de', 'de-DE');
    const all = texts(document.content).map(normal);
    expect(all.slice(0, 3)).toEqual([
      'Schulverein Lindenhof e.V.',
      'Zahlungsübersicht 2026',
      'Alle Zahlungen zwischen Ihrer Familie und dem Verein im Jahr 2026, wie sie der Verein verbucht hat.',
    ]);
    expect(all).toEqual(expect.arrayContaining(['Familie: Anna Müller & Dmitri Müller', 'Mitgliedsnummer: M0001', 'Anschrift: Goethestraße 15, 14467 Potsdam']));
    expect(tableRows(document).map((row) => row.map(normal))).toEqual([
      ['Datum', 'Beschreibung', 'Zahlungsart', 'Richtung', 'Betrag', 'Verwendet für'],
      ['10.01.2026', 'Mitgliedsbeitrag', 'Überweisung', 'Zahlung erhalten', '+60,00 €', 'Mitgliedsbeitrag: 60,00 €'],
      ['01.06.2026', 'Ohne Kommentar', 'Karte', 'Zahlung erhalten', '+150,00 €', 'Kurse: 150,00 €'],
      ['02.09.2026', 'Kursgebühr 2026 Q3', 'Überweisung', 'Zahlung erhalten', '+200,00 €', 'Kurse: 200,00 €'],
      ['20.10.2026', 'Rückerstattung', 'Bar', 'Rückerstattung', '-25,00 €', ''],
    ]);
    expect(all).toEqual(
      expect.arrayContaining([
        '4 Zahlungen im Jahr 2026',
        'Erhalten im Jahr 2026 insgesamt',
        '410,00 €',
        'Erstattet im Jahr 2026 insgesamt',
        '25,00 €',
        'Gezahlte Mitgliedsbeiträge 2026',
        '60,00 €',
        'Erstellt am 22.11.2026 aus den Unterlagen des Vereins.',
      ]),
    );
    expect(document.defaultStyle?.font).toBe('Roboto');
    expect(statementFileName(i18n.getFixedT('de'), 2026)).toBe('zahlungsuebersicht-2026.pdf');
  });

  it('in Russian, with Russian plural forms and the membership fees on their own line', () => {
    const document = documentIn('ru', 'ru-RU');
    const all = texts(document.content).map(normal);
    expect(all).toEqual(expect.arrayContaining(['Выписка о платежах за 2026 год', 'Семья: Anna Müller & Dmitri Müller', '4 платежа за 2026 год', 'Членские взносы, уплаченные в 2026 году']));
    expect(tableRows(document)[4]?.map(normal)).toEqual(['20.10.2026', 'Rückerstattung', 'Наличные', 'Возврат', '-25,00 €', '']);
    const five = [...payments, { ...payments[0]!, id: 'P9', date: '2026-02-01' }];
    expect(texts(documentIn('ru', 'ru-RU', 2026, five).content)).toContain('5 платежей за 2026 год');
    const one = texts(documentIn('ru', 'ru-RU', 2026, payments.slice(0, 1)).content);
    expect(one).toContain('1 платёж за 2026 год');
  });

  it('says so when the year has no payments, and leaves the payments table out', () => {
    const document = documentIn('en', 'en-GB', 2024);
    expect(texts(document.content)).toEqual(expect.arrayContaining(['No payments in 2024.', '0 payments in 2024', 'Membership fees paid in 2024', '€0.00']));
    expect(tableRows(document)).toEqual([]);
  });

  it('shows a payment type the contract does not know as the office typed it, and numbers the pages', () => {
    const odd: Payment[] = [{ ...payments[0]!, type: 'Lastschrift', date: '2026-02-02' }];
    expect(tableRows(documentIn('en', 'en-GB', 2026, odd))[1]).toEqual(['02/02/2026', 'Mitgliedsbeitrag', 'Lastschrift', 'Payment received', '+€60.00', 'Membership fee: €60.00']);
    const footer = documentIn('ru', 'ru-RU').footer as (page: number, pages: number) => { text: string };
    expect(footer(2, 3).text).toBe('Страница 2 из 3');
  });
});

describe('statement button', () => {
  it('downloads the selected year\'s statement in the parent\'s language, showing progress meanwhile', async () => {
    await i18n.changeLanguage('de');
    let finish: () => void = () => undefined;
    downloadStatementPdf.mockImplementation(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<StatementButton member={annaMember} payments={payments} year={2026} />);
    await userEvent.click(screen.getByRole('button', { name: /Zahlungsübersicht 2026 herunterladen/ }));
    expect(await screen.findByRole('button', { name: /Zahlungsübersicht 2026 wird erstellt/ })).toBeDisabled();
    expect(downloadStatementPdf).toHaveBeenCalledTimes(1);
    const [document, fileName] = downloadStatementPdf.mock.calls[0]!;
    expect(fileName).toBe('zahlungsuebersicht-2026.pdf');
    const all = texts(document.content).map(normal);
    expect(all).toEqual(expect.arrayContaining(['Zahlungsübersicht 2026', 'Familie: Anna Müller & Dmitri Müller', 'Anschrift: Goethestraße 15, 14467 Potsdam', 'Gezahlte Mitgliedsbeiträge 2026']));
    expect(all[0]).toBe('Schulverein Lindenhof e.V.');
    finish();
    expect(await screen.findByRole('button', { name: /Zahlungsübersicht 2026 herunterladen/ })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('tells the parent when the statement could not be made, and lets them try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    downloadStatementPdf.mockRejectedValueOnce(new Error('font fetch failed'));
    render(<StatementButton member={annaMember} payments={payments} year={2026} />);
    await userEvent.click(screen.getByRole('button', { name: /Download statement 2026/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The statement could not be created. Please try again.');
    downloadStatementPdf.mockResolvedValueOnce(undefined);
    await userEvent.click(screen.getByRole('button', { name: /Download statement 2026/ }));
    expect(downloadStatementPdf).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('on the transactions page, offers the year picked in the year filter', async () => {
    const twoYears = [...payments, { ...payments[1]!, id: 'P0', date: '2025-05-05' }];
    render(
      <MemoryRouter initialEntries={['/transactions']}>
        <DataContext.Provider value={familyFixture({ payments: twoYears })}>
          <TransactionsPage />
        </DataContext.Provider>
      </MemoryRouter>,
    );
    // The current year is preselected when the data has it; with all years shown, it is offered too.
    expect(screen.getByRole('button', { name: new RegExp(`Download statement ${new Date().getFullYear()}`) })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^2025/ }));
    await userEvent.click(screen.getByRole('button', { name: /Download statement 2025/ }));
    const [document, fileName] = downloadStatementPdf.mock.calls[0]!;
    expect(fileName).toBe('statement-2025.pdf');
    expect(tableRows(document).slice(1).map((row) => row[0])).toEqual(['05/05/2025']);
  });
});
