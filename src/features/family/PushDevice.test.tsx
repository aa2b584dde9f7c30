// @vitest-environment jsdom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import i18n from '../../i18n';
import { AuthContext } from '../../auth/AuthProvider';
import { keepNothingOfTheFamily } from '../../data/keptFamily';
import { PushDevice } from './PushDevice';

const PARENT = { uid: 'parent-uid', email: 'anna.mueller@example.com', emailVerified: true, displayName: null, photoURL: null, isAdmin: false };
const SignedIn = ({ children }: { children: React.ReactNode }) => <AuthContext.Provider value={{ user: PARENT, loading: false, refreshUser: async () => null }}>{children}</AuthContext.Provider>;

const api = vi.hoisted(() => ({ getPushSettings: vi.fn(), subscribePush: vi.fn(), unsubscribePush: vi.fn(), removePushDevice: vi.fn(), releasePushDevice: vi.fn() }));
vi.mock('../../api/push', () => api);
const device = vi.hoisted(() => ({ thisDeviceAvailability: vi.fn(), thisDeviceEndpoint: vi.fn(), thisDeviceHandle: vi.fn(), turnOnThisDevice: vi.fn(), turnOffThisDevice: vi.fn() }));
vi.mock('../../api/pushSubscription', async (original) => ({ ...(await original<typeof import('../../api/pushSubscription')>()), ...device }));

const KEY = 'BEsW5Jsuas37QxY6L9S7kdTOxYb_gwH-LX8SEEdMvxbyQA5gJEiLbvJNAjslmY4ebaRwKmPI6VE3oUguUOPtFeU';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/this-device';
const CHOICES = { paymentDue: false, paymentReceived: true, cancellationConfirmed: false, bookingDecided: false, notices: true, lessonCancelled: true, language: 'en' as const };

/** The account's devices as getPushSettings lists them: this phone, and a laptop. */
const PHONE = { device: 'phone-handle-0123456789', browser: 'Chrome', system: 'Android', since: '2026-11-02T09:00:00.000Z', lastPushAt: '2026-12-01T11:15:00.000Z' };
const LAPTOP = { device: 'laptop-handle-012345678', browser: 'Firefox', system: 'Windows', since: '2026-10-05T18:30:00.000Z', lastPushAt: null };

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.getPushSettings.mockReset().mockResolvedValue({ publicKey: KEY, devices: [] });
  api.removePushDevice.mockReset().mockResolvedValue(undefined);
  device.thisDeviceAvailability.mockReset().mockReturnValue('available');
  device.thisDeviceEndpoint.mockReset().mockResolvedValue(null);
  device.thisDeviceHandle.mockReset().mockReturnValue(null);
  device.turnOnThisDevice.mockReset().mockResolvedValue(undefined);
  device.turnOffThisDevice.mockReset().mockResolvedValue(undefined);
});

afterEach(() => keepNothingOfTheFamily(false));

