/**
 * How a family that owes money pays it: by transfer (the SEPA block and its QR code), or, with
 * an active direct debit mandate, not at all by hand: the amount is collected from the account
 * the dashboard names, on the date the office announced once it has, and the transfer details
 * stay one tap away. After the bank returned the family's latest debit, or while its mandate is
 * paused, the family pays by transfer; a paused mandate is confirmed on the family page. Where
 * the school offers direct debit and the family has no mandate, a link opens the form there.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDirectDebit } from '../data/useDirectDebit';
import { duePayment } from '../domain/debits';
import type { Member } from '../domain/types';
import { todayIso } from '../lib/schoolClock';
import { useFamilyScope } from '../routing/familyScope';
import { paths } from '../routing/paths';
import { SepaPayment } from './SepaPayment';
import { useDebitTexts } from './useDebitTexts';

const GIVE_MANDATE = 'directDebit=give';
const linkClass = 'inline-flex min-h-11 items-center font-medium text-teal-800 underline underline-offset-2 hover:text-teal-900';
const noteClass = 'rounded-lg px-3 py-2 text-sm wrap-anywhere';

export function AmountDue({ member, amount }: { member: Member; amount: number }) {
  const { t } = useTranslation();
  const { to } = useFamilyScope();
  const texts = useDebitTexts();
  const { state } = useDirectDebit(member.id);
  // Keyed, in a fragment either way: the QR code stays the same element when the direct debit
  // arrives after it (a remount replaced it under a screenshot of it in a full run).
  const transfer = <SepaPayment key="transfer" amount={amount} reference={member.primaryName} />;
  if (state.status !== 'ready' || !state.offered) return <>{transfer}</>;
  const { returned, way } = duePayment(state.mandates, state.debits, todayIso());

  if (returned || way.kind === 'none' || way.kind === 'paused') {
    return (
      <>
        {returned && <p className={`mt-3 border border-amber-300 bg-amber-50 text-amber-950 ${noteClass}`}>{texts.returned(returned)}</p>}
        {way.kind === 'paused' && (
          <div className={`mt-3 border border-amber-300 bg-amber-50 text-amber-950 ${noteClass}`}>
            <p>{t('finance.directDebitPaused')}</p>
            <Link to={to(paths.family)} className={linkClass}>
              {t('finance.confirmMandateLink')}
            </Link>
          </div>
        )}
        {transfer}
        {way.kind === 'none' && (
          <Link to={`${to(paths.family)}?${GIVE_MANDATE}`} className={`mt-3 ${linkClass}`}>
            {t('finance.offerDirectDebit')}
          </Link>
        )}
      </>
    );
  }
  return (
    <div className="mt-3 space-y-2 text-sm">
      <p className={`bg-teal-50 text-teal-900 ${noteClass}`}>{way.kind === 'announced' ? texts.announced(way.debit, way.mandate) : t('finance.directDebitText', { iban: way.mandate.ibanMasked })}</p>
      <details className="group">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-teal-800 hover:underline">{t('finance.payByTransfer')}</summary>
        {transfer}
      </details>
    </div>
  );
}
