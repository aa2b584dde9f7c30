/** "Download a copy (PDF)" of the family's mandate, in the parent's language; pdfmake loads on the click. */
import type { MandateView } from '@family-portal/contract/mandates';
import { useTranslation } from 'react-i18next';
import { appConfig } from '../../lib/config';
import { usePdfDownload } from '../../lib/usePdfDownload';
import { mandateDocument, mandateFileName } from './mandateDocument';

export function MandateCopyButton({ mandate, signedOn }: { mandate: MandateView; signedOn: string }) {
  const { t } = useTranslation();
  const { busy, failed, download } = usePdfDownload('the mandate copy');
  const creditor = { name: appConfig.sepa.recipientName, address: appConfig.creditor.address, id: appConfig.creditor.id };

  return (
    <>
      <button type="button" onClick={() => void download(() => mandateDocument({ mandate, creditor, signedOn, t }), mandateFileName(t, mandate.id))} disabled={busy} aria-busy={busy}
        className="inline-flex min-h-11 items-center justify-center rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-70">
        {t(busy ? 'family.directDebit.preparing' : 'family.directDebit.download')}
      </button>
      {failed && <p role="alert" className="w-full text-sm text-red-700">{t('family.directDebit.downloadFailed')}</p>}
    </>
  );
}
