/**
 * The office's optional note to the family, with a decision or a move on a waiting list: the
 * contact form's rules (at most 500 characters, on one line), checked before sending as the
 * function checks them.
 */
import { inputProblem, MAX_LENGTH } from '@family-portal/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
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
