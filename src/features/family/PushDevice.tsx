/**
 * "On this device" in the notification settings: pushes of the kinds the parent's e-mail choices
 * turn on, per device. The browser asks its permission only after "Notify this device"; where it
 * cannot work (iOS outside the home-screen app, a browser without Web Push, notifications blocked)
 * the section says what to do instead of offering a button. A session signed in as "This is a
 * shared computer" turns nothing on: the next person at the computer would see the family's
 * notifications. Below, the account's devices, each of which can be removed from here.
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PARENT_MAIL_KINDS } from '@family-portal/contract/rules';
import type { NotificationChoices } from '@family-portal/contract';
import { getPushSettings, removePushDevice, type PushDevice as Device } from '../../api/push';
import { useAuth } from '../../auth/AuthProvider';
import { apiErrorKey } from '../../api/errorMessages';
import { ApiError } from '../../api/apiError';
import { Alert } from '../../components/Alert';
import { keepsNothing } from '../../data/keptFamily';
import { PushRefused, thisDeviceAvailability, thisDeviceEndpoint, thisDeviceHandle, turnOffThisDevice, turnOnThisDevice, type PushAvailability } from '../../api/pushSubscription';
import { PushDeviceList } from './PushDeviceList';
import { usePushDevices } from './usePushDevices';

type DeviceState = { kind: 'loading' } | { kind: 'shared' } | { kind: 'cannot'; why: Exclude<PushAvailability, 'available'> } | { kind: 'ready'; on: boolean };

/** Read on this device alone: the section shows at once, before the account's list has come. */
async function readDeviceState(uid: string): Promise<DeviceState> {
  if (keepsNothing()) return { kind: 'shared' };
  const availability = thisDeviceAvailability();
  if (availability !== 'available') return { kind: 'cannot', why: availability };
  return { kind: 'ready', on: (await thisDeviceEndpoint(uid)) !== null };
}

const CANNOT_TEXT = { 'install-first': 'installFirst', blocked: 'blocked', unsupported: 'unsupported' } as const;

/** `choices`: the saved e-mail choices, whose kinds the device gets. */
export function PushDevice({ choices }: { choices: NotificationChoices | null }) {
  const { t, i18n } = useTranslation();
  const uid = useAuth().user?.uid ?? '';
  const titleId = useId();
  const sharedId = useId();
  const [state, setState] = useState<DeviceState>({ kind: 'loading' });
  const { devices, failed, publicKey: loadedKey, readNumber, reload, drop } = usePushDevices(uid);
  // The first list read after this device last changed here; an older one does not show the change yet.
  const [changedBefore, setChangedBefore] = useState(0);
  const handle = state.kind === 'ready' && state.on ? thisDeviceHandle(uid) : null;
  // Removed from another device, or ended by the functions (a revoked session, a 410): off here too.
  const dropped = devices !== null && readNumber >= changedBefore && handle !== null && !devices.some((device) => device.device === handle);
  const on = state.kind === 'ready' && state.on && !dropped;
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    let current = true;
    readDeviceState(uid).then(
      (read) => current && setState(read),
      () => current && setState({ kind: 'cannot', why: 'unsupported' }),
    );
    return () => {
      current = false;
    };
  }, [uid]);

  async function toggle(on: boolean) {
    setBusy(true);
    setMessage(null);
    try {
      if (on) {
        await turnOffThisDevice();
        if (handle) drop(handle);
      } else {
        const publicKey = loadedKey !== undefined ? loadedKey : (await getPushSettings()).publicKey;
        if (!publicKey) throw new ApiError('Pushes are not set up', 503, 'push-unavailable');
        await turnOnThisDevice(publicKey, uid);
        // The list's entry of this device (its browser and system) comes from the functions.
        setChangedBefore(reload());
      }
      setState({ kind: 'ready', on: !on });
      setMessage({ tone: 'success', text: t(on ? 'family.notifications.device.turnedOff' : 'family.notifications.device.turnedOn') });
    } catch (error) {
      if (error instanceof PushRefused) setState(await readDeviceState(uid).catch(() => state));
      const text = error instanceof PushRefused ? t('family.notifications.device.refused') : error instanceof ApiError ? t(apiErrorKey(error)) : t('family.notifications.device.failed');
      setMessage({ tone: 'error', text });
    } finally {
      setBusy(false);
    }
  }

  /** This device by turning it off here (the browser drops its subscription too); another by its handle. */
  async function remove(device: Device, name: string) {
    setMessage(null);
    try {
      if (device.device === handle) {
        await turnOffThisDevice();
        setState({ kind: 'ready', on: false });
      } else {
        // Already gone (removed meanwhile from elsewhere): as good as removed.
        await removePushDevice(device.device).catch((error: unknown) => {
          if (!(error instanceof ApiError && error.code === 'not-found')) throw error;
        });
      }
      drop(device.device);
      setMessage({ tone: 'success', text: t('family.notifications.device.removed', { device: name }) });
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof ApiError ? t(apiErrorKey(error)) : t('family.notifications.device.removeFailed') });
    }
  }

  const kinds = choices ? PARENT_MAIL_KINDS.filter((kind) => choices[kind]).map((kind) => t(`family.notifications.device.kindNames.${kind}`)) : [];
  const list = new Intl.ListFormat(i18n.resolvedLanguage, { type: 'conjunction' }).format(kinds);

  return (
    <section aria-labelledby={titleId} className="mt-5 border-t border-slate-200 pt-4">
      <h3 id={titleId} className="text-sm font-semibold text-slate-900">
        {t('family.notifications.device.title')}
      </h3>
      {state.kind === 'shared' ? (
        <>
          <p className="mt-1 text-sm text-slate-700">{t('family.notifications.device.intro')}</p>
          <p id={sharedId} className="mt-2 text-sm text-slate-800">
            {t('family.notifications.device.sharedComputer')}
          </p>
          <button type="button" disabled aria-describedby={sharedId} className="mt-3 rounded-md border border-slate-400 px-3 py-1.5 text-sm font-medium text-slate-700 disabled:opacity-60">
            {t('family.notifications.device.turnOn')}
          </button>
        </>
      ) : state.kind === 'cannot' ? (
        <p className="mt-1 text-sm text-slate-700">{t(`family.notifications.device.${CANNOT_TEXT[state.why]}`)}</p>
      ) : state.kind === 'loading' ? (
        <p className="mt-1 text-sm text-slate-700">{t('family.notifications.device.intro')}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">{t('family.notifications.device.intro')}</p>
          <p className="mt-2 text-sm text-slate-800" aria-live="polite">
            {!on ? t('family.notifications.device.off') : kinds.length > 0 ? t('family.notifications.device.on', { kinds: list }) : t('family.notifications.device.onNone')}
          </p>
          <button
            type="button"
            disabled={busy}
            onClick={() => void toggle(on)}
            className="mt-3 rounded-md border border-teal-700 px-3 py-1.5 text-sm font-medium text-teal-800 hover:bg-teal-50 disabled:opacity-60"
          >
            {busy
              ? t(on ? 'family.notifications.device.turningOff' : 'family.notifications.device.turningOn')
              : t(on ? 'family.notifications.device.turnOff' : 'family.notifications.device.turnOn')}
          </button>
        </>
      )}
      {message && (
        <div className="mt-3">
          <Alert tone={message.tone}>{message.text}</Alert>
        </div>
      )}
      <PushDeviceList devices={devices} failed={failed} thisDevice={handle} onRemove={remove} />
    </section>
  );
}
