import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { epcPayload, formatIban } from '@family-portal/contract/epc';
import { bankingAmount, formatMoney } from '../domain/money';
import { appConfig } from '../lib/config';
import { drawQrCode } from '../lib/qrCode';
import { useLocale } from '../i18n/useLocale';
import { CopyButton } from './CopyButton';

/**
 * Payment by SEPA transfer: the details with copy buttons and an EPC QR code that a banking app
 * scans. The QR code is drawn in the browser; nothing is sent to any QR service. Details that no
 * valid QR code can carry (a reference over 140 characters, a payload over 331 bytes) lose only
 * the code: the transfer can still be typed or pasted.
 */
export function SepaPayment({ amount, reference }: { amount: number; reference: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { recipientName, iban, bic } = appConfig.sepa;
  // Each with the payload it is for: a code of an earlier amount is never shown.
  const [drawn, setDrawn] = useState<{ payload: string; dataUrl: string } | null>(null);
  const [failedFor, setFailedFor] = useState<string | null>(null);

  let payload: string | null = null;
  try {
    payload = epcPayload({ recipientName, iban, bic, amount, reference });
  } catch (error) {
    console.warn('No EPC QR code for these SEPA details', error);
  }

  useEffect(() => {
    if (!payload) return;
    // In a worker: see lib/qrCode.worker.
    return drawQrCode(
      payload,
      (dataUrl) => setDrawn({ payload, dataUrl }),
      (error) => {
        console.warn('The EPC QR code could not be drawn', error);
        setFailedFor(payload);
      },
    );
  }, [payload]);
  const qr = drawn?.payload === payload ? drawn.dataUrl : null;
  // Details no code can carry, or a code that could not be drawn: the transfer is typed or pasted.
  const withCode = payload !== null && failedFor !== payload;

  const amountText = formatMoney(amount, locale);
  const fields: Array<[string, string, string]> = [
    [t('sepa.recipient'), recipientName, recipientName],
    [t('sepa.iban'), formatIban(iban), iban.replace(/\s+/g, '')],
    [t('sepa.bic'), bic, bic],
    // Copied as a banking app in this language takes it: "440,00" in German (see bankingAmount).
    [t('sepa.amount'), amountText, bankingAmount(amount, locale)],
    [t('sepa.reference'), reference, reference],
  ];
  return (
    // A container: the code sits beside the details only where the panel itself is wide enough,
    // whatever column of whichever screen it is in.
    <div className="@container mt-4 rounded-lg border border-red-200 bg-red-50/40 p-4">
      <h3 className="font-semibold text-slate-900">{t('sepa.title')}</h3>
      <p className="mt-1 text-sm text-slate-700">{t(withCode ? 'sepa.intro' : 'sepa.qrUnavailable')}</p>
      <div className="mt-3 flex flex-col gap-4 @lg:flex-row">
        {withCode && (
          <div className="flex size-[200px] shrink-0 items-center justify-center self-center rounded-lg bg-white">
            {qr ? (
              <img src={qr} width={200} height={200} data-testid="sepa-qr" alt={t('sepa.qrAlt', { amount: amountText, recipient: recipientName })} />
            ) : (
              <span className="size-8 animate-spin rounded-full border-4 border-teal-700 border-t-transparent" aria-hidden="true" />
            )}
          </div>
        )}
        <dl className="min-w-0 grow space-y-2 text-sm">
          {fields.map(([label, shown, copied]) => (
            // A <dl> group holds only its <dt> and <dd>: the copy button belongs to the value.
            <div key={label}>
              <dt className="text-slate-600">{label}</dt>
              <dd className="flex items-center justify-between gap-2">
                <span className="min-w-0 font-medium wrap-anywhere text-slate-900">{shown}</span>
                <CopyButton value={copied} label={label} />
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
