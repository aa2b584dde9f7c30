// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { pressEscape } from '../test/dialog';
import { ConfirmDialog, useConfirmedAction } from './ConfirmDialog';
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

  it('runs a confirmed action once at a time, says "working" meanwhile, and shows why it failed, staying open', async () => {
    let finish!: (ok: boolean) => void;
    const action = vi.fn(() => new Promise<void>((resolve, reject) => (finish = (ok) => (ok ? resolve() : reject(new Error('refused'))))));
    function Withdraw() {
      const { busy, error, confirm } = useConfirmedAction(true, action, (caught) => `Not withdrawn: ${(caught as Error).message}`);
      return <ConfirmDialog {...props} tone="danger" busyLabel="Withdrawing…" busy={busy} error={error} onConfirm={confirm} onCancel={vi.fn()} />;
    }
    render(<Withdraw />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('button', { name: 'Withdrawing…' })).toBeDisabled();
    expect(action).toHaveBeenCalledTimes(1);
    await act(async () => finish(false));
    expect(screen.getByRole('alert')).toHaveTextContent('Not withdrawn: refused');
    expect(dialogElement()).toHaveAttribute('open');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => finish(true));
    expect(action).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
