import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert } from './Alert';
import { Modal } from './Modal';

interface Props {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirmed action runs: both buttons and Escape wait for it (see Modal). */
  busy?: boolean;
  /** The confirm button's words while it runs ("Withdrawing…"). */
  busyLabel?: string;
  /** Why the action failed; the dialog stays open and nothing changed. */
  error?: string | null;
  /** `danger`: the action takes something back (a request, a report): a red button. */
  tone?: 'default' | 'danger';
}

const CONFIRM_CLASS = {
  default: 'bg-teal-700 hover:bg-teal-800',
  danger: 'bg-red-700 hover:bg-red-800',
};

/**
 * A yes/no question in a modal; Cancel has the focus, Escape cancels. One component for every
 * confirmation: the console's syncs and invitations, and withdrawing a booking request, an absence
 * report or a notice (with useConfirmedAction).
 */
export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel, onConfirm, onCancel, busy = false, busyLabel, error = null, tone = 'default' }: Props) {
  return (
    <Modal open={open} title={title} onClose={onCancel} busy={busy}>
      <div className="space-y-3 text-sm">
        {/* A message of several paragraphs brings its own <p>s. */}
        {typeof message === 'string' ? <p className="break-words text-slate-700">{message}</p> : <div className="space-y-3 break-words text-slate-700">{message}</div>}
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          {/* oxlint-disable-next-line jsx-a11y/no-autofocus -- showModal() gives the focus to the autofocus element: Cancel, the safe choice. */}
          <button type="button" autoFocus onClick={onCancel} disabled={busy} className="rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50 disabled:opacity-60">
            {cancelLabel}
          </button>
          <button type="button" onClick={onConfirm} disabled={busy} className={`rounded-md px-4 py-2 font-semibold text-white disabled:opacity-60 ${CONFIRM_CLASS[tone]}`}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </Modal>
  );
}

/**
 * A confirmed action's state for ConfirmDialog: `confirm` runs `action` once at a time; a failure
 * becomes the dialog's error (`errorText`), cleared each time the dialog opens.
 */
export function useConfirmedAction(open: boolean, action: () => Promise<void>, errorText: (caught: unknown) => string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);

  useEffect(() => {
    if (open) setError(null);
  }, [open]);

  const confirm = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, [action, errorText]);

  return { busy, error, confirm: () => void confirm() };
}
