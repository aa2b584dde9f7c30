import { useEffect, useRef } from 'react';

interface Props {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A confirmation in the native <dialog>: modal, focus kept inside, Escape cancels, focus
 * returns to the button that opened it.
 */
export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel, onConfirm, onCancel }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog ref={dialog} onCancel={onCancel} onClose={() => open && onCancel()} aria-labelledby="confirm-title"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] max-w-none rounded-xl p-0 shadow-xl backdrop:bg-slate-900/40">
      {open && (
        <div className="p-5">
          <h2 id="confirm-title" className="text-lg font-semibold">{title}</h2>
          <p className="mt-2 text-slate-700">{message}</p>
          <div className="mt-5 flex justify-end gap-2">
            <button type="button" autoFocus onClick={onCancel} className="rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50">
              {cancelLabel}
            </button>
            <button type="button" onClick={onConfirm} className="rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800">
              {confirmLabel}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
