/**
 * The yearly statement as a pdfmake document definition: plain data, built from the domain's
 * statement and the parent's language, so that it is tested without pdfmake (which only
 * lib/pdf.ts loads, on click).
 */
import type { TFunction } from 'i18next';
import type { Content, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import { formatMoney } from '../../domain/money';
import type { YearlyStatement } from '../../domain/statement';
import { knownPaymentType } from '../../domain/views';
import { PDF_FONT } from '../../lib/pdfFont';


export interface StatementFamily {
  memberId: string;
  name: string;
  address: string | null;
}

export interface StatementInput {
  statement: YearlyStatement;
  /** The association's name, as on the SEPA transfer. */
  association: string;
  family: StatementFamily;
  /** Today on the school's clock, "YYYY-MM-DD". */
  issuedOn: string;
  t: TFunction;
  /** en-GB, de-DE or ru-RU. */
  locale: string;
  /** A day in the locale's short form, on the school's clock. */
  formatDay: (day: string, locale: string) => string;
}

/**
 * Intl puts a narrow no-break space (U+202F) into some numbers and dates; the embedded font has
 * no glyph for it, so it becomes the ordinary no-break space, which it has.
 */
const printable = (text: string) => text.replace(/\u202f/g, '\u00a0');

export function statementFileName(t: TFunction, year: number): string {
  return t('statement.fileName', { year });
}

export function statementDocument({ statement, association, family, issuedOn, t, locale, formatDay }: StatementInput): TDocumentDefinitions {
  const { year } = statement;
  const money = (amount: number) => printable(formatMoney(amount, locale));
  const day = (value: string) => printable(formatDay(value, locale));
  const title = t('statement.title', { year });

  const header: TableCell[] = (['date', 'description', 'type', 'direction', 'amount', 'usedFor'] as const).map((column) => ({
    text: t(`statement.column.${column}`),
    style: 'tableHeader',
    ...(column === 'amount' ? { alignment: 'right' as const } : {}),
  }));
  const body: TableCell[][] = statement.rows.map((row) => {
    const known = knownPaymentType(row.type);
    const incoming = row.direction === 'IN';
    return [
      day(row.date),
      row.comment ?? t('transactions.noComment'),
      known ? t(`transactions.type.${known}`) : row.type,
      t(incoming ? 'transactions.in' : 'transactions.out'),
      { text: `${incoming ? '+' : '-'}${money(row.amount)}`, alignment: 'right', noWrap: true },
      { stack: row.usedFor.map((share) => `${t(`transactions.share.${share.kind}`)}: ${money(share.amount)}`) },
    ];
  });

  const familyLines: Content[] = [
    { text: [{ text: `${t('statement.family')}: `, bold: true }, family.name] },
    { text: [{ text: `${t('statement.memberNumber')}: `, bold: true }, family.memberId] },
    ...(family.address ? [{ text: [{ text: `${t('statement.address')}: `, bold: true }, family.address] }] : []),
  ];

  const totals: TableCell[][] = [
    [t('statement.paymentCount', { count: statement.rows.length, year }), ''],
    [t('statement.received', { year }), { text: money(statement.received), alignment: 'right', noWrap: true }],
    [t('statement.refunded', { year }), { text: money(statement.refunded), alignment: 'right', noWrap: true }],
    [
      { text: t('statement.membershipFees', { year }), bold: true },
      { text: money(statement.membershipFees), alignment: 'right', bold: true, noWrap: true },
    ],
  ];

  return {
    pageSize: 'A4',
    pageMargins: [40, 48, 40, 56],
    info: { title, author: association, subject: `${family.name} · ${title}`, creator: t('app.name') },
    defaultStyle: { font: PDF_FONT, fontSize: 9, lineHeight: 1.2 },
    styles: {
      association: { fontSize: 12, bold: true, color: '#0f766e' },
      title: { fontSize: 16, bold: true, margin: [0, 4, 0, 2] },
      tableHeader: { bold: true, fillColor: '#f1f5f9' },
    },
    content: [
      { text: association, style: 'association' },
      { text: title, style: 'title' },
      { text: t('statement.intro', { year }), margin: [0, 0, 0, 10] },
      { stack: familyLines, margin: [0, 0, 0, 12] },
      statement.rows.length === 0
        ? { text: t('statement.none', { year }), italics: true, margin: [0, 0, 0, 12] }
        : {
            table: { headerRows: 1, dontBreakRows: true, widths: [52, '*', 62, 68, 62, 112], body: [header, ...body] },
            layout: 'lightHorizontalLines',
            margin: [0, 0, 0, 12],
          },
      { table: { widths: ['*', 90], body: totals }, layout: 'noBorders', margin: [0, 0, 0, 12] },
      { text: t('statement.issued', { date: day(issuedOn) }), color: '#475569' },
    ],
    footer: (page: number, pages: number) => ({
      text: t('statement.page', { page, pages }),
      alignment: 'right',
      margin: [40, 16, 40, 0],
      color: '#475569',
      fontSize: 8,
    }),
  };
}
