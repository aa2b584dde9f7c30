/**
 * "Reload to update": a new version of the portal has installed in the background (the service
 * worker, src/lib/serviceWorker.ts) and waits. It takes over only when the parent says so, so
 * that nothing typed into a form is lost to a reload; "Later" keeps the current version until
 * the tabs are closed. Announced politely (role=status), above the phone's bottom bar.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reloadToUpdate, useUpdateWaiting } from '../lib/serviceWorker';

const buttonBase = 'rounded-md px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700';

export function UpdatePrompt() {
  const { t } = useTranslation();
  const waiting = useUpdateWaiting();
  const [dismissed, setDismissed] = useState(false);
  const [reloading, setReloading] = useState(false);
  const shown = waiting && !dismissed;

  return (
    // The live region is always there, so that screen readers announce what appears in it.
    <div role="status" className="pointer-events-none fixed inset-x-0 bottom-20 z-30 flex justify-center px-4 md:bottom-6">
      {shown && (
        <div className="pointer-events-auto flex w-full max-w-md flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 text-slate-900 shadow-lg">
          <p className="min-w-0 flex-1 text-sm">{t('pwa.updateAvailable')}</p>
          <div className="flex gap-2">
            <button type="button" onClick={() => setDismissed(true)} className={`${buttonBase} border border-slate-300 text-slate-700 hover:bg-slate-100`}>
              {t('pwa.later')}
            </button>
            <button
              type="button"
              disabled={reloading}
              onClick={() => {
                setReloading(true);
                reloadToUpdate().catch(() => setReloading(false));
              }}
              className={`${buttonBase} bg-teal-700 text-white hover:bg-teal-800 disabled:opacity-60`}
            >
              {t('pwa.reload')}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
