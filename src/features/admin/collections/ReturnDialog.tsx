/**
 * Recording that the bank returned a debit: the reason code from its statement, picked from the
 * common ones with what each means, or typed as the bank gave it. After MD01 or MD06 the family's
 * mandate is suspended (the functions do it), which the dialog says before it is recorded.
 */
import { RETURN_REASONS, SUSPENDING_REASONS } from '@family-portal/contract';
import type { TFunction } from 'i18next';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { recordDebitReturn } from '../../../api/officeCollections';
import { Alert } from '../../../components/Alert';
import { Modal } from '../../../components/Modal';
import { formatCents, returnCodeOf, type DebitRow } from '../../../domain/collections';
import { useLocale } from '../../../i18n/useLocale';
import { collectionErrorText } from './collectionErrors';
import { FIELD_CLASS } from './NewRun';

type KnownReason = (typeof RETURN_REASONS)[number];
const isKnown = (code: string): code is KnownReason => (RETURN_REASONS as readonly string[]).includes(code);
/** The select's choice that opens the field for a code of the bank's own. */
const OTHER = 'other';

/** "AM04: insufficient funds"; a code the portal does not name, as it is. */
export function reasonText(code: string, t: TFunction): string {
  return isKnown(code) ? t('admin.collections.return.option', { code, reason: t(`admin.collections.return.reasons.${code}`) }) : code;
}

interface Props {
  row: DebitRow | null;
  onClose: () => void;
  onDone: (text: string) => void;
}

export function ReturnDialog({ row, onClose, onDone }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const [choice, setChoice] = useState<string>('');
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setChoice('');
    setTyped('');
    setProblem(null);
    setError(null);
  }, [row]);

  const code = choice === OTHER ? returnCodeOf(typed) : choice || null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!row || busy) return;
    if (!code) {
      setProblem(t(choice === OTHER ? 'admin.collections.return.codeInvalid' : 'admin.collections.return.choose'));
      return;
    }
    setProblem(null);
    setError(null);
    setBusy(true);
    try {
      await recordDebitReturn(row.debit.id, code);
      onDone(t('admin.collections.return.done', { name: row.name, id: row.debit.memberId, reason: reasonText(code, t) }));
    } catch (caught) {
      setError(t('admin.collections.return.failed', { message: collectionErrorText(caught, t, locale) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={row !== null} busy={busy} onClose={onClose} title={t('admin.collections.return.title')}>
      {row && (
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3 text-sm">
          <p className="break-words text-slate-800">{t('admin.collections.return.intro', { name: row.name, id: row.debit.memberId, amount: formatCents(row.cents, locale), endToEndId: row.debit.id })}</p>
          <div className="space-y-1">
            <label htmlFor={`${id}-reason`} className="font-medium text-slate-800">{t('admin.collections.return.reason')}</label>
            <select id={`${id}-reason`} value={choice} disabled={busy} onChange={(event) => setChoice(event.target.value)} className={FIELD_CLASS}>
              <option value="">{t('admin.collections.return.choosePlaceholder')}</option>
              {RETURN_REASONS.map((reason) => <option key={reason} value={reason}>{reasonText(reason, t)}</option>)}
              <option value={OTHER}>{t('admin.collections.return.other')}</option>
            </select>
          </div>
          {choice === OTHER && (
            <div className="space-y-1">
              <label htmlFor={`${id}-code`} className="font-medium text-slate-800">{t('admin.collections.return.code')}</label>
              <input id={`${id}-code`} type="text" value={typed} disabled={busy} maxLength={8} autoCapitalize="characters" autoComplete="off" spellCheck={false}
                onChange={(event) => setTyped(event.target.value)} aria-describedby={`${id}-code-hint`} className={`${FIELD_CLASS} uppercase`} />
              <p id={`${id}-code-hint`} className="text-slate-600">{t('admin.collections.return.codeHint')}</p>
            </div>
          )}
          {code && SUSPENDING_REASONS.includes(code) && <Alert tone="warning">{t('admin.collections.return.suspends', { code })}</Alert>}
          {problem && <Alert tone="error">{problem}</Alert>}
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex flex-wrap justify-end gap-2 pt-1">
            <button type="button" onClick={onClose} disabled={busy} className="rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50 disabled:opacity-60">
              {t('admin.controls.cancel')}
            </button>
            <button type="submit" disabled={busy} className="rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 disabled:opacity-60">
              {busy ? t('admin.collections.return.saving') : t('admin.collections.return.save')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
