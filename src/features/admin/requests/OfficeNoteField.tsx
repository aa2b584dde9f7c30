/**
 * The office's optional note to the family, with a decision or a move on a waiting list: the
 * contact form's rules (at most 500 characters, on one line), checked before sending as the
 * function checks them.
 */
import { inputProblem, MAX_LENGTH } from '@family-portal/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorKey } from '../../../api/errorMessages';
import { Alert } from '../../../components/Alert';
import { INPUT_PROBLEM_KEYS } from '../../../i18n/inputProblems';

/** The note as sent (trimmed), or why it cannot be. */
export function useOfficeNoteCheck() {
  const { t } = useTranslation();
  return (note: string): { note: string; problem: string | null } => {
    const trimmed = note.trim();
    const problem = inputProblem('officeNote', trimmed);
    return { note: trimmed, problem: problem && t(INPUT_PROBLEM_KEYS[problem], { field: t('admin.requests.decide.noteField'), max: MAX_LENGTH.officeNote }) };
  };
}

/**
 * A dialog's form around the note: cleared whenever the dialog is asked again, checked before
 * sending, sent once however often it is clicked (the state reaches the buttons with the next
 * render), and on a failure left open with `failedKey`'s text and nothing changed.
 */
export function useOfficeNoteForm<A>(asked: A | null, { send, failedKey, onBusy }: { send: (asked: A, note: string) => Promise<void>; failedKey: 'admin.requests.decide.failed' | 'admin.requests.waiting.failed'; onBusy: (busy: boolean) => void }) {
  const { t } = useTranslation();
  const checkNote = useOfficeNoteCheck();
  const [note, setNote] = useState('');
  const [error, setError] = useState<{ text: string; note: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  useEffect(() => {
    if (!asked) return;
    setNote('');
    setError(null);
  }, [asked]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!asked || sending.current) return;
    const { note: trimmed, problem } = checkNote(note);
    if (problem) return setError({ text: problem, note: true });
    sending.current = true;
    setBusy(true);
    onBusy(true);
    setError(null);
    try {
      await send(asked, trimmed);
    } catch (caught) {
      setError({ text: t(failedKey, { message: t(apiErrorKey(caught)) }), note: false });
    } finally {
      sending.current = false;
      setBusy(false);
      onBusy(false);
    }
  }
  return { note, setNote, error, busy, submit };
}

/**
 * How both of the office's note dialogs end: the note, the form's error, Cancel and the button
 * that sends (`danger`: red, for taking a family off the waiting list).
 */
export function OfficeNoteFormEnd({ form, onClose, submitLabel, danger = false }: {
  form: Pick<ReturnType<typeof useOfficeNoteForm>, 'note' | 'setNote' | 'error' | 'busy'>;
  onClose: () => void;
  submitLabel: string;
  danger?: boolean;
}) {
  const { t } = useTranslation();
  const { note, setNote, error, busy } = form;
  return (
    <>
      <OfficeNoteField value={note} onChange={setNote} disabled={busy} invalid={error?.note ?? false} />
      {error && <Alert tone="error">{error.text}</Alert>}
      <div className="flex flex-wrap justify-end gap-2 pt-1">
        <button type="button" onClick={onClose} disabled={busy} className="rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50 disabled:opacity-60">
          {t('admin.controls.cancel')}
        </button>
        <button type="submit" disabled={busy} className={`rounded-md px-4 py-2 font-semibold text-white disabled:opacity-60 ${danger ? 'bg-red-700 hover:bg-red-800' : 'bg-teal-700 hover:bg-teal-800'}`}>
          {busy ? t('admin.requests.decide.sending') : submitLabel}
        </button>
      </div>
    </>
  );
}

interface Props {
  value: string;
  onChange: (note: string) => void;
  disabled: boolean;
  /** The note's own problem is shown: the field says so to a screen reader. */
  invalid: boolean;
}

export function OfficeNoteField({ value, onChange, disabled, invalid }: Props) {
  const { t } = useTranslation();
  const noteId = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={noteId} className="font-medium text-slate-800">{t('admin.requests.decide.note')}</label>
      <textarea id={noteId} rows={3} value={value} onChange={(event) => onChange(event.target.value)} disabled={disabled}
        aria-describedby={`${noteId}-hint`} aria-invalid={invalid || undefined}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900" />
      <p id={`${noteId}-hint`} className="text-slate-600">{t('admin.requests.decide.noteHint', { max: MAX_LENGTH.officeNote })}</p>
    </div>
  );
}
