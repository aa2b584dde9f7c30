/**
 * The reason the families read when the office cancels a lesson or closes the school: a short text
 * with the contact form's input rules, checked before anything is sent.
 */
import { MAX_LENGTH } from '@family-portal/contract';
import { inputProblem } from '@family-portal/contract/contactInput';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { INPUT_PROBLEM_KEYS } from '../../../i18n/inputProblems';

/** The form fields' look in the notices tab. */
export const FIELD_CLASS = 'block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-slate-900';

/** Why the reason (trimmed) cannot be sent, in words, or null. */
export function reasonProblem(reason: string, t: TFunction): string | null {
  if (!reason) return t('admin.notices.cancel.problem.noReason');
  const problem = inputProblem('lessonCancelledReason', reason);
  return problem ? t(INPUT_PROBLEM_KEYS[problem], { field: t('family.validation.reasonField'), max: MAX_LENGTH.lessonCancelledReason }) : null;
}

export function ReasonField({ id, value, disabled, onChange }: { id: string; value: string; disabled: boolean; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="font-medium text-slate-800">{t('admin.notices.cancel.reason')}</label>
      <textarea id={id} rows={2} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)} aria-describedby={`${id}-hint`} className={FIELD_CLASS} />
      <p id={`${id}-hint`} className="text-slate-600">{t('admin.notices.cancel.reasonHint', { max: MAX_LENGTH.lessonCancelledReason })}</p>
    </div>
  );
}
