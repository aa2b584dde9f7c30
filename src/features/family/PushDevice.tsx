/**
 * "On this device" in the notification settings: pushes of the kinds the parent's e-mail choices
 * turn on, per device. The browser asks its permission only after "Notify this device"; where it
 * cannot work (iOS outside the home-screen app, a browser without Web Push, notifications blocked)
 * the section says what to do instead of offering a button.
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PARENT_MAIL_KINDS } from '@family-portal/contract/rules';
import type { NotificationChoices } from '@family-portal/contract';
import { getPushSettings } from '../../api/push';
import { useAuth } from '../../auth/AuthProvider';
import { apiErrorKey } from '../../api/errorMessages';
import { ApiError } from '../../api/apiError';
import { Alert } from '../../components/Alert';
import { PushRefused, thisDeviceAvailability, thisDeviceEndpoint, turnOffThisDevice, turnOnThisDevice, type PushAvailability } from '../../lib/push';

type DeviceState = { kind: 'loading' } | { kind: 'cannot'; why: Exclude<PushAvailability, 'available'> } | { kind: 'ready'; on: boolean };

/**
 * Read on this device alone, without asking the functions: the page shows the section at once,
 * and the key to subscribe with is asked for only on "Notify this device".
 */
async function readDeviceState(uid: string): Promise<DeviceState> {
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
  const [state, setState] = useState<DeviceState>({ kind: 'loading' });
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
      } else {
        const { publicKey } = await getPushSettings();
        if (!publicKey) throw new ApiError('Pushes are not set up', 503, 'push-unavailable');
        await turnOnThisDevice(publicKey, uid);
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

  const kinds = choices ? PARENT_MAIL_KINDS.filter((kind) => choices[kind]).map((kind) => t(`family.notifications.device.kindNames.${kind}`)) : [];
  const list = new Intl.ListFormat(i18n.resolvedLanguage, { type: 'conjunction' }).format(kinds);

  return (
    <section aria-labelledby={titleId} className="mt-5 border-t border-slate-200 pt-4">
      <h3 id={titleId} className="text-sm font-semibold text-slate-900">
        {t('family.notifications.device.title')}
      </h3>
      {state.kind === 'cannot' ? (
        <p className="mt-1 text-sm text-slate-700">{t(`family.notifications.device.${CANNOT_TEXT[state.why]}`)}</p>
      ) : state.kind === 'loading' ? (
        <p className="mt-1 text-sm text-slate-700">{t('family.notifications.device.intro')}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">{t('family.notifications.device.intro')}</p>
          <p className="mt-2 text-sm text-slate-800" aria-live="polite">
            {!state.on ? t('family.notifications.device.off') : kinds.length > 0 ? t('family.notifications.device.on', { kinds: list }) : t('family.notifications.device.onNone')}
          </p>
          <button
            type="button"
            disabled={busy}
            onClick={() => void toggle(state.on)}
            className="mt-3 rounded-md border border-teal-700 px-3 py-1.5 text-sm font-medium text-teal-800 hover:bg-teal-50 disabled:opacity-60"
          >
            {busy
              ? t(state.on ? 'family.notifications.device.turningOff' : 'family.notifications.device.turningOn')
              : t(state.on ? 'family.notifications.device.turnOff' : 'family.notifications.device.turnOn')}
          </button>
        </>
      )}
      {message && (
        <div className="mt-3">
          <Alert tone={message.tone}>{message.text}</Alert>
        </div>
      )}
    </section>
  );
}
