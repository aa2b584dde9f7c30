import { Modal } from './Modal';

interface Props {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirmed action runs: both buttons and Escape wait for it (see Modal). */
  busy?: boolean;
}

/** A yes/no question in a modal; Cancel has the focus, Escape cancels. */
export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel, onConfirm, onCancel, busy = false }: Props) {
  return (
    <Modal open={open} title={title} onClose={onCancel} busy={busy}>
      <p className="text-slate-700">{message}</p>
      <div className="mt-5 flex justify-end gap-2">
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- showModal() gives the focus to the autofocus element: Cancel, the safe choice. */}
        <button type="button" autoFocus onClick={onCancel} disabled={busy} className="rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50 disabled:opacity-60">
          {cancelLabel}
        </button>
        <button type="button" onClick={onConfirm} disabled={busy} className="rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 disabled:opacity-60">
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
