/**
 * "Pay by direct debit" and "Change bank account": the mandate form. The account holder comes
 * prefilled with the member's name; the IBAN may be typed with spaces; the BIC is asked only
 * where SEPA needs it (an IBAN outside the EEA). Where the name holds letters the bank's file
 * cannot carry, the form shows the Latin form the bank will see. The parent agrees with a
 * checkbox and enters the password again (the function requires a fresh sign-in). One attempt
 * id per opened form: sending it again after a lost answer never gives two mandates.
 */
import type { MandateView } from '@family-portal/contract/mandates';
import { accountProblem, holderProblem, mandateReferenceFor, type AccountProblem } from '@family-portal/contract/sepaRules';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { apiErrorKey } from '../../api/errorMessages';
import { giveMandate } from '../../api/mandates';
import { confirmPassword } from '../../auth/authActions';
import { signInErrorKey } from '../../auth/authErrors';
import { Alert } from '../../components/Alert';
import { Modal } from '../../components/Modal';
import { inputClass } from '../../components/PublicLayout';
import { newMandateAttempt } from '../../domain/directDebit';
import type { Member } from '../../domain/types';
import { currentLanguage } from '../../i18n';
import { useLocale } from '../../i18n/useLocale';
import { formatDay, todayIso } from '../../lib/schoolClock';
import { MandateText } from './MandateText';

const ACCOUNT_CODES: Record<AccountProblem, 'iban-invalid' | 'iban-not-sepa' | 'bic-required' | 'bic-invalid'> = {
  ibanInvalid: 'iban-invalid',
  ibanNotSepa: 'iban-not-sepa',
  bicRequired: 'bic-required',
  bicInvalid: 'bic-invalid',
};

interface Props {
  open: boolean;
  member: Member;
  /** The active mandate the new one replaces, if any. */
  replacing: MandateView | null;
  onClose: () => void;
  onGiven: (mandate: MandateView) => void;
}

