/**
 * The mandate's text as the EPC rulebook and the Deutsche Kreditwirtschaft word it (docs/payments.md,
 * "What the law asks"), in the reader's language: the German text binds, the others say so.
 */
import { DEFAULT_PRE_NOTIFICATION_DAYS } from '@family-portal/contract/sepaRules';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '../../lib/config';

export function MandateText({ reference, date }: { reference: string; date: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const creditor = appConfig.sepa.recipientName;
  return (
    <section aria-labelledby={headingId} className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800">
      <h3 id={headingId} className="font-semibold text-slate-900">{t('family.directDebit.mandate.heading')}</h3>
      <p>{t('family.directDebit.mandate.recurrent')}</p>
      <p className="wrap-anywhere">
        {t('family.directDebit.mandate.creditor', { name: creditor, address: appConfig.creditor.address })}
        <br />
        {t('family.directDebit.mandate.creditorId', { id: appConfig.creditor.id })}
        <br />
        {t('family.directDebit.mandate.reference', { reference })}
      </p>
      <p>{t('family.directDebit.mandate.authorise', { creditor })}</p>
      <p>{t('family.directDebit.mandate.refund')}</p>
      <p>{t('family.directDebit.mandate.preNotification', { creditor, days: DEFAULT_PRE_NOTIFICATION_DAYS })}</p>
      <p>{t('family.directDebit.mandate.date', { date })}</p>
      <p className="text-xs text-slate-600">{t('family.directDebit.mandate.binding')}</p>
    </section>
  );
}
