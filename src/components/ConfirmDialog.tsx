import { Modal } from './Modal';

interface Props {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question in a modal; Cancel has the focus, Escape cancels. */
export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel, onConfirm, onCancel }: Props) {
  return (
    <Modal open={open} title={title} onClose={onCancel}>
      <p className="text-slate-700">{message}</p>
      <div className="mt-5 flex justify-end gap-2">
        <button type="button" autoFocus onClick={onCancel} className="rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50">
          {cancelLabel}
        </button>
        <button type="button" onClick={onConfirm} className="rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800">
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
