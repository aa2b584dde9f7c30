// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import i18n from '../../i18n';
import { AuthContext } from '../../auth/AuthProvider';
import { PushDevice } from './PushDevice';

const PARENT = { uid: 'parent-uid', email: 'anna.mueller@example.com', emailVerified: true, displayName: null, photoURL: null, isAdmin: false };
const SignedIn = ({ children }: { children: React.ReactNode }) => <AuthContext.Provider value={{ user: PARENT, loading: false, refreshUser: async () => null }}>{children}</AuthContext.Provider>;

const api = vi.hoisted(() => ({ getPushSettings: vi.fn(), subscribePush: vi.fn(), unsubscribePush: vi.fn() }));
vi.mock('../../api/push', () => api);
const device = vi.hoisted(() => ({ thisDeviceAvailability: vi.fn(), thisDeviceEndpoint: vi.fn(), turnOnThisDevice: vi.fn(), turnOffThisDevice: vi.fn() }));
vi.mock('../../lib/push', async (original) => ({ ...(await original<typeof import('../../lib/push')>()), ...device }));

const KEY = 'BEsW5Jsuas37QxY6L9S7kdTOxYb_gwH-LX8SEEdMvxbyQA5gJEiLbvJNAjslmY4ebaRwKmPI6VE3oUguUOPtFeU';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/this-device';
const CHOICES = { paymentDue: false, paymentReceived: true, cancellationConfirmed: false, bookingDecided: false, notices: true, lessonCancelled: true, language: 'en' as const };

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.getPushSettings.mockReset().mockResolvedValue({ publicKey: KEY, devices: [] });
  device.thisDeviceAvailability.mockReset().mockReturnValue('available');
  device.thisDeviceEndpoint.mockReset().mockResolvedValue(null);
  device.turnOnThisDevice.mockReset().mockResolvedValue(undefined);
  device.turnOffThisDevice.mockReset().mockResolvedValue(undefined);
});

describe('notifications on this device', () => {
  it('turn on only after the click, then say which kinds the device gets', async () => {
    render(<PushDevice choices={CHOICES} />, { wrapper: SignedIn });
    const button = await screen.findByRole('button', { name: 'Notify this device' });
    expect(screen.getByText('This device gets no notifications from the portal.')).toBeInTheDocument();
    expect(device.turnOnThisDevice).not.toHaveBeenCalled();
    // Nothing is asked of the functions until the click.
    expect(api.getPushSettings).not.toHaveBeenCalled();
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
    expect(api.getPushSettings).not.toHaveBeenCalled();
  });

  it('say so when the parent refuses the permission, and when the functions refuse', async () => {
    const { PushRefused } = await import('../../lib/push');
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
    expect(screen.queryByRole('button')).toBeNull();
    expect(api.getPushSettings).not.toHaveBeenCalled();
  });

  it('say that pushes are not set up when the portal has no key, and turn nothing on', async () => {
    api.getPushSettings.mockResolvedValue({ publicKey: null, devices: [] });
    render(<PushDevice choices={CHOICES} />, { wrapper: SignedIn });
    await userEvent.click(await screen.findByRole('button', { name: 'Notify this device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/not set up for this portal yet/);
    expect(device.turnOnThisDevice).not.toHaveBeenCalled();
  });
});
