/**
 * The last step before a run is announced: how many families are e-mailed, how much is collected
 * on which day, and what their bank statements will say. The buttons wait for the answer, so a
 * double click announces once; every attempt of this announcement sends its one key (made when it
 * was asked, sendKey.ts), so a retry after a timeout gets the run made before, and no family is
 * e-mailed twice.
 */
import type { CollectionRun } from '@family-portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { announceCollection } from '../../../api/officeCollections';
import { Alert } from '../../../components/Alert';
import { Modal } from '../../../components/Modal';
import { formatCents } from '../../../domain/collections';
import { useLocale } from '../../../i18n/useLocale';
import { formatWeekday } from '../../../lib/schoolClock';
import { collectionErrorText } from './collectionErrors';

export interface Announcing {
  collectionDate: string;
  purpose: string;
  leaveOut: string[];
  count: number;
  cents: number;
  key: string;
}

interface Props {
  announcing: Announcing | null;
  onClose: () => void;
  onAnnounced: (run: CollectionRun) => void;
  onBusy: (busy: boolean) => void;
}

export function AnnounceDialog({ announcing, onClose, onAnnounced, onBusy }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);

  useEffect(() => setError(null), [announcing]);

  const announce = async () => {
    if (!announcing || inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    onBusy(true);
    setError(null);
    try {
      const { collectionDate, purpose, leaveOut, key } = announcing;
      onAnnounced(await announceCollection({ collectionDate, purpose, leaveOut, idempotencyKey: key }));
    } catch (caught) {
      setError(t('admin.collections.announce.failed', { message: collectionErrorText(caught, t, locale) }));
    } finally {
      inFlight.current = false;
      setBusy(false);
      onBusy(false);
    }
  };

  const values = announcing && { count: announcing.count, total: formatCents(announcing.cents, locale), date: formatWeekday(announcing.collectionDate, locale) };
  return (
    <Modal open={announcing !== null} busy={busy} onClose={onClose} title={t('admin.collections.announce.title')}>
      {announcing && values && (
        <div className="space-y-3 text-sm">
          <p className="break-words text-slate-800">{t('admin.collections.announce.text', values)}</p>
          <p className="break-words text-slate-800">{t('admin.collections.announce.purpose', { purpose: announcing.purpose })}</p>
          <p className="text-slate-600">{t('admin.collections.announce.after')}</p>
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex flex-wrap justify-end gap-2 pt-1">
            {/* eslint-disable-next-line jsx-a11y/no-autofocus -- showModal() focuses it: Cancel, the safe choice. */}
            <button type="button" autoFocus onClick={onClose} disabled={busy} className="rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50 disabled:opacity-60">
              {t('admin.controls.cancel')}
            </button>
            <button type="button" onClick={() => void announce()} disabled={busy} className="rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 disabled:opacity-60">
              {busy ? t('admin.collections.announce.sending') : t('admin.collections.announce.confirm')}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
