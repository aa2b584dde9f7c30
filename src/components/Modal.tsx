import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  open: boolean;
  title: string;
  onClose: () => void;
  /**
   * While the dialog's work runs (saving, sending), Escape does nothing: closing would hide a
   * request whose answer then lands in a dialog nobody sees. The dialog's own buttons are
   * disabled meanwhile; it closes when the work is done.
   */
  busy?: boolean;
  children: ReactNode;
}

/** A modal in the native <dialog>: focus kept inside, Escape closes (unless busy), focus returns on close. */
export function Modal({ open, title, onClose, busy = false, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  const closed = () => {
    if (!open) return;
    // A browser may close the dialog despite the refused Escape (Chrome does on a repeated
    // Escape without a user action in between): show it again, so page and dialog agree.
    if (busy) dialog.current?.showModal();
    else onClose();
  };
  return (
    <dialog ref={dialog} aria-labelledby={titleId} onCancel={(event) => busy && event.preventDefault()} onClose={closed}
      className="m-auto w-[min(32rem,calc(100vw-1.5rem))] max-w-none rounded-xl p-0 shadow-xl backdrop:bg-slate-900/40">
      {open && (
        <div className="max-h-[85dvh] overflow-y-auto p-5">
          {/* A title of the office's (a notice's) may hold a word longer than a phone is wide. */}
          <h2 id={titleId} className="text-lg font-semibold text-slate-900 wrap-anywhere">{title}</h2>
          <div className="mt-3">{children}</div>
        </div>
      )}
    </dialog>
  );
}
