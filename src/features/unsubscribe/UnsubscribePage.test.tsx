// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import i18n from '../../i18n';
import UnsubscribePage from './UnsubscribePage';

const api = vi.hoisted(() => ({ unsubscribe: vi.fn() }));
vi.mock('../../api/members', () => api);

const show = (query: string) => render(<MemoryRouter initialEntries={[`/unsubscribe${query}`]}><UnsubscribePage /></MemoryRouter>);

beforeEach(async () => {
  await i18n.changeLanguage('de');
  api.unsubscribe.mockReset();
});

describe('unsubscribe page', () => {
  it('stops the e-mail with one click, with the token of the link, and nothing before the click', async () => {
    api.unsubscribe.mockResolvedValue(undefined);
    show('?token=abc.def');
    expect(api.unsubscribe).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Abbestellen' }));
    expect(api.unsubscribe).toHaveBeenCalledWith('abc.def');
    expect(await screen.findByRole('status')).toHaveTextContent('Erledigt: Sie erhalten diese Art E-Mail nicht mehr.');
  });

  it('says so when the link was altered, and offers nothing without a token', async () => {
    api.unsubscribe.mockRejectedValue(new ApiError('bad', 400, 'invalid-argument'));
    show('?token=abc.xyz');
    await userEvent.click(screen.getByRole('button', { name: 'Abbestellen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieser Abbestell-Link ist ungültig.');
    show('');
    expect(screen.getAllByRole('button', { name: 'Abbestellen' }).at(-1)).toBeDisabled();
  });
});
