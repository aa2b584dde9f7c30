/**
 * "Add to my calendar": a private subscription address for the family's courses (a function
 * serves it as an iCalendar feed), with a QR code for the phone, copy buttons and how to subscribe
 * in Apple Calendar, Google Calendar and Outlook. The address is shown once, when it is made (only
 * its hash is stored); "Make a new address" replaces it, and the old one stops working at once;
 * "Stop the address" stops it without a new one.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorKey } from '../../api/errorMessages';
import { createCalendarFeed, deleteCalendarFeed, getCalendarFeed } from '../../api/members';
import { Alert } from '../../components/Alert';
import { CopyButton } from '../../components/CopyButton';
import { Modal } from '../../components/Modal';
import { currentLanguage } from '../../i18n';
import { formatDay } from '../../lib/schoolClock';
import { useLocale } from '../../i18n/useLocale';

interface Props {
  open: boolean;
  onClose: () => void;
}

type State =
  | { kind: 'loading' }
  | { kind: 'none'; stopped?: true }
  | { kind: 'exists'; createdAt: string }
  | { kind: 'made'; url: string; webcalUrl: string; qr: string };

/** A QR code of the address, drawn in the browser (the address never goes to an image service). */
async function qrCodeOf(text: string): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
}

export function CalendarDialog({ open, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState<'making' | 'stopping' | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    let current = true;
    setError(null);
    setState({ kind: 'loading' });
    getCalendarFeed().then(
      (feed) => current && setState(feed.createdAt ? { kind: 'exists', createdAt: feed.createdAt } : { kind: 'none' }),
      (caught: unknown) => {
        if (!current) return;
        setState({ kind: 'none' });
        setError(t(apiErrorKey(caught)));
      },
    );
    return () => {
      current = false;
    };
  }, [open, t]);

  async function run(action: 'making' | 'stopping', work: () => Promise<State>) {
    setBusy(action);
    setError(null);
    try {
      setState(await work());
    } catch (caught) {
      setError(t(apiErrorKey(caught)));
    } finally {
      setBusy(null);
    }
  }
  const make = () =>
    run('making', async () => {
      const feed = await createCalendarFeed(currentLanguage(i18n.resolvedLanguage));
      return { kind: 'made', url: feed.url, webcalUrl: feed.webcalUrl, qr: await qrCodeOf(feed.webcalUrl) };
    });
  const stop = () =>
    run('stopping', async () => {
      await deleteCalendarFeed();
      return { kind: 'none', stopped: true };
    });

  const button = 'rounded-md px-4 py-2 font-semibold disabled:cursor-not-allowed disabled:opacity-60';
  return (
    <Modal open={open} title={t('plans.calendar.title')} onClose={onClose} busy={busy !== null}>
      <div className="space-y-3 text-sm text-slate-700">
        <p>{t('plans.calendar.intro')}</p>
        {state.kind === 'loading' && <p role="status">{t('common.loading')}</p>}
        {state.kind === 'none' && state.stopped && <Alert tone="success">{t('plans.calendar.stopped')}</Alert>}
        {state.kind === 'exists' && <Alert tone="info">{t('plans.calendar.exists', { date: formatDay(state.createdAt, locale, 'long') })}</Alert>}
        {state.kind === 'made' && (
          <>
            <Alert tone="success">{t('plans.calendar.made')}</Alert>
            <div className="flex flex-col items-center gap-1">
              <img src={state.qr} width={200} height={200} alt={t('plans.calendar.qrAlt')} data-testid="calendar-qr" className="rounded border border-slate-200 bg-white" />
              <p className="text-xs text-slate-600">{t('plans.calendar.qrHint')}</p>
            </div>
            {[
              { label: t('plans.calendar.webcal'), value: state.webcalUrl },
              { label: t('plans.calendar.https'), value: state.url },
            ].map(({ label, value }) => (
              <div key={label}>
                <p className="font-medium text-slate-800">{label}</p>
                <div className="mt-1 flex items-start gap-2">
                  <code className="min-w-0 flex-1 break-all rounded bg-slate-100 px-2 py-1 text-xs text-slate-800">{value}</code>
                  <CopyButton value={value} label={label} />
                </div>
              </div>
            ))}
            <ul className="list-disc space-y-1 pl-5">
              <li>{t('plans.calendar.apple')}</li>
              <li>{t('plans.calendar.google')}</li>
              <li>{t('plans.calendar.outlook')}</li>
            </ul>
            <p className="text-xs text-slate-600">{t('plans.calendar.private')}</p>
          </>
        )}
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <button type="button" onClick={onClose} disabled={busy !== null} className={`${button} border border-slate-300 font-normal hover:bg-slate-50`}>
            {t('common.close')}
          </button>
          {(state.kind === 'exists' || state.kind === 'made') && (
            <button type="button" onClick={() => void stop()} disabled={busy !== null} className={`${button} border border-red-300 font-normal text-red-800 hover:bg-red-50`}>
              {t(busy === 'stopping' ? 'plans.calendar.stopping' : 'plans.calendar.stop')}
            </button>
          )}
          {state.kind !== 'loading' && (
            <button type="button" onClick={() => void make()} disabled={busy !== null} className={`${button} bg-teal-700 text-white hover:bg-teal-800`}>
              {t(busy === 'making' ? 'plans.calendar.making' : state.kind === 'none' ? 'plans.calendar.make' : 'plans.calendar.remake')}
            </button>
          )}
        </div>
      </div>
    </Modal>
  );
}
