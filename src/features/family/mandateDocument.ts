/**
 * The copy of a mandate as a pdfmake document definition: plain data in the parent's language,
 * built from the family's view of the mandate (the IBAN masked: the full one never comes back to
 * the browser), so that it is tested without pdfmake (which lib/pdf.ts loads, on click).
 */
import type { MandateView } from '@family-portal/contract/mandates';
import { DEFAULT_PRE_NOTIFICATION_DAYS } from '@family-portal/contract/sepaRules';
import type { TFunction } from 'i18next';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { PDF_FONT } from '../../lib/pdfFont';

export interface MandateDocumentInput {
  mandate: MandateView;
  creditor: { name: string; address: string; id: string };
  /** The day it was given, written out in the parent's language. */
  signedOn: string;
  t: TFunction;
}

export function mandateDocument({ mandate, creditor, signedOn, t }: MandateDocumentInput): TDocumentDefinitions {
  const line = (text: string) => ({ text, margin: [0, 0, 0, 6] as [number, number, number, number] });
  return {
    info: { title: t('family.directDebit.mandate.heading'), subject: mandate.id },
    pageSize: 'A4',
    pageMargins: [56, 56, 56, 56],
    defaultStyle: { font: PDF_FONT, fontSize: 10, lineHeight: 1.25 },
    content: [
      { text: t('family.directDebit.mandate.heading'), bold: true, fontSize: 14, margin: [0, 0, 0, 12] },
      line(t('family.directDebit.mandate.recurrent')),
      line(t('family.directDebit.mandate.creditor', { name: creditor.name, address: creditor.address })),
      line(t('family.directDebit.mandate.creditorId', { id: creditor.id })),
      line(t('family.directDebit.mandate.reference', { reference: mandate.id })),
      line(t('family.directDebit.mandate.debtor', { name: mandate.accountHolder })),
      line(t('family.directDebit.mandate.iban', { iban: mandate.ibanMasked })),
      ...(mandate.bic ? [line(t('family.directDebit.mandate.bic', { bic: mandate.bic }))] : []),
      { ...line(t('family.directDebit.mandate.authorise', { creditor: creditor.name })), margin: [0, 8, 0, 6] },
      line(t('family.directDebit.mandate.refund')),
      line(t('family.directDebit.mandate.preNotification', { creditor: creditor.name, days: DEFAULT_PRE_NOTIFICATION_DAYS })),
      line(t('family.directDebit.mandate.date', { date: signedOn })),
      ...(mandate.signedBy ? [line(t('family.directDebit.mandate.givenBy', { email: mandate.signedBy }))] : []),
      line(t('family.directDebit.mandate.status', { status: t(`family.directDebit.status.${mandate.status}`) })),
      { text: t('family.directDebit.mandate.binding'), fontSize: 8, color: '#475569', margin: [0, 12, 0, 0] },
    ],
  };
}

/** The file's name: the mandate's reference in the parent's language's words, no path characters. */
export const mandateFileName = (t: TFunction, reference: string) => `${t('family.directDebit.mandate.fileName', { reference }).replace(/[^\w.-]+/g, '-')}.pdf`;
