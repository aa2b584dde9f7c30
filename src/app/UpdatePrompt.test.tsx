// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import de from '../i18n/locales/de.json';
import en from '../i18n/locales/en.json';
import ru from '../i18n/locales/ru.json';

// The registration hook, mocked: the test decides when a new version is waiting.
const worker = vi.hoisted(() => ({ waiting: false, listeners: new Set<() => void>(), reloadToUpdate: vi.fn(() => Promise.resolve()) }));
vi.mock('../lib/serviceWorker', async () => {
  const { useSyncExternalStore } = await import('react');
  return {
    useUpdateWaiting: () =>
      useSyncExternalStore(
        (listener) => (worker.listeners.add(listener), () => worker.listeners.delete(listener)),
        () => worker.waiting,
      ),
    reloadToUpdate: worker.reloadToUpdate,
  };
});
const { UpdatePrompt } = await import('./UpdatePrompt');

function newVersionWaits() {
  act(() => {
    worker.waiting = true;
    worker.listeners.forEach((listener) => listener());
  });
}

describe('UpdatePrompt', () => {
  beforeEach(async () => {
    worker.waiting = false;
    worker.reloadToUpdate.mockClear();
    await i18n.changeLanguage('en');
  });
  afterEach(() => i18n.changeLanguage('en'));

  it('shows nothing while the running version is the newest, in an always present live region', () => {
    render(<UpdatePrompt />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('asks to reload once a new version waits, and reloads into it', async () => {
    const user = userEvent.setup();
    render(<UpdatePrompt />);
    newVersionWaits();
    expect(screen.getByRole('status')).toHaveTextContent(en.pwa.updateAvailable);

    // Keyboard first: "Later", then "Reload to update".
    await user.tab();
    expect(screen.getByRole('button', { name: en.pwa.later })).toHaveFocus();
    await user.tab();
    const reload = screen.getByRole('button', { name: en.pwa.reload });
    expect(reload).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(worker.reloadToUpdate).toHaveBeenCalledOnce();
    // No second activation while the page is on its way to the new version.
    expect(reload).toBeDisabled();
  });

  it('"Later" hides the prompt and keeps the running version', async () => {
    const user = userEvent.setup();
    render(<UpdatePrompt />);
    newVersionWaits();
    await user.click(screen.getByRole('button', { name: en.pwa.later }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(worker.reloadToUpdate).not.toHaveBeenCalled();
  });

  it('lets the parent try again if the update could not be started', async () => {
    worker.reloadToUpdate.mockRejectedValueOnce(new Error('no waiting worker'));
    const user = userEvent.setup();
    render(<UpdatePrompt />);
    newVersionWaits();
    await user.click(screen.getByRole('button', { name: en.pwa.reload }));
    expect(screen.getByRole('button', { name: en.pwa.reload })).toBeEnabled();
  });

  it.each([
    ['de', de],
    ['ru', ru],
  ] as const)('speaks %s', async (language, texts) => {
    await i18n.changeLanguage(language);
    render(<UpdatePrompt />);
    newVersionWaits();
    expect(screen.getByRole('status')).toHaveTextContent(texts.pwa.updateAvailable);
    expect(screen.getByRole('button', { name: texts.pwa.reload })).toBeVisible();
    expect(screen.getByRole('button', { name: texts.pwa.later })).toBeVisible();
  });
});
