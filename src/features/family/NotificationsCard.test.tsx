// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import i18n from '../../i18n';
import { NotificationsCard } from './NotificationsCard';

const api = vi.hoisted(() => ({ getNotificationChoices: vi.fn(), setNotificationChoices: vi.fn() }));
vi.mock('../../api/members', () => api);
const OFF = { paymentDue: false, paymentReceived: false, cancellationConfirmed: false, language: 'de' };

beforeEach(async () => {
  await i18n.changeLanguage('en');
  api.getNotificationChoices.mockReset().mockResolvedValue(OFF);
  api.setNotificationChoices.mockReset().mockImplementation((choices: unknown) => Promise.resolve(choices));
});

describe('e-mail choices', () => {
  it('start off, and save what the parent turned on with the language the portal shows', async () => {
    await i18n.changeLanguage('ru');
    render(<NotificationsCard />);
    const due = await screen.findByLabelText('Когда нужно оплатить (с суммой и реквизитами)');
    expect(due).not.toBeChecked();
    await userEvent.click(due);
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить настройки писем' }));
    expect(api.setNotificationChoices).toHaveBeenCalledWith({ paymentDue: true, paymentReceived: false, cancellationConfirmed: false, language: 'ru' });
    expect(await screen.findByRole('status')).toHaveTextContent('Настройки писем сохранены.');
  });

  it('say why they cannot be loaded', async () => {
    api.getNotificationChoices.mockRejectedValue(new ApiError('offline', 0, 'network'));
    render(<NotificationsCard />);
    expect(await screen.findByRole('alert')).toHaveTextContent(i18n.t('errors.api.network'));
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
