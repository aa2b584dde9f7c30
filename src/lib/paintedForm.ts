/**
 * What a parent types into the pre-rendered login page (tools/prerender.ts) before the app has
 * taken it over. Hydrated, the page keeps its fields and their text. Rendered afresh (the app's
 * language differs from the page's, or hydration failed), React replaces the fields with new ones
 * when it commits; until that moment the parent may go on typing into the old ones. So the old
 * fields are kept here, and the new form takes their text, caret and focus in the same task as the
 * commit (a layout effect), before the browser handles another key.
 */

interface PaintedForm {
  fields: Map<string, HTMLInputElement>;
  /** The named field that last had the focus, if any. */
  focused: HTMLInputElement | null;
}

let painted: PaintedForm | null = null;

/** Called once, before React renders into `root`: remembers its named fields and the focus among them. */
export function keepPaintedForm(root: HTMLElement): void {
  const fields = new Map<string, HTMLInputElement>();
  for (const input of root.querySelectorAll<HTMLInputElement>('input[name]')) fields.set(input.name, input);
  if (fields.size === 0) return;
  const form: PaintedForm = { fields, focused: null };
  const active = document.activeElement;
  if (active instanceof HTMLInputElement && fields.get(active.name) === active) form.focused = active;
  root.addEventListener('focusin', (event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement && fields.get(target.name) === target) form.focused = target;
  });
  painted = form;
}

/** The caret of a field whose type has one (a password field has, an e-mail field has not). */
function caretOf(input: HTMLInputElement): [number, number] | null {
  const { selectionStart, selectionEnd } = input;
  return selectionStart === null || selectionEnd === null ? null : [selectionStart, selectionEnd];
}

const nothingFocused = () => document.activeElement === null || document.activeElement === document.body;

/**
 * Gives the fields of `form` what the painted page's fields of the same name hold, where React
 * made new ones, and the focus and caret where they were. Returns whether anything had been typed.
 * Only the first call does something: later forms are the app's own.
 */
export function adoptPaintedForm(form: HTMLFormElement): boolean {
  const kept = painted;
  painted = null;
  if (!kept) return false;
  let typed = false;
  for (const [name, old] of kept.fields) {
    const field = form.elements.namedItem(name);
    if (!(field instanceof HTMLInputElement)) continue;
    if (field !== old && old.value) field.value = old.value;
    if (field.value) typed = true;
  }
  const { focused } = kept;
  if (focused && !focused.isConnected && nothingFocused()) {
    const field = form.elements.namedItem(focused.name);
    if (field instanceof HTMLInputElement) {
      field.focus();
      const caret = caretOf(focused);
      if (caret) field.setSelectionRange(...caret);
    }
  }
  return typed;
}