export function MandateDialog({ open, member, replacing, onClose, onGiven }: Props) {
  const { t, i18n } = useTranslation();
  const locale = useLocale();
  const ids = { holder: useId(), holderHint: useId(), iban: useId(), bic: useId(), bicHint: useId(), agree: useId(), password: useId() };
  const [attempt, setAttempt] = useState(newMandateAttempt);
  const [holder, setHolder] = useState(member.primaryName);
  const [iban, setIban] = useState('');
  const [bic, setBic] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; field?: keyof typeof ids } | null>(null);
  const [bankName, setBankName] = useState<((name: string) => string) | null>(null);

  useEffect(() => {
    if (!open) return;
    setAttempt(newMandateAttempt());
    setHolder(member.primaryName);
    setIban('');
    setBic('');
    setAgreed(false);
    setPassword('');
    setError(null);
    // The Latin forms' tables are large: fetched with the form, not with the page.
    void import('@family-portal/contract/sepaName').then(
      (module) => setBankName(() => module.bankName),
      () => undefined,
    );
  }, [open, member.primaryName]);

  // A valid SEPA IBAN outside the EEA: the only case SEPA asks the BIC for.
  const bicNeeded = accountProblem(iban, '') === 'bicRequired';
  const latin = bankName?.(holder) ?? holder.trim();
  const reference = mandateReferenceFor(member.id, attempt);

  function problem(): { text: string; field?: keyof typeof ids } | null {
    const holderIssue = holderProblem(holder);
    if (holderIssue) return { text: t(`family.directDebit.dialog.holderProblem.${holderIssue}`), field: 'holder' };
    const accountIssue = accountProblem(iban, bicNeeded ? bic : '');
    if (accountIssue) return { text: t(`errors.api.${ACCOUNT_CODES[accountIssue]}`), field: accountIssue.startsWith('bic') ? 'bic' : 'iban' };
    if (!agreed) return { text: t('family.directDebit.dialog.agreeRequired'), field: 'agree' };
    if (!password) return { text: t('family.data.passwordRequired'), field: 'password' };
    return null;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = problem();
    setError(found);
    if (found) return;
    setBusy(true);
    try {
      await confirmPassword(password);
    } catch (caught) {
      setBusy(false);
      setError({ text: t(signInErrorKey(caught)), field: 'password' });
      return;
    }
    try {
      const given = await giveMandate({
        attempt,
        accountHolder: holder.trim(),
        iban,
        ...(bicNeeded && bic.trim() ? { bic: bic.trim() } : {}),
        agreed: true,
        language: currentLanguage(i18n.resolvedLanguage),
      });
      onGiven(given);
    } catch (caught) {
      const code = caught instanceof ApiError ? caught.code : null;
      setError({ text: t(code === 'recent-sign-in-required' ? 'family.data.passwordAgain' : apiErrorKey(caught)) });
    } finally {
      setBusy(false);
    }
  }

  const invalid = (field: keyof typeof ids) => (error?.field === field ? { 'aria-invalid': true as const } : {});
  return (
    <Modal open={open} title={t(replacing ? 'family.directDebit.dialog.titleChange' : 'family.directDebit.dialog.titleGive')} onClose={onClose} busy={busy}>
      <form onSubmit={submit} noValidate className="space-y-3 text-sm">
        {replacing && <p className="text-slate-700">{t('family.directDebit.dialog.replaces', { reference: replacing.id, iban: replacing.ibanMasked })}</p>}
        <div>
          <label htmlFor={ids.holder} className="font-medium text-slate-800">{t('family.directDebit.dialog.holder')}</label>
          <input id={ids.holder} value={holder} onChange={(e) => setHolder(e.target.value)} autoComplete="name" maxLength={100} aria-describedby={ids.holderHint} className={inputClass} {...invalid('holder')} />
          <p id={ids.holderHint} className="mt-1 text-slate-600">
            {latin !== '' && latin !== holder.trim() ? t('family.directDebit.dialog.bankSees', { name: latin }) : t('family.directDebit.dialog.holderHint')}
          </p>
        </div>
        <div>
          <label htmlFor={ids.iban} className="font-medium text-slate-800">{t('family.directDebit.dialog.iban')}</label>
          <input id={ids.iban} value={iban} onChange={(e) => setIban(e.target.value)} autoComplete="off" spellCheck={false} autoCapitalize="characters" inputMode="text" maxLength={50}
            className={`${inputClass} font-mono`} {...invalid('iban')} />
        </div>
        {bicNeeded && (
          <div>
            <label htmlFor={ids.bic} className="font-medium text-slate-800">{t('family.directDebit.dialog.bic')}</label>
            <input id={ids.bic} value={bic} onChange={(e) => setBic(e.target.value)} autoComplete="off" spellCheck={false} autoCapitalize="characters" maxLength={20} aria-describedby={ids.bicHint}
              className={`${inputClass} font-mono`} {...invalid('bic')} />
            <p id={ids.bicHint} className="mt-1 text-slate-600">{t('family.directDebit.dialog.bicHint')}</p>
          </div>
        )}
        <MandateText reference={reference} date={formatDay(todayIso(), locale, 'long')} />
        <label htmlFor={ids.agree} className="flex min-h-11 items-start gap-2 font-medium text-slate-800">
          <input id={ids.agree} type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} className="mt-0.5 h-5 w-5 shrink-0" {...invalid('agree')} />
          <span>{t('family.directDebit.dialog.agree')}</span>
        </label>
        <div>
          <label htmlFor={ids.password} className="font-medium text-slate-800">{t('family.directDebit.dialog.password')}</label>
          <input id={ids.password} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} className={inputClass} {...invalid('password')} />
        </div>
        {error && <Alert tone="error">{error.text}</Alert>}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <button type="button" onClick={onClose} disabled={busy} className="min-h-11 rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50 disabled:opacity-60">
            {t('family.directDebit.dialog.cancel')}
          </button>
          <button type="submit" disabled={busy} aria-busy={busy} className="min-h-11 rounded-md bg-teal-700 px-4 py-2 font-semibold text-white hover:bg-teal-800 disabled:cursor-not-allowed disabled:opacity-60">
            {t(busy ? 'family.directDebit.dialog.submitting' : 'family.directDebit.dialog.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
