/**
 * The account's devices that get notifications, each as its User-Agent named it when it was turned
 * on ("Chrome on Android"), since when, and when the last one reached it; "Remove" stops a device
 * from another one (a lost phone, a computer others use).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PushDevice } from '../../api/push';
import { useLocale } from '../../i18n/useLocale';
import { formatDay, formatSchoolInstant } from '../../lib/schoolClock';

interface Props {
  devices: PushDevice[] | null;
  failed: boolean;
  /** This device's handle, when it is turned on for the signed-in account. */
  thisDevice: string | null;
  onRemove: (device: PushDevice, name: string) => Promise<void>;
}

export function PushDeviceList({ devices, failed, thisDevice, onRemove }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const titleId = useId();
  const [removing, setRemoving] = useState<string | null>(null);

  const nameOf = (device: PushDevice) =>
    t('family.notifications.device.deviceName', {
      browser: device.browser ?? t('family.notifications.device.unknownBrowser'),
      system: device.system ?? t('family.notifications.device.unknownSystem'),
    });

  async function remove(device: PushDevice) {
    setRemoving(device.device);
    try {
      await onRemove(device, nameOf(device));
    } finally {
      setRemoving(null);
    }
  }

  return (
    <div className="mt-4">
      <h4 id={titleId} className="text-sm font-semibold text-slate-900">
        {t('family.notifications.device.devicesTitle')}
      </h4>
      {failed ? (
        <p className="mt-1 text-sm text-slate-700">{t('family.notifications.device.devicesFailed')}</p>
      ) : devices === null ? (
        <p className="mt-1 text-sm text-slate-700">{t('family.notifications.device.devicesLoading')}</p>
      ) : devices.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">{t('family.notifications.device.devicesNone')}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">{t('family.notifications.device.devicesIntro')}</p>
          <ul aria-labelledby={titleId} className="mt-2 space-y-2">
            {devices.map((device) => {
              const name = nameOf(device);
              return (
                <li key={device.device} className="flex flex-wrap items-start justify-between gap-2 rounded-md border border-slate-200 px-3 py-2">
                  <div className="min-w-0">
                    <p className="break-words text-sm font-medium text-slate-900">
                      {name}
                      {device.device === thisDevice && (
                        <span className="ml-2 inline-block rounded bg-teal-50 px-1.5 text-xs font-medium text-teal-800">{t('family.notifications.device.thisDevice')}</span>
                      )}
                    </p>
                    <p className="text-xs text-slate-700">{t('family.notifications.device.since', { date: formatDay(device.since, locale, 'long') })}</p>
                    <p className="text-xs text-slate-700">
                      {device.lastPushAt ? t('family.notifications.device.lastPush', { date: formatSchoolInstant(device.lastPushAt, locale) }) : t('family.notifications.device.noPushYet')}
                    </p>
                  </div>
                  <button
                    type="button"
                    disabled={removing !== null}
                    aria-label={t('family.notifications.device.removeLabel', { device: name })}
                    onClick={() => void remove(device)}
                    className="rounded-md border border-slate-400 px-2.5 py-1 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60"
                  >
                    {removing === device.device ? t('family.notifications.device.removing') : t('family.notifications.device.remove')}
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
