import { useEffect, useId, useRef, type ReactNode } from 'react';

/** A modal in the native <dialog>: focus kept inside, Escape closes, focus returns on close. */
export function Modal({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog ref={dialog} aria-labelledby={titleId} onClose={() => open && onClose()}
      className="m-auto w-[min(32rem,calc(100vw-1.5rem))] max-w-none rounded-xl p-0 shadow-xl backdrop:bg-slate-900/40">
      {open && (
        <div className="max-h-[85dvh] overflow-y-auto p-5">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">{title}</h2>
          <div className="mt-3">{children}</div>
        </div>
      )}
    </dialog>
  );
}
