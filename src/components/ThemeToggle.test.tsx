// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { startTheme } from '../lib/theme';
import { ThemeToggle } from './ThemeToggle';

/** A system colour scheme the test can switch. */
function systemScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = { get matches() { return dark; }, addEventListener: (_: string, listener: () => void) => listeners.add(listener) };
  vi.stubGlobal('matchMedia', () => media);
  return {
    set(next: boolean) {
      dark = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}
const isDark = () => document.documentElement.classList.contains('dark');

beforeEach(async () => {
  localStorage.clear();
  document.documentElement.classList.remove('dark');
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

describe('dark mode', () => {
  it('follows the system until the parent chooses', () => {
    const system = systemScheme(true);
    startTheme();
    render(<ThemeToggle />);
    expect(isDark()).toBe(true);
    expect(screen.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'true');
    system.set(false);
    expect(isDark()).toBe(false);
    expect(screen.getByRole('button', { name: 'Dark mode' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('remembers the choice on the device, over the system, and applies it on the next visit', async () => {
    const system = systemScheme(false);
    startTheme();
    render(<ThemeToggle />);
    await userEvent.click(screen.getByRole('button', { name: 'Dark mode' }));
    expect(isDark()).toBe(true);
    expect(localStorage.getItem('theme')).toBe('dark');
    system.set(false);
    expect(isDark()).toBe(true);

    document.documentElement.classList.remove('dark');
    startTheme(); // the next visit
    expect(isDark()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Dark mode' }));
    expect(isDark()).toBe(false);
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('is labelled in every language', async () => {
    systemScheme(false);
    render(<ThemeToggle />);
    await act(() => i18n.changeLanguage('de'));
    expect(screen.getByRole('button', { name: 'Dunkler Modus' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('ru'));
    expect(screen.getByRole('button', { name: 'Тёмная тема' })).toBeInTheDocument();
  });
});
