// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { pressEscape } from '../test/dialog';
import { ConfirmDialog } from './ConfirmDialog';
import { Modal } from './Modal';

const dialogElement = () => document.querySelector('dialog')!;

/** A page that opens the modal and keeps its own idea of whether it is open. */
function Page({ busy }: { busy: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <p>{open ? 'page: open' : 'page: closed'}</p>
      <Modal open={open} title="Edit" onClose={() => setOpen(false)} busy={busy}>
        <p>Form</p>
      </Modal>
    </>
  );
}

describe('modal', () => {
  it('closes on Escape, and the page knows it', () => {
    render(<Page busy={false} />);
    act(() => pressEscape(dialogElement()));
    expect(dialogElement()).not.toHaveAttribute('open');
    expect(screen.getByText('page: closed')).toBeInTheDocument();
  });

  it('ignores Escape while busy: dialog and page stay open together', () => {
    render(<Page busy />);
    act(() => pressEscape(dialogElement()));
    expect(dialogElement()).toHaveAttribute('open');
    expect(screen.getByText('Form')).toBeInTheDocument();
    expect(screen.getByText('page: open')).toBeInTheDocument();
  });

  it('shows itself again when a browser closes it anyway while busy', () => {
    render(<Page busy />);
    act(() => dialogElement().close());
    expect(dialogElement()).toHaveAttribute('open');
    expect(screen.getByText('page: open')).toBeInTheDocument();
  });
});

describe('confirm dialog', () => {
  const props = { open: true, title: 'Sync', message: 'Continue?', confirmLabel: 'Continue', cancelLabel: 'Cancel' };

  it('cancels on Escape', () => {
    const onCancel = vi.fn();
    render(<ConfirmDialog {...props} onConfirm={vi.fn()} onCancel={onCancel} />);
    act(() => pressEscape(dialogElement()));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('while busy, neither Escape nor its buttons close it or confirm twice', async () => {
    const onCancel = vi.fn();
    const onConfirm = vi.fn();
    render(<ConfirmDialog {...props} busy onConfirm={onConfirm} onCancel={onCancel} />);
    act(() => pressEscape(dialogElement()));
    expect(dialogElement()).toHaveAttribute('open');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
  });
});
