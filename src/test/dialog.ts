/**
 * Escape on a modal <dialog> as a browser handles it (jsdom does not): a cancelable `cancel`
 * event, and the dialog closes unless a handler prevented it.
 */
export function pressEscape(dialog: HTMLElement): void {
  const cancel = new Event('cancel', { cancelable: true });
  dialog.dispatchEvent(cancel);
  if (!cancel.defaultPrevented) (dialog as HTMLDialogElement).close();
}
