// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { annaMember } from '../test/fixtures';
import { FinancialStatusCard } from './FinancialStatusCard';

const inRouter = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.useRealTimers());

describe('financial status card', () => {
  it('asks for payment of the absolute total, with the SEPA details and copy buttons', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    inRouter(<FinancialStatusCard member={annaMember} />);
    expect(screen.getByText('Payment required')).toBeInTheDocument();
    expect(screen.getByText('Please transfer €440.00.')).toBeInTheDocument();
    expect(screen.getByText('Pay by bank transfer')).toBeInTheDocument();
    expect(screen.getByText('DE89 3704 0044 0532 0130 00')).toBeInTheDocument();
    expect(screen.getByText('Schulverein Lindenhof e.V.')).toBeInTheDocument();

    vi.useFakeTimers({ shouldAdvanceTime: true });
    const copyIban = screen.getByRole('button', { name: 'Copy IBAN' });
    await userEvent.click(copyIban);
    expect(writeText).toHaveBeenCalledWith('DE89370400440532013000');
    expect(copyIban).toHaveTextContent('Copied!');
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(copyIban).toHaveTextContent('Copy');
    await userEvent.click(screen.getByRole('button', { name: 'Copy Reference' }));
    expect(writeText).toHaveBeenLastCalledWith('Anna Müller');
    await userEvent.click(screen.getByRole('button', { name: 'Copy Amount' }));
    expect(writeText).toHaveBeenLastCalledWith('440.00');
  });

  it('shows credit without any payment block', () => {
    inRouter(<FinancialStatusCard member={{ ...annaMember, balance: 50, childrenBalance: 0, membershipBalance: 0 }} />);
    expect(screen.getByText('In credit')).toBeInTheDocument();
    expect(screen.getByText('You have €50.00 in credit.')).toBeInTheDocument();
    expect(screen.getByText('Available credit')).toBeInTheDocument();
    expect(screen.queryByText('Pay by bank transfer')).not.toBeInTheDocument();
  });

  it('shows a settled family in German, and the link to the transactions', async () => {
    await i18n.changeLanguage('de');
    inRouter(<FinancialStatusCard member={{ ...annaMember, balance: 0.004, childrenBalance: 0, membershipBalance: 0 }} />);
    expect(screen.getByText('Alles bezahlt')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zahlungen ansehen' })).toHaveAttribute('href', '/transactions');
  });
});