describe('notifications on this device', () => {
  it('turn on only after the click, then say which kinds the device gets', async () => {
    render(<PushDevice choices={CHOICES} />, { wrapper: SignedIn });
    const button = await screen.findByRole('button', { name: 'Notify this device' });
    expect(screen.getByText('This device gets no notifications from the portal.')).toBeInTheDocument();
    expect(device.turnOnThisDevice).not.toHaveBeenCalled();
    expect(await screen.findByText('No device gets notifications from the portal.')).toBeInTheDocument();
    await userEvent.click(button);
    expect(device.turnOnThisDevice).toHaveBeenCalledWith(KEY, 'parent-uid');
    expect(await screen.findByText('This device gets notifications of: payments received, notices, and cancelled lessons.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Notifications are on for this device.');
    expect(screen.getByRole('button', { name: 'Stop notifications on this device' })).toBeInTheDocument();
  });

  it('know this device is on from its own subscription, and turn it off', async () => {
    device.thisDeviceEndpoint.mockImplementation(async (uid: string) => (uid === 'parent-uid' ? ENDPOINT : null));
    await i18n.changeLanguage('de');
    render(<PushDevice choices={{ ...CHOICES, paymentReceived: false, notices: false }} />, { wrapper: SignedIn });
    expect(await screen.findByText('Dieses Gerät erhält Benachrichtigungen zu: ausgefallener Unterricht.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Benachrichtigungen auf diesem Gerät beenden' }));
    expect(device.turnOffThisDevice).toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Dieses Gerät benachrichtigen' })).toBeInTheDocument();
  });

  it('say so when the parent refuses the permission, and when the functions refuse', async () => {
    const { PushRefused } = await import('../../api/pushSubscription');
    device.turnOnThisDevice.mockRejectedValueOnce(new PushRefused()).mockRejectedValueOnce(new ApiError('limit', 429, 'resource-exhausted', 30));
    await i18n.changeLanguage('ru');
    render(<PushDevice choices={CHOICES} />, { wrapper: SignedIn });
    await userEvent.click(await screen.findByRole('button', { name: 'Уведомлять на этом устройстве' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Уведомления не разрешены.');
    await userEvent.click(screen.getByRole('button', { name: 'Уведомлять на этом устройстве' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.api.resource-exhausted'));
  });

  it.each([
    ['install-first', /Add to Home Screen/],
    ['blocked', /blocked in this browser's settings/],
    ['unsupported', /cannot show notifications from the portal/],
  ])('offer no button that cannot work (%s), and say what to do', async (availability, text) => {
    device.thisDeviceAvailability.mockReturnValue(availability);
    render(<PushDevice choices={CHOICES} />, { wrapper: SignedIn });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(await screen.findByText('No device gets notifications from the portal.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('say that pushes are not set up when the portal has no key, and turn nothing on', async () => {
    api.getPushSettings.mockResolvedValue({ publicKey: null, devices: [] });
    render(<PushDevice choices={CHOICES} />, { wrapper: SignedIn });
    await userEvent.click(await screen.findByRole('button', { name: 'Notify this device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/not set up for this portal yet/);
    expect(device.turnOnThisDevice).not.toHaveBeenCalled();
  });

  it('on a shared computer, offer the button disabled and say why, where everyone sees it', async () => {
    keepNothingOfTheFamily(true);
    api.getPushSettings.mockResolvedValue({ publicKey: KEY, devices: [LAPTOP] });
    render(<PushDevice choices={CHOICES} />, { wrapper: SignedIn });
    const button = await screen.findByRole('button', { name: 'Notify this device' });
    expect(button).toBeDisabled();
    const why = 'You signed in with “This is a shared computer”: notifications cannot be turned on here, as the next person at this computer would see them. Turn them on on your own phone or computer.';
    expect(screen.getByText(why)).toBeVisible();
    expect(button).toHaveAccessibleDescription(why);
    await userEvent.click(button);
    expect(device.turnOnThisDevice).not.toHaveBeenCalled();
    // The account's other devices can still be stopped from here.
    expect(await screen.findByRole('button', { name: 'Remove Firefox on Windows' })).toBeEnabled();
  });
});

describe("the account's devices", () => {
  it('list each by browser and system, since when and its last notification, in the reader\'s language, marking this one', async () => {
    device.thisDeviceEndpoint.mockResolvedValue(ENDPOINT);
    device.thisDeviceHandle.mockReturnValue(PHONE.device);
    api.getPushSettings.mockResolvedValue({ publicKey: KEY, devices: [PHONE, LAPTOP] });
    await i18n.changeLanguage('de');
    render(<PushDevice choices={CHOICES} />, { wrapper: SignedIn });
    const list = await screen.findByRole('list', { name: 'Geräte, die Benachrichtigungen erhalten' });
    const [phone, laptop] = within(list).getAllByRole('listitem');
    expect(phone).toHaveTextContent('Chrome auf AndroidDieses Gerät');
    expect(phone).toHaveTextContent('Eingeschaltet am 2. November 2026');
    expect(phone).toHaveTextContent('Letzte Benachrichtigung 01.12.2026, 12:15');
    expect(laptop).toHaveTextContent('Firefox auf Windows');
    expect(laptop).not.toHaveTextContent('Dieses Gerät');
    expect(laptop).toHaveTextContent('Noch keine Benachrichtigung');
    expect(within(laptop!).getByRole('button', { name: 'Firefox auf Windows entfernen' })).toHaveTextContent('Entfernen');
  });

  it('remove another device by its handle, and this one by turning it off here', async () => {
    device.thisDeviceEndpoint.mockResolvedValue(ENDPOINT);
    device.thisDeviceHandle.mockReturnValue(PHONE.device);
    api.getPushSettings.mockResolvedValue({ publicKey: KEY, devices: [PHONE, LAPTOP] });
    await i18n.changeLanguage('ru');
    render(<PushDevice choices={CHOICES} />, { wrapper: SignedIn });
    api.getPushSettings.mockResolvedValue({ publicKey: KEY, devices: [PHONE] });
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить Firefox на Windows' }));
    expect(api.removePushDevice).toHaveBeenCalledWith(LAPTOP.device);
    expect(await screen.findByRole('status')).toHaveTextContent('Firefox на Windows больше не получает уведомлений.');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Удалить Firefox на Windows' })).toBeNull());

    api.getPushSettings.mockResolvedValue({ publicKey: KEY, devices: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Удалить Chrome на Android' }));
    expect(device.turnOffThisDevice).toHaveBeenCalled();
    expect(await screen.findByText('Ни одно устройство не получает уведомлений от портала.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Уведомлять на этом устройстве' })).toBeInTheDocument();
  });

  it('show this device off once the account no longer lists it (removed elsewhere, or its session ended)', async () => {
    device.thisDeviceEndpoint.mockResolvedValue(ENDPOINT);
    device.thisDeviceHandle.mockReturnValue(PHONE.device);
    api.getPushSettings.mockResolvedValue({ publicKey: KEY, devices: [LAPTOP] });
    render(<PushDevice choices={CHOICES} />, { wrapper: SignedIn });
    expect(await screen.findByRole('button', { name: 'Remove Firefox on Windows' })).toBeInTheDocument();
    expect(screen.getByText('This device gets no notifications from the portal.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notify this device' })).toBeInTheDocument();
  });
});
