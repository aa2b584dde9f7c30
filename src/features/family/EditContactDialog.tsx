import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { updateMemberData } from '../../api/members';
import { Alert } from '../../components/Alert';
import { Modal } from '../../components/Modal';
import { inputClass } from '../../components/PublicLayout';
import type { Member } from '../../domain/types';
import {
  changedFields,
  CONTACT_FIELDS,
  formFromMember,
  MAX_LENGTH,
  problemMessage,
  SAVE_PROGRESS_KEYS,
  SAVE_PROGRESS_MS,
  saveErrorMessage,
  type ContactField,
  type ContactForm,
  type FormProblem,
} from './contactForm';

interface Props {
  member: Member;
  open: boolean;
  onClose: () => void;
  onSaved: (member: Member) => void;
}

/** Edits the contact data; sends only what changed; the e-mail cannot be changed. */
export function EditContactDialog({ member, open, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const [form, setForm] = useState<ContactForm>(() => formFromMember(member));
  const [error, setError] = useState<FormProblem | null>(null);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState(0);
  const base = useId();
  const ids = Object.fromEntries([...CONTACT_FIELDS, 'email'].map((field) => [field, `${base}-${field}`])) as Record<ContactField | 'email', string>;

  useEffect(() => {
    if (open) {
      setForm(formFromMember(member));
      setError(null);
    }
  }, [open, member]);

  // The progress message changes every 2 s while saving.
  useEffect(() => {
    if (!saving) return;
    setProgress(0);
    const timer = setInterval(() => setProgress((step) => Math.min(step + 1, SAVE_PROGRESS_KEYS.length - 1)), SAVE_PROGRESS_MS);
    return () => clearInterval(timer);
  }, [saving]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = changedFields(member, form);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const updated = await updateMemberData(result.updates);
      onSaved(updated);
      onClose();
    } catch (caught) {
      setError(saveErrorMessage(caught));
    } finally {
      setSaving(false);
    }
  }

  const invalidField = error && 'field' in error ? error.field : undefined;
  // Every field is one line in AppSheet, the address too, so none offers line breaks.
  const field = (name: ContactField, autoComplete: string) => (
    <div>
      <label htmlFor={ids[name]} className="text-sm font-medium text-slate-800">
        {t(`family.fields.${name}`)}
        {name === 'primaryName' && <span aria-hidden="true"> *</span>}
      </label>
      <input id={ids[name]} value={form[name]} autoComplete={autoComplete} disabled={saving} required={name === 'primaryName'}
        maxLength={MAX_LENGTH[name]} aria-invalid={invalidField === name || undefined}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })} className={inputClass} />
    </div>
  );

  return (
    <Modal open={open} title={t('family.edit.title')} onClose={onClose} busy={saving}>
      <form onSubmit={submit} noValidate className="space-y-3">
        {field('primaryName', 'name')}
        {field('secondaryName', 'off')}
        <div>
          <label htmlFor={ids.email} className="text-sm font-medium text-slate-800">{t('family.fields.primaryEmail')}</label>
          <input id={ids.email} value={member.primaryEmail} readOnly aria-describedby={`${ids.email}-hint`} className={`${inputClass} bg-slate-100 text-slate-600`} />
          <p id={`${ids.email}-hint`} className="mt-1 text-xs text-slate-600">{t('family.edit.emailReadOnly')}</p>
        </div>
        {field('phone', 'tel')}
        {field('phone2', 'tel')}
        {field('address', 'street-address')}
        {error && <Alert tone="error">{problemMessage(t, error)}</Alert>}
        {saving && <p role="status" className="text-sm text-slate-700">{t(SAVE_PROGRESS_KEYS[progress]!)}</p>}
        <div className="flex justify-end gap-2 pt-2">
          <button type="button" onClick={onClose} disabled={saving} className="rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50 disabled:opacity-60">
            {t('family.edit.cancel')}
          </button>
          <button type="submit" disabled={saving} className="rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 disabled:opacity-60">
            {t(saving ? 'family.edit.saving' : 'family.edit.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
