/**
 * How a family that owes money pays it: by transfer (the SEPA block and its QR code), or, with
 * an active direct debit mandate, not at all by hand: the amount is collected from the account
 * the dashboard names, and the transfer details stay one tap away. Where the school offers direct
 * debit and the family has no mandate, a link opens the form on the family page.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDirectDebit } from '../data/useDirectDebit';
import type { Member } from '../domain/types';
import { useFamilyScope } from '../routing/familyScope';
import { paths } from '../routing/paths';
import { SepaPayment } from './SepaPayment';

const GIVE_MANDATE = 'directDebit=give';

export function AmountDue({ member, amount }: { member: Member; amount: number }) {
  const { t } = useTranslation();
  const { to } = useFamilyScope();
  const { state } = useDirectDebit(member.id);
  const transfer = <SepaPayment amount={amount} reference={member.primaryName} />;
  if (state.status !== 'ready' || !state.offered) return transfer;
  if (!state.active) {
    return (
      <>
        {transfer}
        <Link to={`${to(paths.family)}?${GIVE_MANDATE}`} className="mt-3 inline-flex min-h-11 items-center font-medium text-teal-800 underline underline-offset-2 hover:text-teal-900">
          {t('finance.offerDirectDebit')}
        </Link>
      </>
    );
  }
  return (
    <div className="mt-3 space-y-2 text-sm">
      <p className="rounded-lg bg-teal-50 px-3 py-2 text-teal-900 wrap-anywhere">{t('finance.directDebitText', { iban: state.active.ibanMasked })}</p>
      <details className="group">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-teal-800 hover:underline">{t('finance.payByTransfer')}</summary>
        {transfer}
      </details>
    </div>
  );
}
