/**
 * What the financial card says of a debit, in the UI language: the amount from its cents, the
 * collection date as the day it is, the bank's reason for a return in words where the portal
 * knows the code.
 */
import type { Debit, MandateView } from '@family-portal/contract';
import { useTranslation } from 'react-i18next';
import { debitCents } from '@family-portal/contract/rules';
import { namedReturnReason } from '../domain/debits';
import { formatMoney } from '../domain/money';
import { useLocale } from '../i18n/useLocale';
import { formatDay } from '../lib/schoolClock';

export function useDebitTexts() {
  const { t } = useTranslation();
  const locale = useLocale();
  const day = (debit: Debit) => formatDay(debit.collectionDate, locale, 'long');
  return {
    /** "€123.45 will be collected by direct debit on 21 December 2026 from DE•• … (mandate MNDT-…)." */
    announced: (debit: Debit, mandate: MandateView) =>
      t('finance.collectionAnnounced', { amount: formatMoney(debitCents(debit) / 100, locale), date: day(debit), iban: mandate.ibanMasked, reference: mandate.id }),
    /** "The bank returned the debit of 21 December 2026 (reason: insufficient funds). …" */
    returned: (debit: Debit) => {
      const named = namedReturnReason(debit.returnReason);
      const reason = named ? t(`finance.returnReason.${named}`) : t('finance.returnReason.other', { code: debit.returnReason ?? '' });
      return t('finance.debitReturned', { date: day(debit), reason });
    },
  };
}
